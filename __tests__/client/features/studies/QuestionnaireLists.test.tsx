// A group's one-time and anytime multi-selects (clicking an option toggles it; the keyboard too), offering
// every questionnaire of the lab, and "Edit Order of Selected Questionnaires" reordering them by keyboard.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { StudyEditBody } from '../../../../src/shared/types/study';
import { mockApi, type MockApi } from '../../support/mockApi';
import { groupBlock, item, openEditor, optionName } from './editorHarness';
import { group, stage, study } from './studyFixtures';

let net: MockApi;
beforeEach(() => {
  net = mockApi();
});
afterEach(() => net.restore());

const ONE_TIME = 'Assessments needing a one-time response at this stage';
const ANYTIME = 'Assessments allowing anytime, unlimited responses';
const ORDER = 'Edit Order of Selected Questionnaires';

const chosen = (listbox: HTMLElement) => within(listbox).queryAllByRole('option', { selected: true }).map((o) => o.textContent);

describe('Questionnaire multi-selects', () => {
  it('offer every questionnaire of the lab as "name (code)", from all pages of the list', async () => {
    await openEditor(net, study());
    const oneTime = within(groupBlock(1, 1)).getByRole('listbox', { name: ONE_TIME });
    await waitFor(() => expect(within(oneTime).getAllByRole('option')).toHaveLength(12));
    expect(within(oneTime).getByRole('option', { name: optionName(12) })).toBeInTheDocument();
    expect(oneTime).toHaveAttribute('aria-multiselectable', 'true');
    expect(net.sentTo('GET', '/api/qx_list?pageNumber=2')).toHaveLength(1);
  });

  it('toggle an option with each click, and with Space or Enter on the keyboard', async () => {
    const { user } = await openEditor(net, study());
    const anytime = within(groupBlock(1, 1)).getByRole('listbox', { name: ANYTIME });
    await waitFor(() => expect(within(anytime).getAllByRole('option')).toHaveLength(12));
    await user.click(within(anytime).getByRole('option', { name: optionName(4) }));
    await user.click(within(anytime).getByRole('option', { name: optionName(2) }));
    expect(chosen(anytime)).toEqual([`✓${optionName(2)}`, `✓${optionName(4)}`]);
    await user.click(within(anytime).getByRole('option', { name: optionName(4) }));
    expect(chosen(anytime)).toEqual([`✓${optionName(2)}`]);

    // Keyboard: the list keeps the focus, arrows move the active option, Space and Enter toggle it.
    expect(anytime).toHaveFocus();
    await user.keyboard('{Home}{ArrowDown}{ArrowDown} ');
    expect(anytime).toHaveAttribute('aria-activedescendant', within(anytime).getByRole('option', { name: optionName(3) }).id);
    await user.keyboard('{ArrowDown}{Enter}');
    expect(chosen(anytime)).toEqual([`✓${optionName(2)}`, `✓${optionName(3)}`, `✓${optionName(4)}`]);
    await user.keyboard('{ArrowUp}{ArrowUp} ');
    expect(chosen(anytime)).toEqual([`✓${optionName(3)}`, `✓${optionName(4)}`]);
  });
});

