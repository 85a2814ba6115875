// Assign at random on the Participant List, with the real store: only enrolled participants of stage 1 are
// offered; the shared rule's message shows before anything is sent (a block size that is no multiple of the
// ratios); a valid allocation sends the contract's body and shows the seed and each participant's new group; the
// server's refusal shows in the dialog.
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { allocationMessages, allocationTexts } from '../../../../src/shared/allocation';
import type { Participant } from '../../../../src/shared/types/participant';
import { mockApi, type MockApi } from '../../support/mockApi';
import { participant } from './participantFixtures';
import { answerParticipants, openPage } from './support';

const ALLOCATE = '/api/participants/s1/allocate';

let rows: Participant[];
let net: MockApi;
beforeEach(() => {
  rows = [
    participant({ id: 'p1', code: 'AAA111' }),
    participant({ id: 'p2', code: 'BBB222' }),
    participant({ id: 'p3', code: 'CCC333', status: 'invited' }),
    participant({ id: 'p4', code: 'DDD444', stageNum: 2, groupNum: 2 }),
  ];
  net = answerParticipants(mockApi(), () => rows);
});
afterEach(() => net.restore());

async function openDialog(user: UserEvent): Promise<HTMLElement> {
  await screen.findByRole('cell', { name: 'AAA111' });
  await user.click(screen.getByRole('button', { name: allocationTexts.button }));
  return screen.findByRole('dialog', { name: allocationTexts.title });
}

async function chooseGroups(user: UserEvent, dialog: HTMLElement): Promise<void> {
  await user.selectOptions(within(dialog).getByLabelText(allocationTexts.stage), 'Stage 2: Intervention');
  await user.click(within(dialog).getByRole('checkbox', { name: 'Group 1: Diary' }));
  await user.click(within(dialog).getByRole('checkbox', { name: 'Group 2: Control' }));
}

describe('Assign at random', () => {
  it('offers only the enrolled participants of stage 1', async () => {
    const { user } = openPage();
    const dialog = await openDialog(user);
    expect(within(dialog).getByRole('checkbox', { name: `${allocationTexts.everyone} (2)` })).toBeInTheDocument();
    expect(within(dialog).getByRole('checkbox', { name: 'AAA111 (p1@example.org)' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('checkbox', { name: /CCC333/ })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('checkbox', { name: /DDD444/ })).not.toBeInTheDocument();
  });

  it("shows the shared rule's messages before sending anything", async () => {
    const { user } = openPage();
    const dialog = await openDialog(user);
    await user.click(within(dialog).getByRole('button', { name: allocationTexts.allocate }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(allocationMessages.participantsRequired);
    await user.click(within(dialog).getByRole('checkbox', { name: `${allocationTexts.everyone} (2)` }));
    await chooseGroups(user, dialog);
    const ratio = within(dialog).getByLabelText(allocationTexts.ratioOf('Group 1: Diary'));
    await user.clear(ratio);
    await user.type(ratio, '2');
    await user.click(within(dialog).getByRole('button', { name: allocationTexts.allocate }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(allocationMessages.blockSizeNotMultiple(3));
    expect(net.sentTo('POST', ALLOCATE)).toEqual([]);
  });

  it('sends the chosen participants, stage, groups, ratios, block size and seed, and shows where each went', async () => {
    net.on('POST', ALLOCATE, {
      status: 200,
      data: { seed: 99, allocations: [{ participantId: 'p1', groupId: 'group2-2' }, { participantId: 'p2', groupId: 'group2-1' }] },
    });
    const { user } = openPage();
    const dialog = await openDialog(user);
    await user.click(within(dialog).getByRole('checkbox', { name: `${allocationTexts.everyone} (2)` }));
    await chooseGroups(user, dialog);
    await user.clear(within(dialog).getByLabelText(allocationTexts.blockSize));
    await user.type(within(dialog).getByLabelText(allocationTexts.blockSize), '2');
    await user.type(within(dialog).getByLabelText(allocationTexts.seed), '99');
    await user.click(within(dialog).getByRole('button', { name: allocationTexts.allocate }));
    await waitFor(() => expect(net.sentTo('POST', ALLOCATE)).toHaveLength(1));
    expect(net.sentTo('POST', ALLOCATE)[0].body).toEqual({
      participantIds: ['p1', 'p2'],
      stageId: 'stage2',
      groupIds: ['group2-1', 'group2-2'],
      ratios: [1, 1],
      blockSize: 2,
      seed: 99,
    });
    const result = await screen.findByRole('dialog', { name: allocationTexts.title });
    expect(await within(result).findByText(allocationMessages.allocated(2))).toBeInTheDocument();
    expect(within(result).getByText(allocationTexts.seedUsed(99))).toBeInTheDocument();
    const list = within(result).getByRole('list', { name: 'Allocations' });
    expect(within(list).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['AAA111: Group 2: Control', 'BBB222: Group 1: Diary']);
    expect(within(result).getByRole('button', { name: allocationTexts.download })).toBeInTheDocument();
  });

  it("shows the server's refusal in the dialog, keeping the choices", async () => {
    net.on('POST', ALLOCATE, { status: 409, data: { message: allocationMessages.alreadyAllocated('AAA111') } });
    const { user } = openPage();
    const dialog = await openDialog(user);
    await user.click(within(dialog).getByRole('checkbox', { name: 'AAA111 (p1@example.org)' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'BBB222 (p2@example.org)' }));
    await chooseGroups(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: allocationTexts.allocate }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(allocationMessages.alreadyAllocated('AAA111'));
    expect(within(dialog).getByRole('checkbox', { name: 'AAA111 (p1@example.org)' })).toBeChecked();
  });
});
