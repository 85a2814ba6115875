// The study's activity in the analysis export (issue 21): every audit entry of the study, oldest first, one row
// per changed field (an entry without field changes is one row with the field empty).
import type { Db } from '../../repositories/db';
import { auditEntriesInOrder } from '../../repositories/audit';
import type { AuditChange } from '../../../shared/audit';
import { CSV_BOM, csvLine } from './csv';
import type { TextFile } from './output';

export const ACTIVITY_COLUMNS = ['seq', 'at_utc', 'actor_kind', 'actor_email', 'kind', 'entity_type', 'entity_id', 'field', 'before', 'after', 'hash'] as const;

function jsonCell(value: unknown): string {
  return value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);
}

export async function writeActivity(db: Db, studyId: string, file: TextFile): Promise<void> {
  await file.write(CSV_BOM + csvLine(ACTIVITY_COLUMNS));
  for await (const row of auditEntriesInOrder(db, { studyId })) {
    const changes = JSON.parse(row.changes) as AuditChange[];
    const head = [Number(row.seq), row.at, row.actor_kind, row.actor_email, row.kind, row.entity_type, row.entity_id];
    const lines = changes.length > 0 ? changes : [{ field: '', before: null, after: null }];
    for (const change of lines) await file.write(csvLine([...head, change.field, jsonCell(change.before), jsonCell(change.after), row.hash]));
  }
}
