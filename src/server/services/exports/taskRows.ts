// The tasks of a page of participations with their answers, as the response-time and analysis downloads read
// them, and the questionnaire versions they name (read once per download).
import type { Db } from '../../repositories/db';
import { findVersions, submissionsOfParticipations, tasksOfParticipations, type ParticipationEntry, type SubmissionEntry, type TaskEntry } from '../../repositories/exports';
import { parseVersion, type PlannedVersion } from './items';
import type { ExportScope } from './scope';

export interface ParticipationTasks {
  participation: ParticipationEntry;
  /** In order: kind (ema, diary, once, anytime), planned moment, questionnaire. */
  tasks: TaskEntry[];
  /** Answers by task id, oldest first: one map for the whole page, shared by its entries. */
  answers: Map<string, SubmissionEntry[]>;
}

const KIND_ORDER: Record<string, number> = { ema: 0, diary: 1, once: 2, anytime: 3 };

/** A task's kind as the downloads name it: a follow-up prompt (an EMA task an answer planned) is `followup`. */
export function exportedTaskKind(task: Pick<TaskEntry, 'kind' | 'trigger_submission_id'>): string {
  return task.trigger_submission_id ? 'followup' : task.kind;
}

export function plannedMoment(task: TaskEntry): string {
  return task.notification_datetime ?? task.diary_start_date ?? '';
}

/**
 * Moments (ISO-8601 of one form: time order) and ids (a fixed order) by their characters, without the cost of
 * localeCompare (a page's sort calls it thousands of times).
 */
function byText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Versions by id, read the first time a page names them. */
export class VersionCache {
  private readonly versions = new Map<string, PlannedVersion>();

  constructor(private readonly db: Db) {}

  async load(ids: Iterable<string>): Promise<void> {
    const missing = [...new Set(ids)].filter((id) => !this.versions.has(id));
    for (const row of await findVersions(this.db, missing)) this.versions.set(row.id, parseVersion(row));
  }

  get(id: string): PlannedVersion | undefined {
    return this.versions.get(id);
  }
}

export async function readPage(db: Db, scope: ExportScope, page: readonly ParticipationEntry[], versions: VersionCache, withEma = true): Promise<ParticipationTasks[]> {
  const ids = page.map((p) => p.id);
  const [tasks, submissions] = await Promise.all([
    tasksOfParticipations(db, ids, scope.filter, withEma),
    submissionsOfParticipations(db, ids, scope.filter, { withEma }),
  ]);
  await versions.load(tasks.map((t) => t.questionnaire_version_id));
  const answers = new Map<string, SubmissionEntry[]>();
  submissions.sort((a, b) => byText(a.submitted_at, b.submitted_at) || byText(a.id, b.id));
  for (const s of submissions) {
    const given = answers.get(s.task_id);
    if (given) given.push(s);
    else answers.set(s.task_id, [s]);
  }
  const byParticipation = new Map<string, TaskEntry[]>(ids.map((id) => [id, []]));
  for (const task of tasks) byParticipation.get(task.participation_id)?.push(task);
  const abbrev = (t: TaskEntry) => versions.get(t.questionnaire_version_id)?.row.abbrev ?? '';
  return page.map((participation) => ({
    participation,
    tasks: (byParticipation.get(participation.id) ?? []).sort(
      (a, b) =>
        (KIND_ORDER[a.kind] ?? 9) - (KIND_ORDER[b.kind] ?? 9) ||
        byText(plannedMoment(a), plannedMoment(b)) ||
        abbrev(a).localeCompare(abbrev(b)) ||
        byText(a.id, b.id),
    ),
    answers,
  }));
}
