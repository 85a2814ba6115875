// Study Progress's score per day (issue 34 part 2): the scores the group's questionnaires define, and the
// stored scores of one questionnaire's answers given in the group since each participant's current arrival.
import type { Db } from './db';
import type { ProgressPlace } from './progress';

/** The group's questionnaires with their score definitions (JSON text), in the group's lists' order. */
export function listGroupScoreSources(db: Db, groupId: string) {
  return db
    .selectFrom('group_questionnaires as g')
    .innerJoin('questionnaires as q', 'q.id', 'g.questionnaire_id')
    .select(['q.id as questionnaire_id', 'q.abbrev', 'q.chin_name', 'q.scores', 'g.list_name', 'g.position'])
    .where('g.group_id', '=', groupId)
    .execute();
}

/**
 * The questionnaire's answers given in the place since each participation's current arrival, with their stored
 * scores and the zone their prompt was planned in (null for an answer without a prompt). Pilot participations
 * only when asked, each on its own clock as its answers are stored.
 */
export function listScoredAnswers(db: Db, place: ProgressPlace, questionnaireId: string, includePilot: boolean) {
  return db
    .selectFrom('submissions as s')
    .innerJoin('participations as pa', 'pa.id', 's.participation_id')
    .innerJoin('enrolment_times as e', (join) => join.onRef('e.participation_id', '=', 'pa.id').onRef('e.assignment_num', '=', 'pa.assignment_num'))
    .leftJoin('tasks as t', 't.id', 's.task_id')
    .select(['s.participation_id', 's.submitted_at', 's.scores', 't.timezone', 'e.start_datetime as arrived_at'])
    .where('pa.study_id', '=', place.studyId)
    .where('pa.current_stage_id', '=', place.stageId)
    .where('pa.current_group_id', '=', place.groupId)
    .where('s.stage_id', '=', place.stageId)
    .where('s.group_id', '=', place.groupId)
    .where('s.questionnaire_id', '=', questionnaireId)
    .whereRef('s.submitted_at', '>=', 'e.start_datetime')
    .$if(!includePilot, (query) => query.where('pa.pilot_offset_ms', 'is', null))
    .execute();
}
