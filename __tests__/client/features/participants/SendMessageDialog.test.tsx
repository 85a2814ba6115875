// Send Message on the Participant List: the participants listed (withdrawn ones left out), one, several or all
// chosen; the shared rule's messages before anything is sent; Send asks first, then the answer's words; a
// refusal shows in the dialog with the text kept.
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { inboxTexts, MESSAGE_TEXT_MAX_CHARS, sentSummary } from '../../../../src/shared/inbox';
import type { Participant } from '../../../../src/shared/types/participant';
import { deferred, mockApi, type MockApi } from '../../support/mockApi';
import { participant } from './participantFixtures';
import { answerParticipants, openPage } from './support';

const MESSAGES = '/api/participants/s1/messages';

let rows: Participant[];
let net: MockApi;
beforeEach(() => {
  rows = [
    participant({ id: 'p1', code: 'AAA111' }),
    participant({ id: 'p2', code: 'BBB222' }),
    participant({ id: 'p3', code: 'CCC333', status: 'withdrawn' }),
  ];
  net = answerParticipants(mockApi(), () => rows);
});
afterEach(() => net.restore());

async function openDialog(user: UserEvent): Promise<HTMLElement> {
  await screen.findByRole('cell', { name: 'AAA111' });
  await user.click(screen.getByRole('button', { name: inboxTexts.button }));
  return screen.findByRole('dialog', { name: inboxTexts.title });
}

describe('Send Message', () => {
  it('offers the listed participants but the withdrawn, and says why', async () => {
    const { user } = openPage();
    const dialog = await openDialog(user);
    expect(within(dialog).getByRole('checkbox', { name: `${inboxTexts.everyoneListed} (2)` })).toBeInTheDocument();
    expect(within(dialog).getByRole('checkbox', { name: 'AAA111 (p1@example.org)' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('checkbox', { name: /CCC333/ })).not.toBeInTheDocument();
    expect(within(dialog).getByText(inboxTexts.withdrawnLeftOut)).toBeInTheDocument();
  });

  it('says what is missing before sending anything: the participants, then the text, then a text too long', async () => {
    const { user } = openPage();
    const dialog = await openDialog(user);
    await user.click(within(dialog).getByRole('button', { name: inboxTexts.confirm }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(inboxTexts.noRecipients);
    await user.click(within(dialog).getByRole('checkbox', { name: 'AAA111 (p1@example.org)' }));
    await user.type(within(dialog).getByLabelText(inboxTexts.text), '   ');
    await user.click(within(dialog).getByRole('button', { name: inboxTexts.confirm }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(inboxTexts.textRequired);
    await user.clear(within(dialog).getByLabelText(inboxTexts.text));
    await user.click(within(dialog).getByLabelText(inboxTexts.text));
    await user.paste('x'.repeat(MESSAGE_TEXT_MAX_CHARS + 1));
    expect(within(dialog).getByText(inboxTexts.charactersLeft(-1))).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: inboxTexts.confirm }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(inboxTexts.textTooLong);
    expect(net.sentTo('POST', MESSAGES)).toEqual([]);
  });

  it('sends to everyone listed after asking, and shows how they were reached', async () => {
    const answer = deferred();
    net.on('POST', MESSAGES, answer.responder);
    const { user } = openPage();
    const dialog = await openDialog(user);
    await user.click(within(dialog).getByRole('checkbox', { name: `${inboxTexts.everyoneListed} (2)` }));
    await user.type(within(dialog).getByLabelText(inboxTexts.text), 'See you on Friday');
    await user.click(within(dialog).getByRole('button', { name: inboxTexts.confirm }));
    const confirm = await screen.findByRole('dialog', { name: inboxTexts.confirmQuestion(2) });
    expect(net.sentTo('POST', MESSAGES)).toEqual([]);
    await user.click(within(confirm).getByRole('button', { name: inboxTexts.confirm }));
    await waitFor(() => expect(net.sentTo('POST', MESSAGES)).toHaveLength(1));
    expect(net.sentTo('POST', MESSAGES)[0].body).toEqual({ participantIds: ['p1', 'p2'], text: 'See you on Friday' });
    const counts = { sent: 2, pushed: 1, emailed: 1, unreached: 0 };
    answer.release({ status: 200, data: { message: sentSummary(counts), ...counts } });
    expect(await screen.findByText(sentSummary(counts))).toBeInTheDocument();
  });

  it("shows the server's refusal in the dialog, keeping the text", async () => {
    net.on('POST', MESSAGES, { status: 409, data: { message: inboxTexts.recipientWithdrawn } });
    const { user } = openPage();
    const dialog = await openDialog(user);
    await user.click(within(dialog).getByRole('checkbox', { name: 'BBB222 (p2@example.org)' }));
    await user.type(within(dialog).getByLabelText(inboxTexts.text), 'Hello');
    await user.click(within(dialog).getByRole('button', { name: inboxTexts.confirm }));
    await user.click(within(await screen.findByRole('dialog', { name: inboxTexts.confirmQuestion(1) })).getByRole('button', { name: inboxTexts.confirm }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(inboxTexts.recipientWithdrawn);
    expect(within(dialog).getByLabelText(inboxTexts.text)).toHaveValue('Hello');
  });
});
