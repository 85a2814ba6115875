// The questionnaire editor, its dialogs and the Create Questionnaire dialog never lose typed work silently
// (the shared unsaved-changes guard).
import { screen, waitFor, within } from '@testing-library/react';
import type { Question } from '../../../../src/shared/questionnaire/types';
import { portalMessages } from '../../../../src/shared/messages';
import { mockApi, type MockApi } from '../../support/mockApi';
import { currentLocation, renderWithProviders } from '../../testUtils';
import { card, deferEditors, openEditor } from './editorHarness';
import { asManager, moodSet, question, questionnaire, response, summary } from './fixtures';

jest.setTimeout(30_000);
deferEditors();

const LEAVE = portalMessages.unsavedLeavePage;
const DISCARD = portalMessages.unsavedDiscard;

let net: MockApi;
beforeEach(() => {
  net = mockApi().on('GET', '/api/qx_list?pageNumber=1', { status: 200, data: { qx_list: [summary('qx1', 'Sleep Diary', 'SD1')], pages: 1, page: 1 } });
});
afterEach(() => net.restore());

const questions = () => [question('q1', 'Q1'), question('q2', 'Q2', [response('r2', 'text')])];
const menuLink = () => screen.getByRole('link', { name: 'Media Files' });
/** A button of the shared question, once it is asked. */
const answer = async (question: string, button: string) =>
  within(await screen.findByRole('dialog', { name: question })).getByRole('button', { name: button });

function acceptSaves() {
  net.on('PUT', '/api/qx_list/qx1/edit', (request) => {
    const body = request.body as { chin_name: string; abbrev: string; chin_content: Question[] };
    return { status: 200, data: questionnaire(body.chin_content, { chin_name: body.chin_name, abbrev: body.abbrev }) };
  });
}

describe('QuestionnaireEditor: leaving with unsaved changes', () => {
  it('follows a menu link without a question when nothing changed', async () => {
    const { user } = await openEditor(net, questions());
    await user.click(menuLink());
    await waitFor(() => expect(currentLocation()).toBe('/media/files'));
    expect(screen.queryByRole('dialog', { name: LEAVE })).not.toBeInTheDocument();
  });

  it(`asks '${LEAVE}' before a menu link loses a changed name: Stay keeps it, Leave goes`, async () => {
    const { user } = await openEditor(net, questions());
    await user.type(screen.getByLabelText('Questionnaire Name'), ' (evening)');
    await user.click(menuLink());
    await user.click(await answer(LEAVE, 'Stay'));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: LEAVE })).not.toBeInTheDocument());
    expect(currentLocation()).toBe('/qx/qx1/edit');
    expect(screen.getByLabelText('Questionnaire Name')).toHaveValue('Sleep Diary (evening)');

    await user.click(menuLink());
    await user.click(await answer(LEAVE, 'Leave'));
    await waitFor(() => expect(currentLocation()).toBe('/media/files'));
  });

  it('asks when a question changed, and not when it is changed back to what is saved', async () => {
    const { user } = await openEditor(net, questions());
    const number = card(2).getByLabelText('Question number');
    await user.type(number, 'b');
    await user.click(menuLink());
    await user.click(await answer(LEAVE, 'Stay'));
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();
    await user.type(number, '{Backspace}');
    expect(screen.queryByText('Unsaved changes')).not.toBeInTheDocument();
    await user.click(menuLink());
    await waitFor(() => expect(currentLocation()).toBe('/media/files'));
    expect(screen.queryByRole('dialog', { name: LEAVE })).not.toBeInTheDocument();
  });

  it('does not ask after Save Changes', async () => {
    acceptSaves();
    const { user } = await openEditor(net, questions());
    await user.type(screen.getByLabelText('Questionnaire Code'), '2');
    await user.click(card(1).getByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Are you sure?' })).getByRole('button', { name: 'Confirm' }));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await screen.findByText('Changes have been saved');
    await user.click(menuLink());
    await waitFor(() => expect(currentLocation()).toBe('/media/files'));
    expect(screen.queryByRole('dialog', { name: LEAVE })).not.toBeInTheDocument();
  });
});

