// What every route needs, built once in app.ts and decorated onto the Fastify instance.
import type { Kysely } from 'kysely';
import type { Config } from './config';
import type { Database } from './db/types';
import type { DatabaseKind } from './db/database';
import type { TokenSigner } from './services/tokens';
import type { ObjectStorage } from './storage/objectStorage';
import type { Mailer } from './services/mail';
import type { AnswerStore } from './services/answers/answerStore';

export interface AppContext {
  config: Config;
  db: Kysely<Database>;
  dbKind: DatabaseKind;
  tokens: TokenSigner;
  storage: ObjectStorage;
  mailer: Mailer;
  /** Commits participants' answers in groups. */
  answers: AnswerStore;
}
