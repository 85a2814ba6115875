// Allocate on consent on the Participant List, with the real store: without a rule the form shows at once; the
// shared rule's message shows before anything is sent; turning it on sends the rule's body and shows the rule in
// force; turning it off asks first (Keep it on sends nothing) and then sends DELETE; all by keyboard.
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { allocationMessages, allocationRuleTexts, allocationTexts, type AllocationRule } from '../../../../src/shared/allocation';
import { mockApi, type MockApi } from '../../support/mockApi';
import { participant } from './participantFixtures';
import { answerParticipants, openPage } from './support';

const RULE = '/api/participants/s1/allocation_rule';

const inForce: AllocationRule = {
  stageId: 'stage2',
  groupIds: ['group2-1', 'group2-2'],
  ratios: [2, 1],
  blockSize: 3,
  seed: 77,
  allocatedCount: 4,
  setAt: '2026-12-04T10:00:00.000Z',
};

let net: MockApi;
beforeEach(() => {
  net = answerParticipants(mockApi(), () => [participant({ id: 'p1', code: 'AAA111' })]);
});
afterEach(() => net.restore());

async function openDialog(user: UserEvent): Promise<HTMLElement> {
  await screen.findByRole('cell', { name: 'AAA111' });
  screen.getByRole('button', { name: allocationRuleTexts.button }).focus();
  await user.keyboard('{Enter}');
  return screen.findByRole('dialog', { name: allocationRuleTexts.title });
}

describe('Allocate on consent', () => {
  it("shows the shared rule's message before sending, then turns the rule on and shows it in force", async () => {
    net.on('GET', RULE, { status: 200, data: null });
    net.on('PUT', RULE, { status: 200, data: inForce });
    const { user } = openPage();
    const dialog = await openDialog(user);
    const turnOn = await within(dialog).findByRole('button', { name: allocationRuleTexts.turnOn });
    await user.selectOptions(within(dialog).getByLabelText(allocationTexts.stage), 'Stage 2: Intervention');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Group 1: Diary' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Group 2: Control' }));
    const ratio = within(dialog).getByLabelText(allocationTexts.ratioOf('Group 1: Diary'));
    await user.clear(ratio);
    await user.type(ratio, '2');
    await user.click(turnOn);
    expect(within(dialog).getByRole('alert')).toHaveTextContent(allocationMessages.blockSizeNotMultiple(3));
    expect(net.sentTo('PUT', RULE)).toEqual([]);

    await user.clear(within(dialog).getByLabelText(allocationTexts.blockSize));
    await user.type(within(dialog).getByLabelText(allocationTexts.blockSize), '3');
    await user.type(within(dialog).getByLabelText(allocationTexts.seed), '77');
    await user.click(turnOn);
    await waitFor(() => expect(net.sentTo('PUT', RULE)).toHaveLength(1));
    expect(net.sentTo('PUT', RULE)[0].body).toEqual({ stageId: 'stage2', groupIds: ['group2-1', 'group2-2'], ratios: [2, 1], blockSize: 3, seed: 77 });
    expect(await within(dialog).findByText(allocationRuleTexts.turnedOn)).toBeInTheDocument();
    const shown = within(dialog).getByRole('region', { name: allocationRuleTexts.inForce });
    expect(within(shown).getByText('Group 1: Diary (2), Group 2: Control (1)')).toBeInTheDocument();
    expect(within(shown).getByText(allocationTexts.seedUsed(77))).toBeInTheDocument();
    expect(within(shown).getByText(allocationRuleTexts.allocatedSoFar(4))).toBeInTheDocument();
  });

  it('turns the rule off only after the confirmation', async () => {
    net.on('GET', RULE, { status: 200, data: inForce });
    net.on('DELETE', RULE, { status: 200, data: null });
    const { user } = openPage();
    const dialog = await openDialog(user);
    (await within(dialog).findByRole('button', { name: allocationRuleTexts.turnOff })).focus();
    await user.keyboard('{Enter}');
    expect(within(dialog).getByText(allocationRuleTexts.confirmTurnOff)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: allocationRuleTexts.keepOn }));
    expect(within(dialog).queryByText(allocationRuleTexts.confirmTurnOff)).not.toBeInTheDocument();
    expect(net.sentTo('DELETE', RULE)).toEqual([]);

    await user.click(within(dialog).getByRole('button', { name: allocationRuleTexts.turnOff }));
    within(dialog).getByRole('button', { name: allocationRuleTexts.confirmYes }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(net.sentTo('DELETE', RULE)).toHaveLength(1));
    expect(await within(dialog).findByText(allocationRuleTexts.turnedOff)).toBeInTheDocument();
    expect(within(dialog).queryByRole('region', { name: allocationRuleTexts.inForce })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: allocationRuleTexts.turnOn })).toBeInTheDocument();
  });
});
