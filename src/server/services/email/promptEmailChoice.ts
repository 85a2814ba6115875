// The participant's choice of prompt emails (issue 33): read and set from the app, and turned off by the email's
// unsubscribe link (RFC 8058), which names the participant by a signed token rather than a session.
import type { Db } from '../../repositories/db';
import { promptEmailsWanted, setPromptEmails } from '../../repositories/promptEmails';
import { promptEmailUnsubscribeTexts } from '../../../shared/messages/promptEmail';
import { badRequest } from '../../httpErrors';
import type { UnsubscribeTokens } from './unsubscribeToken';

export async function promptEmailsOf(db: Db, participantId: string): Promise<boolean> {
  return (await promptEmailsWanted(db, participantId)) ?? false;
}

export async function choosePromptEmails(db: Db, participantId: string, enabled: boolean): Promise<boolean> {
  await setPromptEmails(db, participantId, enabled);
  return enabled;
}

/** The participant a link's token names; 400 for a token this server did not make. */
export function participantOfLink(tokens: UnsubscribeTokens, token: string | undefined): string {
  const participantId = token ? tokens.participantOf(token) : null;
  if (!participantId) throw badRequest(promptEmailUnsubscribeTexts.invalid);
  return participantId;
}

/** Turns the emails off for the link's participant; answers the message (the same when already off). */
export async function unsubscribeByLink(db: Db, tokens: UnsubscribeTokens, token: string | undefined): Promise<string> {
  const participantId = participantOfLink(tokens, token);
  // A participant deleted since the email was sent has nothing left to turn off: the same answer.
  await setPromptEmails(db, participantId, false);
  return promptEmailUnsubscribeTexts.done;
}
