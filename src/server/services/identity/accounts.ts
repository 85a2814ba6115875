// Lab users and labs: the rules that the lab manager's and the system owner's calls share.
import type { Db } from '../../repositories/db';
import type { LabRow, LabUserRow } from '../../db/types';
import type { Lab, LabUser, LabUserWithAccess } from '../../../shared/types/identity';
import { ALL_ACCESS, NEW_LAB_USER_ACCESS, type AccessEntry, accessKey, isKnownAccess } from '../../../shared/access';
import { authMessages } from '../../../shared/messages';
import { emailProblem, firstProblem, labNameProblem, normalizeEmail, organizationProblem, passwordProblem } from '../../../shared/validation/identity';
import { badRequest, conflict } from '../../httpErrors';
import { findLabUser, findLabUserByEmail, insertLabUser, updateLabUser } from '../../repositories/labUsers';
import { insertLab } from '../../repositories/labs';
import { listAccess, replaceAccess } from '../../repositories/access';
import { endLabUserSessions } from '../../repositories/sessions';
import { hashPassword } from './passwords';
import { newId, nowIso } from '../../ids';
import { isUniqueViolation } from '../../repositories/uniqueViolation';
import type { Organization } from '../../../shared/organizations';
import { deleteLabUser } from '../../repositories/labUsers';
import { recordAudit, type AuditActor } from '../audit/record';

/** A lab user as the audit trail keeps it: never the password, only that it changed; entries by name. */
function auditedUser(row: Pick<LabUserRow, 'email' | 'is_lab_manager'>, access: readonly AccessEntry[] | null, passwordChanged = false) {
  return {
    email: row.email,
    isLabManager: row.is_lab_manager === 1,
    ...(access ? { access: Object.fromEntries(access.map((e) => [accessKey(e), true])) } : {}),
    ...(passwordChanged ? { password: 'changed' } : {}),
  };
}

function recordUser(trx: Db, actor: AuditActor, kind: 'user.created' | 'user.changed' | 'user.deleted' | 'access.changed', user: LabUserRow, before: unknown, after: unknown) {
  return recordAudit(trx, actor, { kind, entityType: 'labUser', entityId: user.id, labId: user.lab_id, before, after });
}

export function toLabUser(row: Omit<LabUserRow, 'password_hash'>): LabUser {
  return {
    _id: row.id,
    email: row.email,
    isLabManager: row.is_lab_manager === 1,
    lab: row.lab_id,
    createdAt: row.created_at,
  };
}

export function toLab(row: LabRow, organizationNames: Record<string, string>): Lab {
  return {
    _id: row.id,
    name: row.name,
    organization: row.organization as Organization,
    organizationName: organizationNames[String(row.organization)] ?? String(row.organization),
    createdAt: row.created_at,
  };
}

/** A lab manager holds every entry; anyone else holds what is stored for them. */
export async function accessOf(db: Db, user: LabUserRow): Promise<AccessEntry[]> {
  return user.is_lab_manager ? ALL_ACCESS.map((e) => ({ ...e })) : listAccess(db, user.id);
}

export async function withAccess(db: Db, user: LabUserRow): Promise<LabUserWithAccess> {
  return { ...toLabUser(user), access: await accessOf(db, user) };
}

function check(problem: string | null): void {
  if (problem) throw badRequest(problem);
}

/** Unknown entries are refused; duplicates are dropped. */
export function cleanAccess(entries: readonly AccessEntry[]): AccessEntry[] {
  const seen = new Map<string, AccessEntry>();
  for (const e of entries) {
    if (!isKnownAccess(e)) throw badRequest(`${authMessages.accessEntryUnknown}: ${accessKey(e)}`);
    seen.set(accessKey(e), { area: e.area, modifier: e.modifier, task: e.task });
  }
  return [...seen.values()];
}

export interface NewLabUserInput {
  labId: string;
  email: string;
  password: string;
  isLabManager: boolean;
  /** The entries the registering person chose; NEW_LAB_USER_ACCESS when the request names none. */
  access?: readonly AccessEntry[];
}

