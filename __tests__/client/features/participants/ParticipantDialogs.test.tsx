import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { DateTime, Settings } from 'luxon';
import { authMessages, participantMessages, portalMessages } from '../../../../src/shared/messages';
import type { EmaTask, Participant } from '../../../../src/shared/types/participant';
import { mockApi, type MockApi } from '../../support/mockApi';
import { sliceState } from '../../testUtils';
import { diaryTask, emaTask, NOT_SENT, participant } from './participantFixtures';
import { FILTERED, LIST, answerParticipants, chooseRowAction, openPage } from './support';

let rows: Participant[];
let net: MockApi;
beforeEach(() => {
  rows = [
    participant({ id: 'p1', code: 'AAA111', email: 'ann@example.org' }),
    participant({ id: 'p2', code: 'BBB222', stageNum: 2, groupNum: 1, arrived: true, arrivals: ['2030-03-01T01:30:00.000Z'], diary: true }),
  ];
  net = answerParticipants(mockApi(), () => rows);
});
afterEach(() => net.restore());

const dialogNamed = (name: string) => screen.findByRole('dialog', { name });

/** Chooses stage 2, group 1, where BBB222 is, so that the row actions show. */
async function chooseStage2Group1(user: UserEvent) {
  await screen.findByRole('cell', { name: 'AAA111' });
  await user.selectOptions(screen.getByLabelText('Stage'), 'Stage 2: Intervention');
  await user.selectOptions(screen.getByLabelText('Group'), 'Group 1: Diary');
  await screen.findByRole('button', { name: 'Actions BBB222' });
}

describe('the table', () => {
  it('scrolls inside a named region the keyboard reaches (axe: scrollable-region-focusable)', async () => {
    openPage();
    const cell = await screen.findByRole('cell', { name: 'AAA111' });
    const scroller = screen.getByRole('region', { name: 'Participants' });
    expect(scroller).toHaveAttribute('tabindex', '0');
    expect(scroller).toContainElement(cell);
  });
});

