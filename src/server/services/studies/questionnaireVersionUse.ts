// Questionnaire versions made visible (issue 21): which version each plan uses and by how many participants,
// and the researcher's choice to re-point future tasks to the questionnaire as it is now.
import type { Db } from '../../repositories/db';
import type { QuestionnaireRow } from '../../db/types';
import type { QuestionnaireVersionsAnswer } from '../../../shared/types/questionnaireVersions';
import { countParticipantsPerVersion, listParticipationsWithOlderTasks, listVersionsOfQuestionnaire, repointFutureTasks } from '../../repositories/questionnaireVersionUse';
import { currentVersionId, planQuestionnaires } from '../plan/questionnaireVersions';
import { participationNow } from '../pilot/clock';
import { recordAudit, type AuditActor } from '../audit/record';

export async function questionnaireVersions(db: Db, row: QuestionnaireRow): Promise<QuestionnaireVersionsAnswer> {
  const [versions, counts, current] = await Promise.all([listVersionsOfQuestionnaire(db, row.id), countParticipantsPerVersion(db, row.id), currentVersionId(db, row)]);
  const participants = new Map(counts.map((c) => [c.version_id, Number(c.participants)]));
  return {
    versions: versions.map((v, i) => ({ number: i + 1, created_at: v.created_at, participants: participants.get(v.id) ?? 0, current: v.id === current })),
  };
}

/**
 * Re-points every enrolled participant's future tasks of the questionnaire to its content now, in one transaction,
 * and records who did it, the version (numbered as the versions line numbers it) and how many tasks and
 * participants moved. A re-point that moves nothing changed nothing and records nothing.
 */
export async function repointToCurrent(db: Db, row: QuestionnaireRow, actor: AuditActor): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const planned = (await planQuestionnaires(trx, row.lab_id, [row.id])).get(row.id);
    if (!planned) return 0;
    let tasks = 0;
    let participants = 0;
    // Each participation on its own clock: a pilot's "future" is after its own now.
    for (const p of await listParticipationsWithOlderTasks(trx, row.id, planned.versionId)) {
      const moved = await repointFutureTasks(trx, p.id, row.id, planned.versionId, participationNow(p));
      tasks += moved;
      if (moved > 0) participants += 1;
    }
    if (tasks > 0) {
      const version = (await listVersionsOfQuestionnaire(trx, row.id)).findIndex((v) => v.id === planned.versionId) + 1;
      await recordAudit(trx, actor, {
        kind: 'questionnaire.repointed',
        entityType: 'questionnaire',
        entityId: row.id,
        labId: row.lab_id,
        before: null,
        after: { questionnaire: row.chin_name, version, tasks, participants },
      });
    }
    return tasks;
  });
}