describe('QuestionnaireEditor: dialogs with typed work', () => {
  it(`the multiple-choice set form asks '${DISCARD}' before Close, Escape or Cancel lose it`, async () => {
    const { user } = await openEditor(net, questions(), [moodSet]);
    await user.click(screen.getByRole('button', { name: 'Multiple Choices Sets' }));
    const manager = await screen.findByRole('dialog', { name: 'Multiple Choices Sets' });
    // An untouched form goes back to the list without a question.
    await user.click(within(manager).getByRole('button', { name: 'New Set' }));
    await user.click(within(manager).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog', { name: DISCARD })).not.toBeInTheDocument();

    await user.click(within(manager).getByRole('button', { name: 'Edit Mood' }));
    await user.type(within(manager).getByLabelText('Choice 2 name'), 'der');
    // The header's close button and the footer's Close.
    const [closeButton, close] = within(manager).getAllByRole('button', { name: 'Close' });
    await user.click(closeButton);
    await user.click(await answer(DISCARD, 'Keep Editing'));
    await user.click(close);
    await user.click(await answer(DISCARD, 'Keep Editing'));
    await user.keyboard('{Escape}');
    await user.click(await answer(DISCARD, 'Keep Editing'));
    expect(within(manager).getByLabelText('Choice 2 name')).toHaveValue('Sadder');
    await user.click(within(manager).getByRole('button', { name: 'Cancel' }));
    await user.click(await answer(DISCARD, 'Discard'));
    expect(await within(manager).findByRole('button', { name: 'New Set' })).toBeInTheDocument();
    // Back on the list, nothing is held: Close closes.
    await user.click(close);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Multiple Choices Sets' })).not.toBeInTheDocument());
    expect(screen.queryByRole('dialog', { name: DISCARD })).not.toBeInTheDocument();
  });

  it('the visibility-condition dialog asks before a typed value that was not added is lost', async () => {
    const { user } = await openEditor(net, questions());
    await user.click(card(2).getByRole('button', { name: 'Visibility Condition' }));
    const dialog = await screen.findByRole('dialog', { name: /^Visibility Condition: Question 2/ });
    await user.type(within(dialog).getByLabelText('Value'), 'yes');
    const close = within(dialog).getAllByRole('button', { name: 'Close' }).at(-1) as HTMLElement;
    await user.click(close);
    await user.click(await answer(DISCARD, 'Keep Editing'));
    expect(within(dialog).getByLabelText('Value')).toHaveValue('yes');
    await user.clear(within(dialog).getByLabelText('Value'));
    await user.click(close);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /^Visibility Condition/ })).not.toBeInTheDocument());
    expect(screen.queryByRole('dialog', { name: DISCARD })).not.toBeInTheDocument();
  });
});

describe('Create Questionnaire: typed name and code', () => {
  async function openCreate() {
    const rendered = renderWithProviders(undefined, { route: '/qx/qx_list/1', preloadedState: asManager });
    await rendered.user.click(await screen.findByRole('button', { name: 'Create Questionnaire' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Questionnaire' });
    return { ...rendered, dialog };
  }

  it('closes with Escape at once when nothing was typed, and asks when something was', async () => {
    const { user, dialog } = await openCreate();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Create Questionnaire' })).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Create Questionnaire' }));
    const again = await screen.findByRole('dialog', { name: 'Create Questionnaire' });
    expect(again).not.toBe(dialog);
    await user.type(within(again).getByLabelText('Questionnaire Code'), 'EV1');
    await user.keyboard('{Escape}');
    await user.click(await answer(DISCARD, 'Keep Editing'));
    expect(within(again).getByLabelText('Questionnaire Code')).toHaveValue('EV1');
    await user.click(within(again).getByRole('button', { name: 'Cancel' }));
    await user.click(await answer(DISCARD, 'Discard'));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Create Questionnaire' })).not.toBeInTheDocument());
  });

  it('opens the new questionnaire after creating it, without a question', async () => {
    const created = questionnaire([], { _id: 'qx9', chin_name: 'Evening', abbrev: 'EV1' });
    net
      .on('POST', '/api/qx_list', { status: 201, data: created })
      .on('GET', '/api/qx_list/qx9', { status: 200, data: created })
      .on('GET', '/api/qx_list/qx9/mc', { status: 200, data: { sets: [] } })
      .on('GET', '/api/qx_list/qx9/versions', { status: 200, data: { versions: [] } });
    const { user, dialog } = await openCreate();
    await user.type(within(dialog).getByLabelText('Questionnaire Name'), 'Evening');
    await user.type(within(dialog).getByLabelText('Questionnaire Code'), 'EV1');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(currentLocation()).toBe('/qx/qx9/edit'));
    expect(screen.queryByRole('dialog', { name: LEAVE })).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: DISCARD })).not.toBeInTheDocument();
  });
});