describe('Edit Order of Selected Questionnaires', () => {
  it('lists the chosen questionnaires in the order chosen, reorders them with the keyboard, and Save Changes sends that order', async () => {
    net.on('PUT', '/api/studies/s1/edit_except_consent', { status: 200, data: study() });
    const { user } = await openEditor(net, study());
    const block = groupBlock(1, 1);
    const oneTime = within(block).getByRole('listbox', { name: ONE_TIME });
    await waitFor(() => expect(within(oneTime).getAllByRole('option')).toHaveLength(12));
    for (const n of [3, 1, 2]) await user.click(within(oneTime).getByRole('option', { name: optionName(n) }));
    await user.click(within(within(block).getByRole('listbox', { name: ANYTIME })).getByRole('option', { name: optionName(5) }));

    await user.click(within(block).getByRole('button', { name: ORDER }));
    const dialog = await screen.findByRole('dialog', { name: ORDER });
    const oneTimeList = within(dialog).getByRole('list', { name: 'One-time assessments' });
    const names = () => within(oneTimeList).getAllByRole('listitem').map((li) => li.textContent?.replace(/[↑↓⠿]/g, '').trim());
    expect(names()).toEqual([`1. ${optionName(3)}`, `2. ${optionName(1)}`, `3. ${optionName(2)}`]);
    expect(within(within(dialog).getByRole('list', { name: 'Anytime assessments' })).getAllByRole('listitem')).toHaveLength(1);

    // Keyboard only: Tab to "Move … down" and press Enter, then to "Move … up" and press Space.
    const down = within(dialog).getByRole('button', { name: `Move ${optionName(3)} down` });
    down.focus();
    await user.keyboard('{Enter}');
    expect(names()).toEqual([`1. ${optionName(1)}`, `2. ${optionName(3)}`, `3. ${optionName(2)}`]);
    within(dialog).getByRole('button', { name: `Move ${optionName(2)} up` }).focus();
    await user.keyboard(' ');
    expect(names()).toEqual([`1. ${optionName(1)}`, `2. ${optionName(2)}`, `3. ${optionName(3)}`]);
    expect(within(dialog).getByRole('button', { name: `Move ${optionName(1)} up` })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: `Move ${optionName(3)} down` })).toBeDisabled();
    // Each item is also a drag handle that the keyboard can lift (Space, arrows, Space).
    expect(within(oneTimeList).getAllByRole('button', { name: /^\d\. Questionnaire/ })).toHaveLength(3);

    await user.click(within(dialog).getByRole('button', { name: 'Apply Order' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: ORDER })).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await screen.findByText('Changes have been saved');
    const body = net.sentTo('PUT', '/api/studies/s1/edit_except_consent')[0].body as StudyEditBody;
    expect(body.stage_list?.[0].participant_group_list?.[0]).toMatchObject({
      questionnaire_list: [item(1), item(2), item(3)],
      no_submission_limit_list: [item(5)],
    });
  });

  it('moves an item with drag-and-drop’s own keyboard dragging: Space lifts, an arrow moves, Space drops', async () => {
    const saved = study({ stage_list: [stage(1, { participant_group_list: [group(1, 1, { questionnaire_list: [item(1), item(2), item(3)] })] })] });
    const { user } = await openEditor(net, saved);
    await user.click(within(groupBlock(1, 1)).getByRole('button', { name: ORDER }));
    const dialog = await screen.findByRole('dialog', { name: ORDER });
    const handle = within(dialog).getByRole('button', { name: `1. ${optionName(1)}` });
    handle.focus();
    // The library reads keyCode, which user-event does not set for these keys; it moves on the next frames.
    const frame = () => new Promise((resolve) => setTimeout(resolve, 50));
    fireEvent.keyDown(handle, { key: ' ', code: 'Space', keyCode: 32 });
    await frame();
    fireEvent.keyDown(handle, { key: 'ArrowDown', code: 'ArrowDown', keyCode: 40 });
    await frame();
    fireEvent.keyDown(handle, { key: ' ', code: 'Space', keyCode: 32 });
    await waitFor(() =>
      expect(within(dialog).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
        expect.stringContaining(`1. ${optionName(2)}`),
        expect.stringContaining(`2. ${optionName(1)}`),
        expect.stringContaining(`3. ${optionName(3)}`),
      ]),
    );
  });

  it('Cancel asks before the changed order is lost, then leaves the order as it was', async () => {
    const saved = study({ stage_list: [stage(1, { participant_group_list: [group(1, 1, { questionnaire_list: [item(1), item(2)] })] })] });
    const { user } = await openEditor(net, saved);
    await user.click(within(groupBlock(1, 1)).getByRole('button', { name: ORDER }));
    let dialog = await screen.findByRole('dialog', { name: ORDER });
    await user.click(within(dialog).getByRole('button', { name: `Move ${optionName(2)} up` }));
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await user.click(await screen.findByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: ORDER })).not.toBeInTheDocument());
    await user.click(within(groupBlock(1, 1)).getByRole('button', { name: ORDER }));
    dialog = await screen.findByRole('dialog', { name: ORDER });
    expect(within(dialog).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      expect.stringContaining(`1. ${optionName(1)}`),
      expect.stringContaining(`2. ${optionName(2)}`),
    ]);
    expect(within(dialog).getByText('None selected.')).toBeInTheDocument();
  });
});
