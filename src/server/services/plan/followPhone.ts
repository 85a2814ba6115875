// Settings that follow the phone (issue 34 part 5): when the phone reports a zone the plan does not follow yet,
// the future of those settings is re-planned in it, in one transaction per arrival. The days already begun, in
// the old zone or the new, keep their prompts; from the first day begun in neither, the prompts untouched so far
// (planned, never delivered, claimed or sent) give way to the same days' prompts on the new zone's clock, drawn
// from the same seed. So no day gets a prompt twice and none loses one. Open diaries count their days in the new zone.
import { DateTime } from 'luxon';
import type { Db } from '../../repositories/db';
import type { TaskRow } from '../../db/types';
import { claimPhoneZone, deletePrompts, listArrivalsOfParticipant, setDiaryZone, untouchedPrompts, type ArrivalOfParticipant } from '../../repositories/planZones';
import { listPlanTasks } from '../../repositories/liveEdits';
import { insertTasks } from '../../repositories/tasks';
import { groupPlanInput, type GroupPlanInput } from './groupPlanInput';
import { planRows, questionnaireIdsOf } from './makePlan';
import { localDate } from './diaryDays';
import { dayOf } from './earlierZones';
import { isKnownZone, planZoneOf, type PhoneZones } from './zones';
import { questionnairesFor } from '../studies/liveEdits/liveEdit';
import { participationNow } from '../pilot/clock';
import { recordAudit, SYSTEM_ACTOR } from '../audit/record';

/** The first calendar date that has begun in neither zone at `now`. */
export function firstDayNotBegun(now: string, oldZone: string, newZone: string): string {
  const today = [localDate(now, oldZone), localDate(now, newZone)].sort()[1];
  return DateTime.fromISO(today, { zone: 'utc' }).plus({ days: 1 }).toISODate() ?? today;
}

interface Moves {
  remove: string[];
  insert: TaskRow[];
  diaries: string[];
}

/** What re-planning one EMA setting moves: its prompts (with reminders) of the days from the first not begun. */
async function emaMoves(db: Db, index: number, from: string, stored: readonly TaskRow[], planned: readonly TaskRow[], now: string, moves: Moves): Promise<void> {
  const ofSetting = (rows: readonly TaskRow[]) => rows.filter((t) => t.kind === 'ema' && t.setting_index === index);
  const before = ofSetting(stored).filter((t) => t.reminder === 0 && dayOf(t) >= from);
  const untouched = new Set(await untouchedPrompts(db, before.map((t) => t.id), now));
  // A day with a prompt already on its way keeps all its prompts as they are.
  const keptDays = new Set(before.filter((t) => !untouched.has(t.id)).map(dayOf));
  moves.remove.push(...before.filter((t) => !keptDays.has(dayOf(t))).map((t) => t.id));
  const after = ofSetting(planned);
  const prompts = new Set(after.filter((t) => t.reminder === 0 && dayOf(t) >= from && !keptDays.has(dayOf(t)) && (t.notification_datetime ?? '') > now).map((t) => t.id));
  moves.insert.push(...after.filter((t) => prompts.has(t.id) || (t.prompt_task_id !== null && prompts.has(t.prompt_task_id))));
}

async function replan(db: Db, arrival: ArrivalOfParticipant, zone: string): Promise<void> {
  const input = await groupPlanInput(db, arrival.study_id, arrival.group_id, arrival.lab_id);
  const followed: GroupPlanInput = {
    ema: input.ema.filter((e) => e.setting.zone_rule === 'follow_phone'),
    diary: input.diary.filter((d) => d.setting.zone_rule === 'follow_phone'),
    once: [],
    anytime: [],
  };
  if (followed.ema.length === 0 && followed.diary.length === 0) return;
  const was: PhoneZones = { arrival: arrival.arrival_zone, now: arrival.phone_zone };
  const is: PhoneZones = { arrival: arrival.arrival_zone, now: zone };
  const now = participationNow(arrival);
  const stored = await listPlanTasks(db, arrival.enrolment_time_id);
  const planned = planRows(followed, {
    participationId: arrival.participation_id,
    enrolmentTimeId: arrival.enrolment_time_id,
    studyId: arrival.study_id,
    stageId: arrival.stage_id,
    groupId: arrival.group_id,
    arrivalIso: arrival.start_datetime,
    seed: arrival.plan_seed,
    questionnaires: await questionnairesFor(db, arrival.lab_id, stored, questionnaireIdsOf(followed), true),
    phone: is,
  });
  const moves: Moves = { remove: [], insert: [], diaries: [] };
  for (const { index, setting } of followed.ema) {
    const oldZone = planZoneOf(setting, was);
    if (oldZone === zone) continue;
    await emaMoves(db, index, firstDayNotBegun(now, oldZone, zone), stored, planned, now, moves);
  }
  const diaryIndexes = new Set(followed.diary.map((d) => d.index));
  moves.diaries = stored.filter((t) => t.kind === 'diary' && t.setting_index !== null && diaryIndexes.has(t.setting_index) && t.timezone !== zone).map((t) => t.id);

  await deletePrompts(db, moves.remove);
  await insertTasks(db, moves.insert);
  await setDiaryZone(db, moves.diaries, zone);
  if (moves.remove.length + moves.insert.length + moves.diaries.length === 0) return;
  await recordAudit(db, SYSTEM_ACTOR, {
    kind: 'plan.changed',
    entityType: 'participant',
    entityId: arrival.participant_id,
    studyId: arrival.study_id,
    labId: arrival.lab_id,
    before: { phone_zone: arrival.phone_zone },
    after: {
      phone_zone: zone,
      prompts_removed: moves.remove.length,
      prompts_added: moves.insert.filter((t) => t.kind === 'ema' && t.reminder === 0).length,
      diaries: moves.diaries.length,
    },
  });
}

/**
 * The phone reported `zone`: every arrival of the participant that followed another records it, and the one
 * process whose claim changed it re-plans the settings that follow the phone, in the claim's transaction.
 */
export async function followPhone(db: Db, participantId: string, zone: string): Promise<void> {
  if (!isKnownZone(zone)) return;
  for (const arrival of await listArrivalsOfParticipant(db, participantId)) {
    if (arrival.phone_zone === zone) continue;
    await db.transaction().execute(async (trx) => {
      if (await claimPhoneZone(trx, arrival.enrolment_time_id, arrival.phone_zone, zone)) await replan(trx, arrival, zone);
    });
  }
}
