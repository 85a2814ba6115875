// Erase on the Participant List (issue 36 part 3): offered in every row's Actions menu, asks first (Cancel
// focused, nothing sent on Cancel), then erases: the call, the toast, the row gone; a refusal is the page's alert.
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { dataRightsMessages } from '../../../../src/shared/messages';
import type { Participant } from '../../../../src/shared/types/participant';
import { mockApi, type MockApi } from '../../support/mockApi';
import { sliceState } from '../../testUtils';
import { participant } from './participantFixtures';
import { FILTERED, answerParticipants, chooseRowAction, openPage, rowMenuItems } from './support';

let rows: Participant[];
let net: MockApi;
beforeEach(() => {
  rows = [participant({ id: 'p2', code: 'BBB222', stageNum: 2, groupNum: 1, arrived: true }), participant({ id: 'p3', code: 'CCC333', stageNum: 2, groupNum: 1, status: 'withdrawn' })];
  net = answerParticipants(mockApi(), () => rows);
});
afterEach(() => net.restore());

async function chooseStage2Group1(user: UserEvent, store: Parameters<typeof sliceState>[0]) {
  await screen.findByRole('cell', { name: 'BBB222' });
  await user.selectOptions(screen.getByLabelText('Stage'), 'Stage 2: Intervention');
  await user.selectOptions(screen.getByLabelText('Group'), 'Group 1: Diary');
  await screen.findByRole('button', { name: 'Actions BBB222' });
  await waitFor(() => expect(net.sentTo('POST', FILTERED).some((r) => (r.body as { currentGroupId?: string }).currentGroupId)).toBe(true));
  await waitFor(() => expect(sliceState(store, 'participants').requests.list.status).toBe('success'));
}

describe('Erase on the Participant List', () => {
  it('is offered for every participant, whatever their status', async () => {
    const { user, store } = openPage();
    await chooseStage2Group1(user, store);
    for (const code of ['BBB222', 'CCC333']) expect(await rowMenuItems(user, code)).toContain(dataRightsMessages.eraseAction);
  });

  it('asks first (Cancel focused, nothing sent), then erases: the call, the toast, the row gone', async () => {
    const { user, store } = openPage();
    await chooseStage2Group1(user, store);
    const url = `/api/participants/${rows[0].study}/p2/erase`;
    net.on('POST', url, { status: 200, data: { message: dataRightsMessages.participantErased } });

    await chooseRowAction(user, 'BBB222', dataRightsMessages.eraseAction);
    let dialog = await screen.findByRole('dialog', { name: dataRightsMessages.eraseTitle });
    expect(within(dialog).getByText(dataRightsMessages.eraseDetails('BBB222'))).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(net.sentTo('POST', url)).toEqual([]);

    await chooseRowAction(user, 'BBB222', dataRightsMessages.eraseAction);
    dialog = await screen.findByRole('dialog', { name: dataRightsMessages.eraseTitle });
    await user.click(within(dialog).getByRole('button', { name: dataRightsMessages.eraseYes }));
    expect(await screen.findByText(dataRightsMessages.participantErased)).toBeInTheDocument();
    expect(net.sentTo('POST', url)).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('cell', { name: 'BBB222' })).not.toBeInTheDocument());
    expect(screen.getByRole('cell', { name: 'CCC333' })).toBeInTheDocument();
  });

  it("shows a refusal as the page's red alert and keeps the row", async () => {
    const { user, store } = openPage();
    await chooseStage2Group1(user, store);
    net.on('POST', `/api/participants/${rows[0].study}/p2/erase`, { status: 404, data: { message: 'Participant not found' } });
    await chooseRowAction(user, 'BBB222', dataRightsMessages.eraseAction);
    const dialog = await screen.findByRole('dialog', { name: dataRightsMessages.eraseTitle });
    await user.click(within(dialog).getByRole('button', { name: dataRightsMessages.eraseYes }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Participant not found');
    expect(screen.getByRole('cell', { name: 'BBB222' })).toBeInTheDocument();
  });
});
