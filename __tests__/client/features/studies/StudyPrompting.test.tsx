// Edit Study's prompting choice (issue 33), for both kinds of staff through the one study stack: read with the
// caller's call, changed and saved on its own, the shared rule's message at the field before any call, and
// read-only without the basic-information entry.
import { screen, within } from '@testing-library/react';
import { ALL_ACCESS, type AccessEntry } from '../../../../src/shared/access';
import { promptingMessages } from '../../../../src/shared/messages';
import { labUserSession, ownerSession } from '../../support/fixtures';
import { mockApi, type MockApi } from '../../support/mockApi';
import { renderWithProviders, signedIn } from '../../testUtils';
import { DEFAULT_PROMPTING, LAB_QUESTIONNAIRES, mockNotLive, mockQuestionnaireList } from './editorHarness';
import { accessWithout, study } from './studyFixtures';

jest.setTimeout(30_000);

let net: MockApi;
afterEach(() => net.restore());

async function openAsLabUser(allAccess: AccessEntry[] = [...ALL_ACCESS]) {
  net = mockQuestionnaireList(mockApi().on('GET', '/api/studies/s1', { status: 200, data: study() }));
  mockNotLive(net, '/api/studies/s1');
  const rendered = renderWithProviders(undefined, {
    route: '/studies/s1/edit',
    preloadedState: { auth: { ...signedIn({ labUser: labUserSession() }), allAccess } },
  });
  await screen.findByRole('heading', { name: 'Edit Study' });
  await screen.findByRole('group', { name: promptingMessages.heading });
  return rendered;
}

const OWNER = '/api/studies/systemowner';

async function openAsOwner() {
  net = mockApi()
    .on('GET', `${OWNER}/s1`, { status: 200, data: study() })
    .on('POST', '/api/qx_list/systemowner?pageNumber=1', { status: 200, data: { qx_list: LAB_QUESTIONNAIRES.slice(0, 10), pages: 1, page: 1 } });
  mockNotLive(net, `${OWNER}/s1`);
  const rendered = renderWithProviders(undefined, {
    route: '/systemowner/studies/s1/m1/edit',
    preloadedState: { auth: { ...signedIn({ systemOwner: ownerSession() }), allAccess: [] } },
  });
  await screen.findByRole('heading', { name: 'Edit Study' }, { timeout: 10_000 });
  await screen.findByRole('group', { name: promptingMessages.heading });
  return rendered;
}

describe('Edit Study: prompting', () => {
  it('shows the study’s choice in Basic Information and saves a change on its own', async () => {
    const { user } = await openAsLabUser();
    const basic = screen.getByRole('region', { name: 'Basic Information' });
    const fallback = within(basic).getByLabelText(promptingMessages.emailFallbackLabel);
    expect(fallback).toBeChecked();
    expect(within(basic).getByLabelText(promptingMessages.emailAfterMinutesLabel)).toHaveValue(2);
    expect(within(basic).getByLabelText(promptingMessages.alertPromptsLabel)).toHaveValue(6);
    const minutes = within(basic).getByLabelText(promptingMessages.emailAfterMinutesLabel);
    await user.clear(minutes);
    await user.type(minutes, '10');
    await user.click(within(basic).getByLabelText(promptingMessages.adherenceAlertsLabel));
    const saved = { ...DEFAULT_PROMPTING, emailAfterMinutes: 10, adherenceAlerts: false };
    net.on('PUT', '/api/studies/s1/prompting', { status: 200, data: saved });
    await user.click(screen.getByRole('button', { name: promptingMessages.save }));
    expect(await screen.findByText(promptingMessages.saved)).toBeInTheDocument();
    expect(net.sentTo('PUT', '/api/studies/s1/prompting')[0].body).toEqual(saved);
    // Only the prompting went.
    expect(net.sent.filter((r) => r.method === 'PUT').map((r) => r.url)).toEqual(['/api/studies/s1/prompting']);
    // With alerts off their thresholds cannot be typed in.
    expect(within(basic).getByLabelText(promptingMessages.alertSilentHoursLabel)).toBeDisabled();
  });

  it(`refuses minutes over 60 at the field before any call: '${promptingMessages.emailAfterMinutesRange}'`, async () => {
    const { user } = await openAsLabUser();
    const minutes = screen.getByLabelText(promptingMessages.emailAfterMinutesLabel);
    await user.clear(minutes);
    await user.type(minutes, '61');
    await user.click(screen.getByRole('button', { name: promptingMessages.save }));
    expect(screen.getByText(promptingMessages.emailAfterMinutesRange)).toBeInTheDocument();
    expect(minutes).toHaveFocus();
    expect(net.sentTo('PUT', '/api/studies/s1/prompting')).toEqual([]);
  });

  it('shows the server’s refusal in the red alert', async () => {
    const { user } = await openAsLabUser();
    net.on('PUT', '/api/studies/s1/prompting', { status: 400, data: { message: promptingMessages.alertPromptsRange } });
    await user.click(screen.getByRole('button', { name: promptingMessages.save }));
    expect(await screen.findByRole('alert')).toHaveTextContent(promptingMessages.alertPromptsRange);
    expect(screen.queryByText(promptingMessages.saved)).not.toBeInTheDocument();
  });

  it('without the basic-information entry, shows the choice without a way to change it', async () => {
    await openAsLabUser(accessWithout('editBasicInfo'));
    expect(screen.getByLabelText(promptingMessages.emailFallbackLabel)).toBeDisabled();
    expect(screen.getByLabelText(promptingMessages.emailAfterMinutesLabel)).toHaveAttribute('readonly');
    expect(screen.queryByRole('button', { name: promptingMessages.save })).not.toBeInTheDocument();
  });

  it('reads and saves through the system owner’s calls with the owner’s token', async () => {
    const { user, store } = await openAsOwner();
    expect(net.sentTo('GET', `${OWNER}/s1/prompting`)[0].authorization).toBe('Bearer owner-token');
    await user.click(screen.getByLabelText(promptingMessages.emailFallbackLabel));
    const saved = { ...DEFAULT_PROMPTING, emailFallback: false };
    net.on('PUT', `${OWNER}/s1/prompting`, { status: 200, data: saved });
    await user.click(screen.getByRole('button', { name: promptingMessages.save }));
    expect(await screen.findByText(promptingMessages.saved)).toBeInTheDocument();
    const [sent] = net.sentTo('PUT', `${OWNER}/s1/prompting`);
    expect([sent.body, sent.authorization]).toEqual([saved, 'Bearer owner-token']);
    expect(store.getState().ownerStudies?.prompting).toEqual({ studyId: 's1', settings: saved });
  });
});
