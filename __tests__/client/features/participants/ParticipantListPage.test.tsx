import { screen, waitFor, within } from '@testing-library/react';
import { Settings } from 'luxon';
import { ALL_ACCESS } from '../../../../src/shared/access';
import { generalMessages, participantMessages } from '../../../../src/shared/messages';
import type { FilterParticipantsBody, Participant } from '../../../../src/shared/types/participant';
import { mockApi, type MockApi } from '../../support/mockApi';
import { renderWithProviders } from '../../testUtils';
import { accessWithout } from '../studies/studyFixtures';
import { participant } from './participantFixtures';
import { participantListTexts } from '../../../../src/shared/participantList';
import { pilotTexts } from '../../../../src/shared/pilotTexts';
import { FILTERED, LIST, answerParticipants, openPage, rowMenuItems } from './support';

const rows: Participant[] = [
  participant({ id: 'p1', code: 'AAA111', email: 'ann@example.org', status: 'invited' }),
  participant({
    id: 'p2',
    code: 'BBB222',
    email: 'ben@example.org',
    stageNum: 2,
    groupNum: 1,
    arrived: true,
    arrivals: ['2030-01-01T00:00:00.000Z', '2030-03-01T01:30:00.000Z'],
    diary: true,
  }),
  // Control has no diary setting now, but CCC333's stored plan (made when it had one) holds diary tasks.
  participant({ id: 'p3', code: 'CCC333', stageNum: 2, groupNum: 2, arrived: true, arrivals: ['2030-03-02T14:00:00.000Z'], diary: true }),
  // Arrived in Diary, which has a diary setting, but withdrawn: its diary tasks were cancelled.
  participant({ id: 'p4', code: 'DDD444', stageNum: 2, groupNum: 1, arrived: true, status: 'withdrawn' }),
];

let net: MockApi;
const defaultZone = Settings.defaultZone;
beforeAll(() => {
  // The researcher's own zone (the browser's): fixed, and other than the study's, so the tests tell them apart.
  Settings.defaultZone = 'Europe/London';
});
afterAll(() => {
  Settings.defaultZone = defaultZone;
});
beforeEach(() => {
  net = answerParticipants(mockApi(), () => rows);
});
afterEach(() => net.restore());

const rowOf = (code: string) => screen.getByRole('cell', { name: code }).closest('tr') as HTMLElement;
const codesShown = () => screen.queryAllByRole('row').slice(1).map((r) => within(r).getAllByRole('cell')[0].textContent);
const buttonsOf = (code: string) => within(rowOf(code)).queryAllByRole('button').map((b) => (b.textContent ?? '').replace(code, '').trim());

