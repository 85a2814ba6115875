import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ALL_ACCESS } from '../../../../../src/shared/access';
import { pilotMessages } from '../../../../../src/shared/messages';
import { PILOT_FRAME_NAME } from '../../../../../src/shared/pilotFrame';
import { pilotTexts } from '../../../../../src/shared/pilotTexts';
import { pilotWarningTexts } from '../../../../../src/shared/messages/pilotWarnings';
import { newEmaSetting } from '../../../../../src/shared/study/assessmentSettings';
import { keepPilotSession } from '../../../../../src/client/features/studies/pilot/pilotSessions';
import { labUserSession } from '../../../support/fixtures';
import { mockApi, type MockApi } from '../../../support/mockApi';
import { renderWithProviders, signedIn } from '../../../testUtils';
import { group, stage, study } from '../studyFixtures';
import { created, pilot, plan, prompt } from './pilotFixtures';

const HONG_KONG = 'Asia/Hong_Kong';
const hongKongStudy = study({ stage_list: [stage(1, { participant_group_list: [group(1, 1, { ema_list: [newEmaSetting(HONG_KONG)] })] })] });

let net: MockApi;
beforeEach(() => {
  sessionStorage.clear();
  net = mockApi()
    .on('GET', '/api/pilots/p1', { status: 200, data: pilot() })
    .on('GET', '/api/studies/s1', { status: 200, data: hongKongStudy })
    .on('GET', '/api/studies/s1/pilot-warnings', { status: 200, data: { warnings: [] } });
});
afterEach(() => net.restore());

function open() {
  return renderWithProviders(undefined, {
    route: '/studies/s1/pilot/p1',
    preloadedState: { auth: { ...signedIn({ labUser: labUserSession() }), allAccess: [...ALL_ACCESS] } },
  });
}

describe('PilotPage (/studies/{studyId}/pilot/{pilotId})', () => {
  it("shows the pilot's now in the study setting's zone and its plan with each prompt's state", async () => {
    open();
    await screen.findByRole('heading', { name: pilotTexts.pageTitle });
    expect(await screen.findByText('2030-03-04 12:30 AM GMT+8')).toBeInTheDocument();
    const rows = screen.getAllByTestId('pilot-plan-row');
    expect(rows.map((r) => within(r).getAllByRole('cell').map((c) => c.textContent))).toEqual([
      ['Mood Now', 'EMA prompt', '2030-03-04 09:00 AM GMT+8', 'Planned'],
      ['Mood Now', 'Reminder', '2030-03-04 09:05 AM GMT+8', 'Planned'],
      ['Mood Now', 'EMA prompt', '2030-03-04 01:00 PM GMT+8', 'Planned'],
    ]);
    // The warnings before launch come below the plan.
    await screen.findByRole('heading', { name: new RegExp(pilotWarningTexts.heading) });
    expect(await screen.findByText(pilotWarningTexts.none)).toBeInTheDocument();
  });

  it('opens the app in a phone frame with the kept session handed over by message, never in its address', async () => {
    keepPilotSession('p1', created().session);
    open();
    const frame = await screen.findByTitle(pilotTexts.frameTitle);
    expect(frame).toHaveAttribute('name', PILOT_FRAME_NAME);
    expect(frame.getAttribute('src')).toBe('/app/studies/s1');
  });

  it('says how to get a frame when this tab has no session of the pilot', async () => {
    open();
    expect(await screen.findByText(pilotTexts.noSession)).toBeInTheDocument();
  });

  it('moves the clock with each control and shows the plan the server answers', async () => {
    const moved = pilot({ clock: { now: '2030-03-04T01:00:00.000Z', offset_ms: 2000 } });
    net.on('POST', '/api/pilots/p1/clock', { status: 200, data: moved });
    open();
    await screen.findByText('2030-03-04 12:30 AM GMT+8');
    await userEvent.click(screen.getByRole('button', { name: pilotTexts.toNextPrompt }));
    expect(await screen.findByText('2030-03-04 09:00 AM GMT+8', { selector: '[data-testid="pilot-now"]' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: pilotTexts.plusHour }));
    await userEvent.click(screen.getByRole('button', { name: pilotTexts.plusDay }));
    await userEvent.type(screen.getByLabelText(`${pilotTexts.momentLabel} (${HONG_KONG})`), '2030-03-05T13:30');
    await userEvent.click(screen.getByRole('button', { name: pilotTexts.moveTo }));
    await waitFor(() => expect(net.sentTo('POST', '/api/pilots/p1/clock')).toHaveLength(4));
    expect(net.sentTo('POST', '/api/pilots/p1/clock').map((r) => r.body)).toEqual([
      { advance: 'next_prompt' },
      { advance: 'hour' },
      { advance: 'day' },
      // A wall time in the study's zone.
      { to: '2030-03-05T05:30:00.000Z' },
    ]);
  });

  it("shows the server's message beside the clock when it refuses to go back", async () => {
    net.on('POST', '/api/pilots/p1/clock', { status: 409, data: { message: pilotMessages.clockBack } });
    open();
    await screen.findByText('2030-03-04 12:30 AM GMT+8');
    await userEvent.type(screen.getByLabelText(`${pilotTexts.momentLabel} (${HONG_KONG})`), '2020-01-01T09:00');
    await userEvent.click(screen.getByRole('button', { name: pilotTexts.moveTo }));
    expect(await screen.findByRole('alert')).toHaveTextContent(pilotMessages.clockBack);
    expect(screen.getByText('2030-03-04 12:30 AM GMT+8')).toBeInTheDocument();
  });

  it('says a follow-up is one, its reminders too, not an EMA prompt', async () => {
    const followup = prompt('f1', '2030-03-04T02:00:00.000Z', { followup: true });
    net.on('GET', '/api/pilots/p1', { status: 200, data: pilot({ plan: [...plan, followup, prompt('f2', '2030-03-04T02:05:00.000Z', { followup: true, prompt_id: 'f1' })] }) });
    open();
    await screen.findByText('2030-03-04 10:00 AM GMT+8');
    const kinds = screen.getAllByTestId('pilot-plan-row').map((r) => within(r).getAllByRole('cell')[1].textContent);
    expect(kinds).toEqual(['EMA prompt', 'Reminder', pilotTexts.followupKind, pilotTexts.followupReminderKind, 'EMA prompt']);
  });

  it('says so when there is no task in the stage and group', async () => {
    net.on('GET', '/api/pilots/p1', { status: 200, data: pilot({ plan: [] }) });
    open();
    expect(await screen.findByText(pilotTexts.emptyPlan)).toBeInTheDocument();
  });

  it('asks before Reset pilot and resets only when confirmed', async () => {
    net.on('POST', '/api/pilots/p1/reset', { status: 200, data: pilot({ plan: [] }) });
    open();
    await screen.findAllByTestId('pilot-plan-row');
    await userEvent.click(screen.getByRole('button', { name: pilotTexts.reset }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(pilotTexts.resetQuestion);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(net.sentTo('POST', '/api/pilots/p1/reset')).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: pilotTexts.reset }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: pilotTexts.reset }));
    expect(await screen.findByText(pilotMessages.pilotReset)).toBeInTheDocument();
    expect(await screen.findByText(pilotTexts.emptyPlan)).toBeInTheDocument();
    expect(net.sentTo('POST', '/api/pilots/p1/reset')).toHaveLength(1);
  });
});
