// Study Progress's "Needs attention": the study's participants under its alert thresholds with the reasons in the
// digest's words, before any stage or group is chosen; none; alerts off; a failed call shown in its place.
import { screen, within } from '@testing-library/react';
import { attentionTexts, reasonText, type AttentionAnswer } from '../../../../../src/shared/adherence';
import { mockApi, type MockApi } from '../../../support/mockApi';
import { twoStageStudy } from '../participantFixtures';
import { openPage } from '../support';

const ATTENTION = '/api/participants/s1/attention';
const ROUTE = '/participants/check_progress/s1';

const listed: AttentionAnswer = {
  adherenceAlerts: true,
  participants: [
    { participantId: 'p1', participantCode: 'LOW111', email: 'low@example.org', reasons: [{ kind: 'lowResponse', answered: 1, prompts: 6, thresholdPercent: 50 }] },
    {
      participantId: 'p2',
      participantCode: 'GONE22',
      email: 'gone@example.org',
      reasons: [
        { kind: 'lowResponse', answered: 0, prompts: 6, thresholdPercent: 50 },
        { kind: 'silent', lastSeenAt: '2030-03-01T00:00:00.000Z', hours: 50, thresholdHours: 24 },
      ],
    },
  ],
};

let net: MockApi;
beforeEach(() => {
  net = mockApi().on('GET', '/api/studies/s1', { status: 200, data: twoStageStudy });
});
afterEach(() => net.restore());

const section = async () => (await screen.findByRole('heading', { name: attentionTexts.title })).parentElement as HTMLElement;

describe('Needs attention on Study Progress', () => {
  it('lists each participant with the reasons, before a stage and group are chosen', async () => {
    net.on('GET', ATTENTION, { status: 200, data: listed });
    openPage(ROUTE);
    const list = await section();
    const items = within(list).getAllByRole('listitem').map((li) => li.textContent);
    expect(items).toEqual([
      `LOW111 (low@example.org): ${reasonText(listed.participants[0].reasons[0])}`,
      `GONE22 (gone@example.org): ${listed.participants[1].reasons.map(reasonText).join('; ')}`,
    ]);
    expect(items[1]).toContain('App not seen for 50 hours');
  });

  it('says when nobody needs attention, and when the alerts are off', async () => {
    net.on('GET', ATTENTION, { status: 200, data: { adherenceAlerts: false, participants: [] } });
    openPage(ROUTE);
    const list = await section();
    expect(within(list).getByText(attentionTexts.none)).toBeInTheDocument();
    expect(within(list).getByText(attentionTexts.alertsOff)).toBeInTheDocument();
  });

  it('shows a failed call in its place', async () => {
    net.on('GET', ATTENTION, { status: 404, data: { message: 'Study not found' } });
    openPage(ROUTE);
    expect(await screen.findByRole('alert')).toHaveTextContent(`${attentionTexts.title}: Study not found`);
  });
});
