// What every route needs, built once in app.ts and decorated onto the Fastify instance.
import type { Kysely } from 'kysely';
import type { Config } from './config';
import type { Database } from './db/types';
import type { DatabaseKind, ReadConnection } from './db/database';
import type { TokenSigner } from './services/identity/tokens';
import type { ObjectStorage } from './storage/objectStorage';
import type { Mailer } from './services/identity/mail';
import type { AnswerStore } from './services/answers/answerStore';
import type { LiveSession } from './plugins/auth';
import type { ParticipantRow } from './db/types';
import type { SessionCache } from './plugins/sessionCache';
import type { PushSender } from './services/push/pushSender';
import type { PushPoster } from './services/push/pushMessage';
import type { AlertDigests } from './services/alerts/alertDigests';
import type { RetentionJob } from './services/studies/retention';
import type { UnsubscribeTokens } from './services/email/unsubscribeToken';
import type { PromptEmailSender } from './services/email/promptEmailSender';

export interface AppContext {
  config: Config;
  db: Kysely<Database>;
  dbKind: DatabaseKind;
  /** A connection for a long read that must not fill the server's cache (the data downloads). */
  openReader(): ReadConnection;
  tokens: TokenSigner;
  storage: ObjectStorage;
  mailer: Mailer;
  /** Commits participants' answers in groups. */
  answers: AnswerStore;
  /** Staff sessions remembered between calls (SQLite only; null on PostgreSQL). */
  sessions: SessionCache<LiveSession> | null;
  /** Participants' app sessions, remembered the same way. */
  participantSessions: SessionCache<ParticipantRow> | null;
  /** Pushes due prompts to participants' devices; holds the VAPID public key the app subscribes with. */
  push: PushSender;
  /** Pushes the research team's messages (outside the prompt sender's claims). */
  messagePush: PushPoster;
  /** Emails each study's daily adherence digest. */
  alerts: AlertDigests;
  retention: RetentionJob;
  /** The prompt emails' unsubscribe tokens (issue 33). */
  unsubscribeTokens: UnsubscribeTokens;
  /** Emails the prompts that push could not bring; null when mail is off (no SMTP_URL). */
  promptEmails: PromptEmailSender | null;
}