describe('ParticipantListPage (/participants/{studyId})', () => {
  it('shows the heading, the study’s code and name, the columns and each participant', async () => {
    openPage();
    await screen.findByRole('cell', { name: 'BBB222' });
    expect(screen.getByRole('heading', { name: 'Participant List' })).toBeInTheDocument();
    expect(screen.getByText('ABC234')).toBeInTheDocument();
    expect(screen.getByText('Sleep Diary Study')).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').slice(0, 7).map((h) => h.textContent)).toEqual([
      'ID',
      'EMAIL',
      'ENROLMENT STATUS',
      'ASSIGNED STAGE (#)',
      'ASSIGNED GROUP (#)',
      'LOAD Ax AFTER STAGE ASSIGNED?',
      'TIME FIRST LOADING Ax AFTER STAGE ASSIGNED',
    ]);
    const cells = (code: string) => within(rowOf(code)).getAllByRole('cell').slice(0, 7).map((c) => c.textContent);
    expect(cells('AAA111')).toEqual(['AAA111', 'ann@example.org', 'Invited', '1', '1', 'No', '']);
    // The last arrival, in the study's time zone (its diary setting's, Hong Kong) with its name.
    expect(cells('BBB222')).toEqual(['BBB222', 'ben@example.org', 'Enrolled', '2', '1', 'Yes', '2030-03-01 09:30 AM GMT+8']);
    expect(cells('CCC333')[6]).toBe('2030-03-02 10:00 PM GMT+8');
    expect(cells('DDD444')[2]).toBe('Withdrawn');
    expect(screen.getByText('4 participants')).toBeInTheDocument();
    expect(net.sentTo('GET', LIST)).toHaveLength(1);
  });

  it("offers the researcher's own time zone instead of the study's, both named", async () => {
    const { user } = openPage();
    await screen.findByRole('cell', { name: 'BBB222' });
    const arrival = () => within(rowOf('BBB222')).getAllByRole('cell')[6].textContent;
    const study = screen.getByRole('radio', { name: 'Study time zone (Asia/Hong_Kong)' });
    expect(study).toBeChecked();
    expect(screen.getByRole('group', { name: 'Show times in' })).toContainElement(study);
    await user.click(screen.getByRole('radio', { name: 'My time zone (Europe/London)' }));
    expect(arrival()).toBe('2030-03-01 01:30 AM GMT');
    await user.click(screen.getByRole('radio', { name: 'Study time zone (Asia/Hong_Kong)' }));
    expect(arrival()).toBe('2030-03-01 09:30 AM GMT+8');
  });

  it('marks a pilot participant, and only it', async () => {
    answerParticipants(net, () => [...rows, participant({ id: 'p5', code: 'PIL555', pilot: true })]);
    openPage();
    const pilotCell = await screen.findByRole('cell', { name: /PIL555/ });
    expect(within(pilotCell).getByText(pilotTexts.pilotBadge)).toBeInTheDocument();
    expect(screen.getAllByText(pilotTexts.pilotBadge)).toHaveLength(1);
  });

  it('says ‘No participant is found’ when the study has none', async () => {
    answerParticipants(net, () => []);
    openPage();
    expect(await screen.findByText(participantMessages.noParticipants)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows the server’s message for a study it does not find (another lab’s study answers 404)', async () => {
    net
      .on('GET', '/api/studies/s1', { status: 404, data: { message: generalMessages.notFound } })
      .on('GET', LIST, { status: 404, data: { message: generalMessages.notFound } });
    openPage();
    expect(await screen.findByRole('alert')).toHaveTextContent(generalMessages.notFound);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByText(participantMessages.noParticipants)).not.toBeInTheDocument();
  });

  it('offers Create New Participant only with PARTICIPANT/CREATE/NEW_PARTICIPANT', async () => {
    const { unmount } = openPage('/participants/s1', [...ALL_ACCESS]);
    await screen.findByRole('cell', { name: 'AAA111' });
    expect(screen.getByRole('button', { name: 'Create New Participant' })).toBeInTheDocument();
    unmount();
    openPage('/participants/s1', accessWithout('createParticipant'));
    await screen.findByRole('cell', { name: 'AAA111' });
    expect(screen.queryByRole('button', { name: 'Create New Participant' })).not.toBeInTheDocument();
  });

  it('filters by stage, then by a group of that stage; choosing another stage resets the group', async () => {
    const { user } = openPage();
    await screen.findByRole('cell', { name: 'AAA111' });
    const stage = screen.getByLabelText('Stage');
    const group = screen.getByLabelText('Group');
    expect(group).toBeDisabled();

    await user.selectOptions(stage, 'Stage 2: Intervention');
    await waitFor(() => expect(codesShown()).toEqual(['BBB222', 'CCC333', 'DDD444']));
    expect(net.sentTo('POST', FILTERED).map((r) => r.body)).toEqual([{ currentStageId: 'stage2' }]);
    expect(within(group).getAllByRole('option').map((o) => o.textContent)).toEqual(['All groups', 'Group 1: Diary', 'Group 2: Control']);

    await user.selectOptions(group, 'Group 1: Diary');
    await waitFor(() => expect(codesShown()).toEqual(['BBB222', 'DDD444']));
    expect(net.sentTo('POST', FILTERED).at(-1)?.body).toEqual<FilterParticipantsBody>({ currentStageId: 'stage2', currentGroupId: 'group2-1' });

    await user.selectOptions(stage, 'Stage 1: Baseline');
    await waitFor(() => expect(codesShown()).toEqual(['AAA111']));
    expect(group).toHaveValue('');
    expect(net.sentTo('POST', FILTERED).at(-1)?.body).toEqual({ currentStageId: 'stage1' });

    await user.selectOptions(stage, 'All stages');
    await waitFor(() => expect(codesShown()).toHaveLength(4));
    expect(group).toBeDisabled();
    expect(net.sentTo('GET', LIST)).toHaveLength(2);
  });

  it('offers the row actions only once a stage and a group are chosen, diary tasks to those whose stored plan has them', async () => {
    // Enrolled participants can be withdrawn or marked completed, DDD444 (withdrawn) not: see ParticipationEndActions.test.tsx.
    // Erase (issue 36) closes every row's menu, whatever the status.
    const ends = ['Withdraw', 'Mark As Completed', 'Erase'];
    const { user } = openPage();
    await screen.findByRole('cell', { name: 'BBB222' });
    expect(buttonsOf('BBB222')).toEqual([]);

    await user.selectOptions(screen.getByLabelText('Stage'), 'Stage 2: Intervention');
    await waitFor(() => expect(codesShown()).toEqual(['BBB222', 'CCC333', 'DDD444']));
    expect(buttonsOf('BBB222')).toEqual([]);

    await user.selectOptions(screen.getByLabelText('Group'), 'Group 1: Diary');
    await waitFor(() => expect(codesShown()).toEqual(['BBB222', 'DDD444']));
    // One button per row, its Actions menu (Download Image Data's state shows beside it once one is asked for).
    expect(buttonsOf('BBB222')).toEqual(['Actions']);
    // The server's word on the stored plan decides, not the group's settings: DDD444's group has a diary
    // setting, but its plan holds no diary task.
    expect(await rowMenuItems(user, 'BBB222')).toEqual(['Assign To Another Stage', 'EMA Schedule', 'Assigned Diary Assessments', 'Download Image Data', ...ends]);
    expect(await rowMenuItems(user, 'DDD444')).toEqual(['Assign To Another Stage', 'EMA Schedule', 'Download Image Data', 'Erase']);

    await user.selectOptions(screen.getByLabelText('Group'), 'Group 2: Control');
    await waitFor(() => expect(codesShown()).toEqual(['CCC333']));
    expect(buttonsOf('CCC333')).toEqual(['Actions']);
    expect(await rowMenuItems(user, 'CCC333')).toEqual(['Assign To Another Stage', 'EMA Schedule', 'Assigned Diary Assessments', 'Download Image Data', ...ends]);
    // The stage's and group's downloads sit in their own panel (downloads feature tests), not in the rows.
    expect(screen.getByRole('button', { name: 'Download Text Response' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download Response Time' })).toBeInTheDocument();
  });

  it('says what choosing a stage and a group offers until both are chosen, then shows their downloads instead', async () => {
    const { user } = openPage();
    await screen.findByRole('cell', { name: 'BBB222' });
    expect(screen.getByText(participantListTexts.chooseStageAndGroup)).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Stage'), 'Stage 2: Intervention');
    await waitFor(() => expect(codesShown()).toHaveLength(3));
    expect(screen.getByText(participantListTexts.chooseStageAndGroup)).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Group'), 'Group 1: Diary');
    await screen.findByRole('button', { name: 'Download Text Response' });
    expect(screen.queryByText(participantListTexts.chooseStageAndGroup)).not.toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Stage'), 'All stages');
    expect(await screen.findByText(participantListTexts.chooseStageAndGroup)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Download Text Response' })).not.toBeInTheDocument();
  });

  it('says it also above an empty list, which has no rows to act on yet', async () => {
    net.on('GET', LIST, { status: 200, data: { participantsData: { participants: [] } } });
    openPage();
    expect(await screen.findByText(participantMessages.noParticipants)).toBeInTheDocument();
    expect(screen.getByText(participantListTexts.chooseStageAndGroup)).toBeInTheDocument();
  });

  it('opens a row’s Actions menu from the keyboard: Enter or Space, arrows, Escape back to the button', async () => {
    const { user } = openPage();
    await screen.findByRole('cell', { name: 'BBB222' });
    await user.selectOptions(screen.getByLabelText('Stage'), 'Stage 2: Intervention');
    await user.selectOptions(screen.getByLabelText('Group'), 'Group 1: Diary');
    const toggle = await screen.findByRole('button', { name: 'Actions BBB222' });
    expect(toggle).toHaveAttribute('aria-haspopup', 'menu');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');

    toggle.focus();
    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu', { name: 'Actions BBB222' });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const items = within(menu).getAllByRole('menuitem');
    await waitFor(() => expect(items[0]).toHaveFocus());
    await user.keyboard('{ArrowDown}');
    expect(items[1]).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(items[0]).toHaveFocus();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(toggle).toHaveAttribute('aria-expanded', 'false'));
    expect(toggle).toHaveFocus();

    await user.keyboard(' ');
    await waitFor(() => expect(toggle).toHaveAttribute('aria-expanded', 'true'));
    await waitFor(() => expect(within(menu).getAllByRole('menuitem')[0]).toHaveFocus());
    await user.keyboard('{ArrowDown}{Enter}');
    expect(await screen.findByRole('dialog', { name: 'EMA Schedule' })).toBeInTheDocument();
    // The dialog gives the focus back to the row's menu button, not to the hidden item or the page's top.
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(toggle).toHaveFocus());
  });

  it('keeps the chosen filter when the page is opened again for the same study', async () => {
    const { user, unmount, store } = openPage();
    await screen.findByRole('cell', { name: 'AAA111' });
    await user.selectOptions(screen.getByLabelText('Stage'), 'Stage 2: Intervention');
    await waitFor(() => expect(codesShown()).toHaveLength(3));
    unmount();
    renderWithProviders(undefined, { route: '/participants/s1', store });
    await waitFor(() => expect(screen.getByLabelText('Stage')).toHaveValue('stage2'));
    await waitFor(() => expect(codesShown()).toEqual(['BBB222', 'CCC333', 'DDD444']));
    expect(net.sentTo('POST', FILTERED)).toHaveLength(2);
  });
});
