// Editing a live study (issue 21): the impact of Save Changes on the plans of participants already in their
// stage, computed from the stored plans, and, for the changes the researcher chooses, the re-planning of their
// future in the save's transaction. A change not chosen reaches only those who arrive later.
import type { Db } from '../../../repositories/db';
import type { ParticipantGroupRow, StudyRow, TaskRow } from '../../../db/types';
import type { GroupLists, ItemsById } from '../groupLists';
import {
  addImpact,
  changeKey,
  hasImpact,
  LIVE_EDIT_PARTS,
  noImpact,
  type LiveEditChange,
  type LiveEditImpact,
  type LiveEditPart,
} from '../../../../shared/types/liveEdits';
import { cancelTasks, deleteFuturePrompts, hasEnrolledParticipants, listArrivedInGroups, listPlanTasks, updateDiaryLength, type ArrivedParticipation } from '../../../repositories/liveEdits';
import { insertTasks } from '../../../repositories/tasks';
import { planInputOfLists, type GroupPlanInput } from '../../plan/groupPlanInput';
import { planRows, questionnaireIdsOf } from '../../plan/makePlan';
import { planQuestionnaires, type PlannedQuestionnaire } from '../../plan/questionnaireVersions';
import { participationNow } from '../../pilot/clock';
import { withoutEarlierZones } from '../../plan/earlierZones';
import { planDiff, type PlanWrites } from './planDiff';

/** One group as Save Changes would store it. */
export interface GroupListsEdit {
  group: ParticipantGroupRow;
  stageId: string;
  before: GroupLists;
  after: GroupLists;
  items: ItemsById;
}

const partLists: Record<LiveEditPart, keyof GroupLists> = {
  ema: 'ema_list',
  diary: 'diary_list',
  once: 'questionnaire_list',
  anytime: 'no_submission_limit_list',
};

function changedParts(edit: GroupListsEdit): LiveEditPart[] {
  return LIVE_EDIT_PARTS.filter((part) => JSON.stringify(edit.before[partLists[part]]) !== JSON.stringify(edit.after[partLists[part]]));
}

function onlyPart(input: GroupPlanInput, part: LiveEditPart): GroupPlanInput {
  return {
    ema: part === 'ema' ? input.ema : [],
    diary: part === 'diary' ? input.diary : [],
    once: part === 'once' ? input.once : [],
    anytime: part === 'anytime' ? input.anytime : [],
  };
}

/**
 * The questionnaires a re-plan uses: the version the participant's plan already has for each, so that an edit
 * of the settings does not also change questionnaire versions; for a questionnaire new to the plan, its version
 * now (stored only when applying; a preview never writes).
 */
export async function questionnairesFor(db: Db, labId: string, stored: readonly TaskRow[], ids: readonly string[], write: boolean): Promise<Map<string, PlannedQuestionnaire>> {
  const map = new Map<string, PlannedQuestionnaire>();
  for (const task of stored) {
    map.set(task.questionnaire_id, { versionId: task.questionnaire_version_id, questionnaireId: task.questionnaire_id, chin_name: '', abbrev: '' });
  }
  const missing = ids.filter((id) => !map.has(id));
  if (missing.length > 0 && write) for (const [id, planned] of await planQuestionnaires(db, labId, missing)) map.set(id, planned);
  else for (const id of missing) map.set(id, { versionId: '', questionnaireId: id, chin_name: '', abbrev: '' });
  return map;
}

async function replan(db: Db, study: StudyRow, edit: GroupListsEdit, part: LiveEditPart, participation: ArrivedParticipation, write: boolean) {
  const stored = await listPlanTasks(db, participation.enrolment_time_id);
  const input = onlyPart(planInputOfLists(edit.after, edit.items), part);
  const planned = planRows(input, {
    participationId: participation.participation_id,
    enrolmentTimeId: participation.enrolment_time_id,
    studyId: study.id,
    stageId: participation.stage_id,
    groupId: edit.group.id,
    arrivalIso: participation.start_datetime,
    seed: participation.plan_seed,
    questionnaires: await questionnairesFor(db, study.lab_id, stored, questionnaireIdsOf(input), write),
    phone: { arrival: participation.arrival_zone, now: participation.phone_zone },
  });
  const compared = withoutEarlierZones(input, stored, planned);
  return planDiff(part, compared.stored, compared.planned, participationNow(participation));
}

async function applyWrites(db: Db, writes: PlanWrites, now: string): Promise<void> {
  await deleteFuturePrompts(db, writes.removePrompts, now);
  await cancelTasks(db, writes.cancel, now);
  for (const d of writes.diaryLengths) await updateDiaryLength(db, d.id, d.number_of_days);
  await insertTasks(db, writes.insert);
}

/**
 * The impact of the edits on every participant already in an edited group; with `applyNow`, inside the save's
 * transaction, also re-plans the future of the participants of the changes it names.
 */
export async function liveEditImpact(db: Db, study: StudyRow, edits: readonly GroupListsEdit[], applyNow?: ReadonlySet<string>): Promise<LiveEditImpact> {
  const live = await hasEnrolledParticipants(db, study.id);
  const impact: LiveEditImpact = { live, changes: [], total: noImpact() };
  const arrived = await listArrivedInGroups(db, edits.map((e) => e.group.id));
  for (const edit of edits) {
    for (const part of changedParts(edit)) {
      const key = changeKey(edit.group.id, part);
      const apply = applyNow?.has(key) ?? false;
      const change: LiveEditChange = { key, stage_id: edit.stageId, group_id: edit.group.id, group_name: edit.group.name, part, participants: [], total: noImpact() };
      for (const participation of arrived.filter((a) => a.group_id === edit.group.id)) {
        const diff = await replan(db, study, edit, part, participation, apply);
        if (!hasImpact(diff.counts)) continue;
        change.participants.push({ participant_id: participation.participant_id, participant_code: participation.participant_code, pilot: participation.pilot === 1, ...diff.counts });
        addImpact(change.total, diff.counts);
        if (apply) await applyWrites(db, diff.writes, participationNow(participation));
      }
      addImpact(impact.total, change.total);
      impact.changes.push(change);
    }
  }
  return impact;
}
