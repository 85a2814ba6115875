// The Activity page's reads: which entries a reader may see (a study's viewers its study; a lab manager their
// lab; the system owner everything), one page at a time, newest first.
import type { Db } from '../../repositories/db';
import type { AuditEntryRow } from '../../db/types';
import type { Auth } from '../../plugins/auth';
import { listAuditEntries, type AuditFilter } from '../../repositories/audit';
import { findStudyInLab } from '../../repositories/studies';
import { ACTIVITY_PAGE_SIZE, type ActivityEntry, type ActivityPage, type AuditActorKind, type AuditChange, type AuditKind } from '../../../shared/audit';
import { authMessages, studyMessages } from '../../../shared/messages';
import { normalizeEmail } from '../../../shared/validation/identity';
import { forbidden, notFound } from '../../httpErrors';

export interface ActivityQuery {
  studyId?: string;
  labId?: string;
  person?: string;
  kind?: AuditKind;
  from?: string;
  to?: string;
  page?: number;
}

function toEntry(row: AuditEntryRow): ActivityEntry {
  return {
    seq: Number(row.seq),
    at: row.at,
    actorKind: row.actor_kind as AuditActorKind,
    actorId: row.actor_id,
    actorEmail: row.actor_email,
    kind: row.kind as AuditKind,
    entityType: row.entity_type,
    entityId: row.entity_id,
    studyId: row.study_id,
    labId: row.lab_id,
    changes: JSON.parse(row.changes) as AuditChange[],
  };
}

/** The entries the reader asked for, narrowed to what they may see; 404 for a study that is not theirs. */
async function scopeOf(db: Db, auth: Auth, query: ActivityQuery): Promise<AuditFilter> {
  if (auth.kind === 'system_owner') return { studyId: query.studyId, labId: query.labId };
  const labId = auth.user.lab_id;
  if (query.studyId) {
    if (!(await findStudyInLab(db, query.studyId, labId))) throw notFound(studyMessages.studyNotFound);
    return { studyId: query.studyId, labId };
  }
  if (!auth.user.is_lab_manager) throw forbidden(authMessages.labManagerOnly);
  return { labId };
}

export async function activityPage(db: Db, auth: Auth, query: ActivityQuery): Promise<ActivityPage> {
  const scope = await scopeOf(db, auth, query);
  const page = query.page ?? 1;
  const filter: AuditFilter = {
    ...scope,
    ...(query.person ? { actorEmail: normalizeEmail(query.person) } : {}),
    ...(query.kind ? { kind: query.kind } : {}),
    ...(query.from ? { from: new Date(query.from).toISOString() } : {}),
    ...(query.to ? { to: new Date(query.to).toISOString() } : {}),
  };
  const { rows, total } = await listAuditEntries(db, filter, (page - 1) * ACTIVITY_PAGE_SIZE, ACTIVITY_PAGE_SIZE);
  return { entries: rows.map(toEntry), total, page, pageSize: ACTIVITY_PAGE_SIZE };
}