export async function createLabUser(db: Db, input: NewLabUserInput, actor: AuditActor): Promise<LabUserRow> {
  check(firstProblem(emailProblem(input.email), passwordProblem(input.password)));
  // A manager holds every entry; anyone else what was chosen, least privilege by default (docs/decisions.md).
  const access = input.isLabManager ? ALL_ACCESS : cleanAccess(input.access ?? NEW_LAB_USER_ACCESS);
  const email = normalizeEmail(input.email);
  if (await findLabUserByEmail(db, email)) throw conflict(authMessages.emailTaken);
  const row: LabUserRow = {
    id: newId(),
    lab_id: input.labId,
    email,
    password_hash: await hashPassword(input.password),
    is_lab_manager: input.isLabManager ? 1 : 0,
    created_at: nowIso(),
  };
  try {
    await db.transaction().execute(async (trx) => {
      await insertLabUser(trx, row);
      await replaceAccess(trx, row.id, access);
      await recordUser(trx, actor, 'user.created', row, null, auditedUser(row, access));
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(authMessages.emailTaken);
    throw error;
  }
  return row;
}

export interface LabUserChanges {
  email: string;
  password?: string;
  isLabManager: boolean;
  access?: readonly AccessEntry[];
}

export async function changeLabUser(db: Db, user: LabUserRow, changes: LabUserChanges, actor: AuditActor): Promise<LabUserRow> {
  const newPassword = changes.password ? changes.password : null;
  check(firstProblem(emailProblem(changes.email), newPassword === null ? null : passwordProblem(newPassword)));
  const email = normalizeEmail(changes.email);
  if (email !== user.email) {
    const other = await findLabUserByEmail(db, email);
    if (other && other.id !== user.id) throw conflict(authMessages.emailTaken);
  }
  const access = changes.access ? cleanAccess(changes.access) : null;
  const accessBefore = access ? await listAccess(db, user.id) : [];
  const passwordHash = newPassword === null ? null : await hashPassword(newPassword);
  try {
    await db.transaction().execute(async (trx) => {
      await updateLabUser(trx, user.id, {
        email,
        is_lab_manager: changes.isLabManager ? 1 : 0,
        ...(passwordHash ? { password_hash: passwordHash } : {}),
      });
      if (access) await replaceAccess(trx, user.id, access);
      // A changed password ends the user's sessions (DECISIONS.md).
      if (passwordHash) await endLabUserSessions(trx, user.id, nowIso());
      const before = auditedUser(user, access ? accessBefore : null);
      const after = auditedUser({ email, is_lab_manager: changes.isLabManager ? 1 : 0 }, access, passwordHash !== null);
      await recordUser(trx, actor, 'user.changed', user, before, after);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(authMessages.emailTaken);
    throw error;
  }
  const updated = await findLabUser(db, user.id);
  if (!updated) throw new Error('lab user vanished during update');
  return updated;
}

export async function setLabUserAccess(db: Db, user: LabUserRow, entries: readonly AccessEntry[], actor: AuditActor): Promise<void> {
  const access = cleanAccess(entries);
  const before = await listAccess(db, user.id);
  await db.transaction().execute(async (trx) => {
    await replaceAccess(trx, user.id, access);
    await recordUser(trx, actor, 'access.changed', user, auditedUser(user, before), auditedUser(user, access));
  });
}

export async function removeLabUser(db: Db, user: LabUserRow, actor: AuditActor): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await deleteLabUser(trx, user.id);
    await recordUser(trx, actor, 'user.deleted', user, auditedUser(user, null), null);
  });
}

export interface NewLabInput {
  labName: string;
  email: string;
  password: string;
  organization: unknown;
}

export async function createLabWithManager(db: Db, input: NewLabInput, actor: AuditActor): Promise<{ lab: LabRow; manager: LabUserRow }> {
  check(
    firstProblem(
      organizationProblem(input.organization),
      labNameProblem(input.labName),
      emailProblem(input.email),
      passwordProblem(input.password),
    ),
  );
  const email = normalizeEmail(input.email);
  if (await findLabUserByEmail(db, email)) throw conflict(authMessages.emailTaken);
  const lab: LabRow = {
    id: newId(),
    name: input.labName.trim(),
    organization: input.organization as number,
    created_at: nowIso(),
    second_factor_required: 0,
  };
  const manager: LabUserRow = {
    id: newId(),
    lab_id: lab.id,
    email,
    password_hash: await hashPassword(input.password),
    is_lab_manager: 1,
    created_at: nowIso(),
  };
  try {
    await db.transaction().execute(async (trx) => {
      await insertLab(trx, lab);
      await insertLabUser(trx, manager);
      // Stored like any new user's, so that the manager keeps every entry if later made a plain lab user.
      await replaceAccess(trx, manager.id, ALL_ACCESS);
      await recordAudit(trx, actor, { kind: 'lab.created', entityType: 'lab', entityId: lab.id, labId: lab.id, before: null, after: { name: lab.name, organization: lab.organization } });
      await recordUser(trx, actor, 'user.created', manager, null, auditedUser(manager, null));
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(authMessages.emailTaken);
    throw error;
  }
  return { lab, manager };
}
