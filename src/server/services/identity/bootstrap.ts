// First start: the system owner account and the session-signing secret.
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../repositories/db';
import { countSystemOwners, insertSystemOwner } from '../../repositories/systemOwners';
import { ensureSetting } from '../../repositories/settings';
import { withLocks } from '../../repositories/locks';
import { hashPassword } from './passwords';
import { newId, nowIso } from '../../ids';

/**
 * Creates the system owner when there is none. Several processes may start at once on an empty database: the
 * count and the insert are one step under a lock, so one of them creates it (and prints a generated password)
 * and the others find it there.
 */
export async function ensureSystemOwner(db: Db, config: Config, log: FastifyBaseLogger): Promise<void> {
  if ((await countSystemOwners(db)) > 0) return;
  const generated = config.systemOwnerPassword === null;
  const password = config.systemOwnerPassword ?? randomBytes(12).toString('base64url');
  const passwordHash = await hashPassword(password);
  const created = await withLocks(db, ['first start: system owner'], async (trx) => {
    if ((await countSystemOwners(trx)) > 0) return false;
    await insertSystemOwner(trx, { id: newId(), email: config.systemOwnerEmail, password_hash: passwordHash, created_at: nowIso() });
    return true;
  });
  if (!created) return;
  if (generated) {
    // Printed once, on the console only: the log line never carries it.
    process.stdout.write(
      `\nSystem owner account created: ${config.systemOwnerEmail}\nPassword (shown only now): ${password}\n\n`,
    );
  }
  log.info({ email: config.systemOwnerEmail }, 'system owner account created');
}

/** The secret that signs session tokens: from SESSION_SECRET, or generated once and kept in the database. */
export async function sessionSecret(db: Db, config: Config): Promise<string> {
  if (config.sessionSecret) return config.sessionSecret;
  return ensureSetting(db, 'session_secret', randomBytes(48).toString('base64url'));
}