describe('Create New Participant', () => {
  it('shows the three messages in order, then the server’s, then creates and reloads the list', async () => {
    net.on('POST', '/api/participants/s1/create', (request) => {
      const body = request.body as { email: string };
      if (body.email === 'taken@example.org') return { status: 409, data: { message: participantMessages.emailTaken } };
      rows = [...rows, participant({ id: 'p9', code: 'NEW999', email: body.email, status: 'invited' })];
      return { status: 201, data: { message: participantMessages.participantCreated, participant: rows.at(-1) } };
    });
    const { user } = openPage();
    await screen.findByRole('cell', { name: 'AAA111' });
    await user.click(screen.getByRole('button', { name: 'Create New Participant' }));
    const dialog = await dialogNamed('Create New Participant');
    const create = within(dialog).getByRole('button', { name: 'Create' });
    const alertText = () => within(dialog).getByRole('alert').textContent;

    await user.click(create);
    expect(alertText()).toBe(participantMessages.emailRequired);
    await user.type(within(dialog).getByLabelText('Email'), 'taken@example.org');
    await user.click(create);
    expect(alertText()).toBe(participantMessages.passwordsRequired);
    await user.type(within(dialog).getByLabelText('Password'), 'secret-pass-1');
    await user.click(create);
    expect(alertText()).toBe(participantMessages.passwordsRequired);
    await user.type(within(dialog).getByLabelText('Confirm Password'), 'secret-pass-2');
    await user.click(create);
    expect(alertText()).toBe(participantMessages.confirmDifferent);
    expect(net.sentTo('POST', '/api/participants/s1/create')).toEqual([]);

    await user.clear(within(dialog).getByLabelText('Confirm Password'));
    await user.type(within(dialog).getByLabelText('Confirm Password'), 'secret-pass-1');
    await user.click(create);
    await waitFor(() => expect(alertText()).toBe(participantMessages.emailTaken));

    await user.clear(within(dialog).getByLabelText('Email'));
    await user.type(within(dialog).getByLabelText('Email'), 'new@example.org');
    await user.click(create);
    expect(await screen.findByText(participantMessages.participantCreated)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByRole('cell', { name: 'NEW999' })).toBeInTheDocument();
    expect(net.sentTo('POST', '/api/participants/s1/create').at(-1)?.body).toEqual({
      studyId: 's1',
      email: 'new@example.org',
      password: 'secret-pass-1',
      confirmPassword: 'secret-pass-1',
    });
    expect(net.sentTo('GET', LIST)).toHaveLength(2);
  });

  it('says an email in use once, in the dialog (no red alert, no toast); closing clears it and reopening is clean', async () => {
    net.on('POST', '/api/participants/s1/create', { status: 409, data: { message: participantMessages.emailTaken } });
    const { user, store } = openPage();
    await screen.findByRole('cell', { name: 'AAA111' });
    await user.click(screen.getByRole('button', { name: 'Create New Participant' }));
    let dialog = await dialogNamed('Create New Participant');
    await user.type(within(dialog).getByLabelText('Email'), 'ann@example.org');
    await user.type(within(dialog).getByLabelText('Password'), 'secret-pass-1');
    await user.type(within(dialog).getByLabelText('Confirm Password'), 'secret-pass-1');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));

    await waitFor(() => expect(within(dialog).getByRole('alert')).toHaveTextContent(participantMessages.emailTaken));
    expect(screen.getAllByText(participantMessages.emailTaken)).toHaveLength(1);
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(store.getState().notifications).toEqual({ toasts: [], alert: null });

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await user.click(within(await screen.findByRole('dialog', { name: portalMessages.unsavedDiscard })).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByText(participantMessages.emailTaken)).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(sliceState(store, 'participants').requests.create.status).toBe('reset');

    await user.click(screen.getByRole('button', { name: 'Create New Participant' }));
    dialog = await dialogNamed('Create New Participant');
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    expect(within(dialog).getByLabelText('Email')).toHaveValue('');
  });

  it('checks the address and the password length with the account rules', async () => {
    const { user } = openPage();
    await screen.findByRole('cell', { name: 'AAA111' });
    await user.click(screen.getByRole('button', { name: 'Create New Participant' }));
    const dialog = await dialogNamed('Create New Participant');
    await user.type(within(dialog).getByLabelText('Email'), 'not-an-email');
    await user.type(within(dialog).getByLabelText('Password'), 'short');
    await user.type(within(dialog).getByLabelText('Confirm Password'), 'short');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(authMessages.invalidEmail);
  });

  it('does not close silently with typed text: it asks, keeps editing, or discards', async () => {
    const { user } = openPage();
    await screen.findByRole('cell', { name: 'AAA111' });
    await user.click(screen.getByRole('button', { name: 'Create New Participant' }));
    let dialog = await dialogNamed('Create New Participant');
    // Nothing typed: Cancel closes at once.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Create New Participant' }));
    dialog = await dialogNamed('Create New Participant');
    await user.type(within(dialog).getByLabelText('Email'), 'half@exa');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    // The portal's one question for dialogs with unsaved changes (the shared GuardedModal).
    const ask = await screen.findByRole('dialog', { name: portalMessages.unsavedDiscard });
    await user.click(within(ask).getByRole('button', { name: 'Keep Editing' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: portalMessages.unsavedDiscard })).not.toBeInTheDocument());
    expect(within(dialog).getByLabelText('Email')).toHaveValue('half@exa');

    await user.keyboard('{Escape}');
    await user.click(within(await screen.findByRole('dialog', { name: portalMessages.unsavedDiscard })).getByRole('button', { name: 'Keep Editing' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: portalMessages.unsavedDiscard })).not.toBeInTheDocument());
    expect(within(dialog).getByLabelText('Email')).toHaveValue('half@exa');

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await user.click(within(await screen.findByRole('dialog', { name: portalMessages.unsavedDiscard })).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    // Opened again, the dialog is empty.
    await user.click(screen.getByRole('button', { name: 'Create New Participant' }));
    expect(within(await dialogNamed('Create New Participant')).getByLabelText('Email')).toHaveValue('');
  });
});

