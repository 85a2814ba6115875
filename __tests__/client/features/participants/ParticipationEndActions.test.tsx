import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { makeStore } from '../../../../src/client/app/store';
import { fetchParticipants, setParticipationStatus, participantStudyOpened } from '../../../../src/client/features/participants/participantsSlice';
import { participantMessages } from '../../../../src/shared/messages';
import { endConsequences, participationStatusMessages } from '../../../../src/shared/participationStatus';
import type { Participant, ParticipationStatus } from '../../../../src/shared/types/participant';
import { labUserSession } from '../../support/fixtures';
import { deferred, mockApi, type MockApi } from '../../support/mockApi';
import { signedIn, siteState, sliceState } from '../../testUtils';
import { participant } from './participantFixtures';
import { FILTERED, LIST, answerParticipants, chooseRowAction, openPage, rowMenuItems } from './support';

const STATUS = (id: string) => `/api/participants/${id}/status`;

let rows: Participant[];
let net: MockApi;
beforeEach(() => {
  rows = [
    participant({ id: 'p2', code: 'BBB222', stageNum: 2, groupNum: 1, arrived: true }),
    participant({ id: 'p3', code: 'CCC333', stageNum: 2, groupNum: 1, status: 'withdrawn' }),
    participant({ id: 'p4', code: 'DDD444', stageNum: 2, groupNum: 1, status: 'invited' }),
    participant({ id: 'p5', code: 'EEE555', stageNum: 2, groupNum: 1, status: 'completed' }),
  ];
  net = answerParticipants(mockApi(), () => rows);
});
afterEach(() => net.restore());

function withStatus(p: Participant, status: ParticipationStatus): Participant {
  return { ...p, participation: [{ ...p.participation[0], status }] };
}

/**
 * Lists stage 2, group 1 and waits for that list to arrive: the row actions show once both are chosen, and a list
 * answer arriving after a status change would put the rows' old status back (a slow machine showed it).
 */
async function chooseStage2Group1(user: UserEvent, store: Parameters<typeof sliceState>[0]) {
  await screen.findByRole('cell', { name: 'BBB222' });
  await user.selectOptions(screen.getByLabelText('Stage'), 'Stage 2: Intervention');
  await user.selectOptions(screen.getByLabelText('Group'), 'Group 1: Diary');
  await screen.findByRole('button', { name: 'Actions BBB222' });
  await waitFor(() => expect(net.sentTo('POST', FILTERED).some((r) => (r.body as { currentGroupId?: string }).currentGroupId)).toBe(true));
  await waitFor(() => expect(sliceState(store, 'participants').requests.list.status).toBe('success'));
}

const rowOf = (code: string) => screen.getByRole('cell', { name: code }).closest('tr') as HTMLElement;
const ends = ['Withdraw', 'Mark As Completed'];
const endsOf = async (user: UserEvent, code: string) => (await rowMenuItems(user, code)).filter((name) => ends.includes(name));

