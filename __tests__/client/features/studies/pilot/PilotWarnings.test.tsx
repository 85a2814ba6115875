// The pilot's warnings before launch (issue 20) on a real store: loading, grouped by kind with where each is,
// the empty state, the server's message on failure (the network's own when no answer came) and Check again.
import { screen, within } from '@testing-library/react';
import { PilotWarnings } from '../../../../../src/client/features/studies/pilot/PilotWarnings';
import { pilotWarningTexts as texts } from '../../../../../src/shared/messages';
import type { PilotWarning, PilotWarningsAnswer } from '../../../../../src/shared/types/pilotWarnings';
import { labUserSession } from '../../../support/fixtures';
import { deferred, mockApi, type MockApi } from '../../../support/mockApi';
import { renderWithProviders, signedIn } from '../../../testUtils';

const WARNINGS = '/api/studies/s1/pilot-warnings';
const auth = signedIn({ labUser: labUserSession() });

const nowhere = { stage_num: null, stage_name: null, group_num: null, group_name: null, setting: null, questionnaire: null, question: null, time: null, timezone: null };
const inGroup = { ...nowhere, stage_num: 2, stage_name: 'Evening', group_num: 1, group_name: 'Group', setting: { kind: 'ema' as const, number: 1 }, timezone: 'Asia/Hong_Kong' };
const mood = { _id: 'q1', chin_name: 'Mood', abbrev: 'MOOD' };

const warnings: PilotWarning[] = [
  { ...inGroup, kind: 'night_prompt', time: '23:30', message: texts.nightPrompt('23:30', 'Asia/Hong_Kong'), where: 'Stage 2, Participant Group 1, EMA setting 1' },
  { ...inGroup, kind: 'night_prompt', time: '06:00', message: texts.nightPrompt('06:00', 'Asia/Hong_Kong'), where: 'Stage 2, Participant Group 1, EMA setting 1' },
  { ...nowhere, kind: 'required_hidden', questionnaire: mood, question: { position: 2, question_num: '3' }, message: texts.requiredHidden('3'), where: 'Questionnaire MOOD (Mood), question 3' },
];

let net: MockApi;
beforeEach(() => {
  net = mockApi();
});
afterEach(() => net.restore());

const answer = (list: PilotWarning[]) => ({ status: 200, data: { warnings: list } satisfies PilotWarningsAnswer });
const show = () => renderWithProviders(<PilotWarnings studyId="s1" />, { preloadedState: { auth } });

describe('PilotWarnings', () => {
  it('shows a loading state, then the warnings grouped by kind, each with where it is', async () => {
    const call = deferred();
    net.on('GET', WARNINGS, call.responder);
    show();
    expect(await screen.findByRole('status')).toHaveTextContent('Loading');
    call.release(answer(warnings));
    const night = await screen.findByRole('region', { name: `${texts.kindTitles.night_prompt} (2)` });
    const items = within(night).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      `Stage 2, Participant Group 1, EMA setting 1${texts.nightPrompt('23:30', 'Asia/Hong_Kong')}`,
      `Stage 2, Participant Group 1, EMA setting 1${texts.nightPrompt('06:00', 'Asia/Hong_Kong')}`,
    ]);
    const hidden = screen.getByRole('region', { name: `${texts.kindTitles.required_hidden} (1)` });
    expect(within(hidden).getByText('Questionnaire MOOD (Mood), question 3')).toBeInTheDocument();
    expect(within(hidden).getByText(texts.requiredHidden('3'))).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: `${texts.heading} (3)` })).toBeInTheDocument();
    // Kinds with no warning have no group.
    expect(screen.queryByRole('heading', { name: new RegExp(texts.kindTitles.never_fits) })).not.toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(net.sentTo('GET', WARNINGS)).toHaveLength(1);
  });

  it('says so when there is no warning', async () => {
    net.on('GET', WARNINGS, answer([]));
    show();
    expect(await screen.findByText(texts.none)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: `${texts.heading} (0)` })).toBeInTheDocument();
    expect(screen.queryByRole('listitem')).not.toBeInTheDocument();
  });

  it("shows the server's message in a red alert when the call fails, and the network's own when no answer came", async () => {
    net.on('GET', WARNINGS, { status: 404, data: { message: 'Study not found' } });
    const { user } = show();
    expect(await screen.findByRole('alert')).toHaveTextContent('Study not found');
    expect(screen.queryByText(texts.none)).not.toBeInTheDocument();
    net.on('GET', WARNINGS, 'network-error');
    await user.click(screen.getByRole('button', { name: texts.checkAgain }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Network Error');
  });

  it('reads the warnings again on Check again, showing what changed', async () => {
    net.on('GET', WARNINGS, answer(warnings));
    const { user } = show();
    expect(await screen.findByRole('heading', { name: `${texts.heading} (3)` })).toBeInTheDocument();
    net.on('GET', WARNINGS, answer([]));
    await user.click(screen.getByRole('button', { name: texts.checkAgain }));
    expect(await screen.findByText(texts.none)).toBeInTheDocument();
    expect(net.sentTo('GET', WARNINGS)).toHaveLength(2);
  });
});
