import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { authMessages, participantMessages, portalMessages } from '../../../../src/shared/messages';
import type { Participant } from '../../../../src/shared/types/participant';
import { mockApi, type MockApi } from '../../support/mockApi';
import { sliceState } from '../../testUtils';
import { diaryTask, emaTask, participant } from './participantFixtures';
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
  const EMA = '/api/ema_tasks/s1/p2';

  it('lists the upcoming notifications grouped by time, time zone and reminder flag, as YYYY-MM-DD hh:mm A', async () => {
    net.on('GET', EMA, {
      status: 200,
      data: {
        emaTasks: [
          emaTask('t0', '2000-01-01T01:00:00.000Z', 'OLD'),
          emaTask('t1', '2099-03-01T01:00:00.000Z', 'MOOD'),
          emaTask('t2', '2099-03-01T01:00:00.000Z', 'SLEEP'),
          emaTask('t3', '2099-03-01T01:10:00.000Z', 'MOOD', { reminder: true }),
          emaTask('t4', '2099-03-01T01:10:00.000Z', 'SLEEP', { reminder: true }),
        ],
      },
    });
    const { user } = openPage();
    await chooseStage2Group1(user);
    await chooseRowAction(user, 'BBB222', 'EMA Schedule');
    const dialog = await dialogNamed('EMA Schedule');
    await within(dialog).findByRole('table');
    const lines = within(dialog)
      .getAllByRole('row')
      .map((r) => within(r).queryAllByRole('cell').map((c) => c.textContent));
    expect(lines.slice(1)).toEqual([
      ['2099-03-01 09:00 AM', 'Asia/Hong_Kong', 'No', 'MOOD, SLEEP'],
      ['2099-03-01 09:10 AM', 'Asia/Hong_Kong', 'Yes', 'MOOD, SLEEP'],
    ]);
    expect(within(dialog).queryByText(/OLD/)).not.toBeInTheDocument();
    // The scrolling body is a named region the keyboard reaches (axe: scrollable-region-focusable).
    const body = within(dialog).getByRole('region', { name: 'EMA Schedule of BBB222' });
    expect(body).toHaveAttribute('tabindex', '0');
    expect(body).toContainElement(within(dialog).getByRole('table'));
  });

  it('says there is no upcoming EMA task', async () => {
    net.on('GET', EMA, { status: 200, data: { emaTasks: [emaTask('t0', '2000-01-01T01:00:00.000Z', 'OLD')] } });
    const { user } = openPage();
    await chooseStage2Group1(user);
    await chooseRowAction(user, 'BBB222', 'EMA Schedule');
    const dialog = await dialogNamed('EMA Schedule');
    expect(await within(dialog).findByText(participantMessages.noUpcomingEma)).toBeInTheDocument();
    await user.click(within(dialog).getAllByRole('button', { name: 'Close' })[0]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
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
      ['SLEEPDIARY Questionnaire SLEEPDIARY', '2030-03-01', '14', '9'],
      ['FOOD Questionnaire FOOD', '2030-03-05', '7', '7'],
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