describe('Withdraw and Mark As Completed on the Participant List', () => {
  it('show only the moves that make sense from each status, and only with a stage and group chosen', async () => {
    const { user, store } = openPage();
    await screen.findByRole('cell', { name: 'BBB222' });
    expect(screen.queryByRole('button', { name: 'Actions BBB222' })).not.toBeInTheDocument();
    await chooseStage2Group1(user, store);
    expect(await endsOf(user, 'BBB222')).toEqual(ends);
    expect(await endsOf(user, 'DDD444')).toEqual(['Withdraw']);
    for (const code of ['CCC333', 'EEE555']) expect(await endsOf(user, code)).toEqual([]);
  });

  it('Withdraw asks first (Cancel focused, nothing sent on Cancel), then withdraws: toast, the row’s status, no reload', async () => {
    const answer = deferred();
    net.on('PATCH', STATUS('p2'), answer.responder);
    const { user, store } = openPage();
    await chooseStage2Group1(user, store);
    const listCalls = net.sentTo('GET', LIST).length + net.sentTo('POST', FILTERED).length;

    await chooseRowAction(user, 'BBB222', 'Withdraw');
    let dialog = await screen.findByRole('dialog', { name: participationStatusMessages.confirmWithdraw });
    expect(within(dialog).getByText(endConsequences('withdrawn', 'BBB222'))).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(net.sentTo('PATCH', STATUS('p2'))).toEqual([]);

    await chooseRowAction(user, 'BBB222', 'Withdraw');
    dialog = await screen.findByRole('dialog', { name: participationStatusMessages.confirmWithdraw });
    const confirm = within(dialog).getByRole('button', { name: 'Withdraw' });
    await user.click(confirm);
    expect(sliceState(store, 'participants').requests.status.status).toBe('request');
    expect(confirm).toBeDisabled();
    expect(net.sentTo('PATCH', STATUS('p2'))[0].body).toEqual({ studyId: 's1', status: 'withdrawn' });

    answer.release({ status: 200, data: { message: participationStatusMessages.withdrawn, participant: withStatus(rows[0], 'withdrawn') } });
    expect(await screen.findByText(participationStatusMessages.withdrawn)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sliceState(store, 'participants').requests.status.status).toBe('success');
    expect(within(rowOf('BBB222')).getByText('Withdrawn')).toBeInTheDocument();
    expect(await endsOf(user, 'BBB222')).toEqual([]);
    expect(net.sentTo('GET', LIST).length + net.sentTo('POST', FILTERED).length).toBe(listCalls);
  });

  it('Mark As Completed: a refusal closes the dialog and shows the server’s message as the red alert; the row stays', async () => {
    net.on('PATCH', STATUS('p2'), { status: 409, data: { message: participantMessages.participantWithdrawn } });
    const { user, store } = openPage();
    await chooseStage2Group1(user, store);
    await chooseRowAction(user, 'BBB222', 'Mark As Completed');
    const dialog = await screen.findByRole('dialog', { name: participationStatusMessages.confirmComplete });
    expect(within(dialog).getByText(endConsequences('completed', 'BBB222'))).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Mark As Completed' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(participantMessages.participantWithdrawn));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sliceState(store, 'participants').requests.status).toEqual({ status: 'fail', message: participantMessages.participantWithdrawn });
    expect(net.sentTo('PATCH', STATUS('p2'))[0].body).toEqual({ studyId: 's1', status: 'completed' });
    expect(within(rowOf('BBB222')).getByText('Enrolled')).toBeInTheDocument();
  });
});

describe('the slice after a status call', () => {
  it('replaces the participant’s row of the study shown, and leaves another study’s rows alone', async () => {
    const store = makeStore({ site: siteState(), auth: signedIn({ labUser: labUserSession() }) });
    store.dispatch(participantStudyOpened('s1'));
    await store.dispatch(fetchParticipants({ studyId: 's1', stageId: null, groupId: null }));
    const completed = withStatus(rows[0], 'completed');
    net.on('PATCH', STATUS('p2'), { status: 200, data: { message: participationStatusMessages.completed, participant: completed } });
    await store.dispatch(setParticipationStatus({ participantId: 'p2', studyId: 's1', status: 'completed' }));
    expect(sliceState(store, 'participants').participants?.map((p) => p.participation[0].status)).toEqual(['completed', 'withdrawn', 'invited', 'completed']);

    const elsewhere = { ...withStatus(rows[0], 'withdrawn'), study: 's2' };
    net.on('PATCH', STATUS('p2'), { status: 200, data: { message: participationStatusMessages.withdrawn, participant: elsewhere } });
    await store.dispatch(setParticipationStatus({ participantId: 'p2', studyId: 's2', status: 'withdrawn' }));
    expect(sliceState(store, 'participants').participants?.[0].participation[0].status).toBe('completed');
  });
});