describe('Assign To Another Stage', () => {
  it('asks for a stage, then a group; choosing a stage resets the group; success toasts and reloads', async () => {
    net.on('PATCH', '/api/participants/p2/assign_group', () => {
      rows = rows.map((p) => (p._id === 'p2' ? participant({ id: 'p2', code: 'BBB222', stageNum: 2, groupNum: 2 }) : p));
      return { status: 200, data: { message: participantMessages.assigned, participant: rows[1] } };
    });
    const { user } = openPage();
    await chooseStage2Group1(user);
    await chooseRowAction(user, 'BBB222', 'Assign To Another Stage');
    const dialog = await dialogNamed('Assign To Another Stage');
    expect(dialog).toHaveTextContent('is now in Stage 2: Intervention, Group 1: Diary');
    const assign = within(dialog).getByRole('button', { name: 'Assign' });
    const stage = within(dialog).getByLabelText('Assigned Stage');
    const group = within(dialog).getByLabelText('Assigned Group');

    await user.click(assign);
    expect(within(dialog).getByRole('alert')).toHaveTextContent(participantMessages.stageRequired);
    await user.selectOptions(stage, 'Stage 2: Intervention');
    await user.click(assign);
    expect(within(dialog).getByRole('alert')).toHaveTextContent(participantMessages.groupRequired);

    await user.selectOptions(group, 'Group 2: Control');
    expect(group).toHaveValue('group2-2');
    await user.selectOptions(stage, 'Stage 1: Baseline');
    expect(group).toHaveValue('');
    expect(within(group).getAllByRole('option').map((o) => o.textContent)).toEqual(['Choose a group', 'Group 1: Everyone']);
    await user.click(assign);
    expect(within(dialog).getByRole('alert')).toHaveTextContent(participantMessages.groupRequired);
    expect(net.sentTo('PATCH', '/api/participants/p2/assign_group')).toEqual([]);

    await user.selectOptions(stage, 'Stage 2: Intervention');
    await user.selectOptions(group, 'Group 2: Control');
    const listCalls = net.sentTo('POST', FILTERED).length;
    await user.click(assign);
    expect(await screen.findByText(participantMessages.assigned)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(net.sentTo('PATCH', '/api/participants/p2/assign_group')[0].body).toEqual({ studyId: 's1', stageId: 'stage2', groupId: 'group2-2' });
    // The list reloads: BBB222 has left stage 2, group 1.
    await waitFor(() => expect(screen.queryByRole('cell', { name: 'BBB222' })).not.toBeInTheDocument());
    expect(net.sentTo('POST', FILTERED).length).toBe(listCalls + 1);
  });

  it('shows the server’s refusal inside the dialog', async () => {
    net.on('PATCH', '/api/participants/p2/assign_group', { status: 404, data: { message: participantMessages.participantNotFound } });
    const { user } = openPage();
    await chooseStage2Group1(user);
    await chooseRowAction(user, 'BBB222', 'Assign To Another Stage');
    const dialog = await dialogNamed('Assign To Another Stage');
    await user.selectOptions(within(dialog).getByLabelText('Assigned Stage'), 'Stage 1: Baseline');
    await user.selectOptions(within(dialog).getByLabelText('Assigned Group'), 'Group 1: Everyone');
    await user.click(within(dialog).getByRole('button', { name: 'Assign' }));
    await waitFor(() => expect(within(dialog).getByRole('alert')).toHaveTextContent(participantMessages.participantNotFound));
  });
});

describe('EMA Schedule', () => {
  const EMA = '/api/ema_tasks/s1/p2?scope=all';
  const defaultZone = Settings.defaultZone;
  beforeAll(() => {
    // The researcher's own zone, other than the study's (Hong Kong), so the two clocks differ.
    Settings.defaultZone = 'Europe/London';
  });
  afterAll(() => {
    Settings.defaultZone = defaultZone;
  });

  const past = '2000-01-01T01:00:00.000Z';
  const tasks = [
    emaTask('t0', past, 'MOOD', {
      status: 'completed',
      delivered_at: '2000-01-01T01:01:00.000Z',
      opened_at: '2000-01-01T01:02:00.000Z',
      answered_at: '2000-01-01T01:05:00.000Z',
    }),
    emaTask('t1', past, 'SLEEP', { status: 'expired', delivered_at: '2000-01-01T01:01:00.000Z', answered_at: '2000-01-01T03:00:00.000Z', answered_late: true }),
    emaTask('t2', '2000-01-02T01:00:00.000Z', 'MOOD', { status: 'expired' }),
    emaTask('t3', '2000-01-03T01:00:00.000Z', 'MOOD', { status: 'cancelled' }),
    emaTask('t4', '2099-03-01T01:00:00.000Z', 'MOOD'),
    emaTask('t5', '2099-03-01T01:00:00.000Z', 'SLEEP'),
    emaTask('t6', '2099-03-01T01:10:00.000Z', 'MOOD', { reminder: true }),
  ];

  async function openSchedule(emaTasks = tasks) {
    net.on('GET', EMA, { status: 200, data: { emaTasks } });
    const page = openPage();
    await chooseStage2Group1(page.user);
    await chooseRowAction(page.user, 'BBB222', 'EMA Schedule');
    const dialog = await dialogNamed('EMA Schedule');
    await within(dialog).findByRole('table');
    return { ...page, dialog };
  }

  const linesOf = (dialog: HTMLElement) =>
    within(dialog)
      .getAllByRole('row')
      .slice(1)
      .map((r) => within(r).queryAllByRole('cell').slice(0, 3).map((c) => c.textContent).join(' | ') || r.textContent);

  it("lists every notification, past ones too, grouped, each questionnaire with its state and moments, in the study's zone", async () => {
    const { dialog } = await openSchedule();
    const today = DateTime.now().setZone('Asia/Hong_Kong').toISODate();
    expect(linesOf(dialog)).toEqual([
      '2000-01-01 09:00 AM GMT+8 | Asia/Hong_Kong | No',
      '2000-01-02 09:00 AM GMT+8 | Asia/Hong_Kong | No',
      '2000-01-03 09:00 AM GMT+8 | Asia/Hong_Kong | No',
      // Past and future are parted by today's marker, where the dialog opens.
      `Today, ${today}`,
      '2099-03-01 09:00 AM GMT+8 | Asia/Hong_Kong | No',
      '2099-03-01 09:10 AM GMT+8 | Asia/Hong_Kong | Yes',
    ]);
    const rows = within(dialog).getAllByRole('row');
    const first = within(rows[1]).getAllByRole('listitem');
    expect(first[0]).toHaveTextContent(
      'MOOD: AnsweredDelivered 2000-01-01 09:01 AM GMT+8 · Opened 2000-01-01 09:02 AM GMT+8 · Answered 2000-01-01 09:05 AM GMT+8',
    );
    expect(first[1]).toHaveTextContent('SLEEP: Answered lateDelivered 2000-01-01 09:01 AM GMT+8 · Answered 2000-01-01 11:00 AM GMT+8');
    expect(rows[2]).toHaveTextContent('MOOD: Missed');
    expect(rows[3]).toHaveTextContent('MOOD: Cancelled');
    expect(within(rows[5]).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['MOOD: Planned', 'SLEEP: Planned']);
    expect(rows[4]).toHaveClass('ema-today');
    expect(within(rows[4]).getByRole('columnheader')).toHaveAttribute('colspan', '4');
  });

  it('says how each notification went out, in words: pushed and on the phone to the second, or why not and its email (issue 33)', async () => {
    const ledger = (delivery: Partial<EmaTask['delivery']>) => ({ delivery: { ...NOT_SENT, ...delivery } });
    const { dialog } = await openSchedule([
      emaTask('a', past, 'MOOD', {
        status: 'completed',
        ...ledger({ channel: 'push', push_result: 'accepted', sent_at: '2000-01-01T01:00:02.000Z', received_at: '2000-01-01T01:00:05.000Z' }),
        delivered_at: '2000-01-01T01:00:05.000Z',
        opened_at: '2000-01-01T01:03:00.000Z',
        answered_at: '2000-01-01T01:04:00.000Z',
      }),
      emaTask('b', past, 'SLEEP', { status: 'expired', ...ledger({ channel: 'email', push_result: 'none', sent_at: '2000-01-01T01:00:03.000Z', email_result: 'sent', emailed_at: '2000-01-01T01:00:03.000Z' }) }),
      emaTask('c', '2000-01-01T01:05:00.000Z', 'SLEEP', { reminder: true, status: 'expired', ...ledger({ email_result: 'refused', emailed_at: '2000-01-01T01:05:01.000Z', email_due_at: '2000-01-01T01:05:00.000Z' }) }),
    ]);
    const rows = within(dialog).getAllByRole('row');
    const [mood, sleep] = within(rows[1]).getAllByRole('listitem');
    expect(mood).toHaveTextContent(
      'MOOD: AnsweredPushed 2000-01-01 09:00:02 AM GMT+8 · On the phone 2000-01-01 09:00:05 AM GMT+8 · Delivered 2000-01-01 09:00 AM GMT+8 · Opened 2000-01-01 09:03 AM GMT+8 · Answered 2000-01-01 09:04 AM GMT+8',
    );
    expect(sleep).toHaveTextContent('SLEEP: MissedNo push channel: emailed 2000-01-01 09:00:03 AM GMT+8');
    expect(within(sleep).getByText('2000-01-01 09:00:03 AM GMT+8')).toHaveAttribute('dateTime', '2000-01-01T01:00:03.000Z');
    expect(rows[2]).toHaveTextContent('SLEEP: MissedEmail refused');
  });

  it('scrolls in a body the keyboard reaches (axe: scrollable-region-focusable), with the clock toggle above it', async () => {

    const { dialog, user } = await openSchedule();
    const body = within(dialog).getByRole('region', { name: 'EMA Schedule of BBB222' });
    expect(body).toHaveAttribute('tabindex', '0');
    expect(body).toContainElement(within(dialog).getByRole('table'));
    const toggle = within(dialog).getByRole('group', { name: 'Show times in' });
    expect(body).not.toContainElement(toggle);
    // Tab order: the close button, the chosen clock, then the scrolling body itself.
    for (let i = 0; i < 5 && document.activeElement !== body; i += 1) await user.tab();
    expect(document.activeElement).toBe(body);
  });

  it("shows the researcher's own zone when chosen, named, and the list follows the same choice", async () => {
    const { dialog, user } = await openSchedule();
    expect(within(dialog).getByRole('radio', { name: 'Study time zone (Asia/Hong_Kong)' })).toBeChecked();
    await user.click(within(dialog).getByRole('radio', { name: 'My time zone (Europe/London)' }));
    expect(linesOf(dialog)[0]).toBe('2000-01-01 01:00 AM GMT | Asia/Hong_Kong | No');
    expect(within(dialog).getAllByRole('row')[1]).toHaveTextContent('Answered 2000-01-01 01:05 AM GMT');
    await user.click(within(dialog).getAllByRole('button', { name: 'Close' })[0]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // One clock for the session: the list's arrival column is in the researcher's zone too.
    expect(within(screen.getByRole('cell', { name: 'BBB222' }).closest('tr') as HTMLElement).getByText('2030-03-01 01:30 AM GMT')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'My time zone (Europe/London)' })).toBeChecked();
  });

  it('says there is no upcoming EMA task after the past ones, and when there is none at all', async () => {
    const { dialog, user } = await openSchedule([emaTask('t0', past, 'OLD', { status: 'expired' })]);
    const lines = linesOf(dialog);
    expect(lines[0]).toBe('2000-01-01 09:00 AM GMT+8 | Asia/Hong_Kong | No');
    expect(lines[1]).toMatch(/^Today, /);
    expect(lines[2]).toBe(participantMessages.noUpcomingEma);
    await user.click(within(dialog).getAllByRole('button', { name: 'Close' })[0]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    net.on('GET', EMA, { status: 200, data: { emaTasks: [] } });
    await chooseRowAction(user, 'BBB222', 'EMA Schedule');
    const empty = await dialogNamed('EMA Schedule');
    expect(await within(empty).findByText(participantMessages.noUpcomingEma)).toBeInTheDocument();
    expect(within(empty).queryByRole('table')).not.toBeInTheDocument();
  });
});

describe('Assigned Diary Assessments', () => {
  const DIARY = '/api/diary_ax_tasks/s1/p2';

  it('lists each diary task with its days left', async () => {
    net.on('GET', DIARY, {
      status: 200,
      data: {
        diaryAxTasks: [diaryTask('d1', 'SLEEPDIARY', '2030-03-01', 14), diaryTask('d2', 'FOOD', '2030-03-05', 7)],
        daysLeft: { d1: 9, d2: 7 },
      },
    });
    const { user } = openPage();
    await chooseStage2Group1(user);
    await chooseRowAction(user, 'BBB222', 'Assigned Diary Assessments');
    const dialog = await dialogNamed('Assigned Diary Assessments');
    await within(dialog).findByRole('table');
    const lines = within(dialog)
      .getAllByRole('row')
      .slice(1)
      .map((r) => within(r).getAllByRole('cell').map((c) => c.textContent));
    expect(lines).toEqual([
      // A diary's days are its setting's zone's days: the zone is named with the date.
      ['SLEEPDIARY Questionnaire SLEEPDIARY', '2030-03-01 (Asia/Hong_Kong)', '14', '9'],
      ['FOOD Questionnaire FOOD', '2030-03-05 (Asia/Hong_Kong)', '7', '7'],
    ]);
  });

  it('says, as the specification spells it, that no diary assessment is assigned', async () => {
    net.on('GET', DIARY, { status: 200, data: { diaryAxTasks: [], daysLeft: {} } });
    const { user } = openPage();
    await chooseStage2Group1(user);
    await chooseRowAction(user, 'BBB222', 'Assigned Diary Assessments');
    const dialog = await dialogNamed('Assigned Diary Assessments');
    expect(await within(dialog).findByText('There is no diary assessmnet assigned to this participant.')).toBeInTheDocument();
  });
});
