// The difference between a participant's stored plan and the plan the edited settings would make from the same
// arrival and seed, restricted to what is still to come on the participant's clock. Pure: it reads rows and
// answers counts and the writes that would re-plan the future. Past tasks, and tasks delivered, opened or
// answered, are never among the writes; a new prompt at a moment the participant already has for that
// questionnaire is not added, so applying never makes two prompts at one moment.
import { DateTime } from 'luxon';
import type { TaskRow } from '../../../db/types';
import type { LiveEditPart, ImpactCounts } from '../../../../shared/types/liveEdits';
import { noImpact } from '../../../../shared/types/liveEdits';
import { diaryEndDate, localDate } from '../../plan/diaryDays';

export interface PlanWrites {
  /** Prompts to delete (their reminders go with them). */
  removePrompts: string[];
  /** Rows to insert: new prompts with their reminders, new diary and one-time or anytime tasks. */
  insert: TaskRow[];
  /** Diary, one-time and anytime tasks to end. */
  cancel: string[];
  /** Diaries whose last day changes. */
  diaryLengths: { id: string; number_of_days: number }[];
}

export interface PlanDiff {
  counts: ImpactCounts;
  writes: PlanWrites;
}

const isOpen = (task: TaskRow) => task.status === 'planned' || task.status === 'delivered' || task.status === 'opened';

/** A prompt as the participant meets it: its questionnaire, moment, window and reminders. */
function promptKey(prompt: TaskRow, reminders: readonly TaskRow[]): string {
  return [prompt.questionnaire_id, prompt.notification_datetime, prompt.window_closes_at, ...reminders.map((r) => r.notification_datetime).sort()].join('|');
}

function remindersByPrompt(rows: readonly TaskRow[]): Map<string, TaskRow[]> {
  const map = new Map<string, TaskRow[]>();
  for (const row of rows) {
    if (row.reminder !== 1 || !row.prompt_task_id) continue;
    map.set(row.prompt_task_id, [...(map.get(row.prompt_task_id) ?? []), row]);
  }
  return map;
}

/** Removed and added prompts of one questionnaire on one local day are one prompt moved. */
function movedCount(removed: readonly TaskRow[], added: readonly TaskRow[]): number {
  const day = (t: TaskRow) => `${t.questionnaire_id}|${localDate(t.notification_datetime ?? '', t.timezone ?? 'UTC')}`;
  const removedPerDay = new Map<string, number>();
  for (const t of removed) removedPerDay.set(day(t), (removedPerDay.get(day(t)) ?? 0) + 1);
  let moved = 0;
  for (const t of added) {
    const left = removedPerDay.get(day(t)) ?? 0;
    if (left > 0) {
      removedPerDay.set(day(t), left - 1);
      moved += 1;
    }
  }
  return moved;
}

function emaDiff(stored: readonly TaskRow[], planned: readonly TaskRow[], now: string, diff: PlanDiff): void {
  const storedReminders = remindersByPrompt(stored);
  const plannedReminders = remindersByPrompt(planned);
  const storedPrompts = stored.filter((t) => t.kind === 'ema' && t.reminder === 0);
  const plannedPrompts = planned.filter((t) => t.kind === 'ema' && t.reminder === 0 && (t.notification_datetime ?? '') > now);
  const plannedKeys = new Set(plannedPrompts.map((p) => promptKey(p, plannedReminders.get(p.id) ?? [])));
  const changeable = (t: TaskRow) => t.status === 'planned' && t.delivered_at === null && (t.notification_datetime ?? '') > now;

  const removed = storedPrompts.filter((t) => changeable(t) && !plannedKeys.has(promptKey(t, storedReminders.get(t.id) ?? [])));
  const removedIds = new Set(removed.map((t) => t.id));
  const kept = storedPrompts.filter((t) => !removedIds.has(t.id));
  const keptKeys = new Set(kept.map((t) => promptKey(t, storedReminders.get(t.id) ?? [])));
  const keptMoments = new Set(kept.map((t) => `${t.questionnaire_id}|${t.notification_datetime}`));
  const added = plannedPrompts.filter(
    (p) => !keptKeys.has(promptKey(p, plannedReminders.get(p.id) ?? [])) && !keptMoments.has(`${p.questionnaire_id}|${p.notification_datetime}`),
  );

  const moved = movedCount(removed, added);
  diff.counts.prompts_moved += moved;
  diff.counts.prompts_removed += removed.length - moved;
  diff.counts.prompts_added += added.length - moved;
  diff.writes.removePrompts.push(...removed.map((t) => t.id));
  for (const prompt of added) diff.writes.insert.push(prompt, ...(plannedReminders.get(prompt.id) ?? []));
}

const daysBetween = (from: string, to: string, zone: string) =>
  Math.round(DateTime.fromISO(to, { zone }).diff(DateTime.fromISO(from, { zone }), 'days').days);

function diaryDiff(stored: readonly TaskRow[], planned: readonly TaskRow[], now: string, diff: PlanDiff): void {
  const diaries = (rows: readonly TaskRow[]) => new Map(rows.filter((t) => t.kind === 'diary' && t.diary_start_date && t.number_of_days && t.timezone).map((t) => [t.questionnaire_id, t]));
  const before = diaries(stored);
  const after = diaries(planned);
  const days = (t: TaskRow) => ({ diary_start_date: t.diary_start_date ?? '', number_of_days: t.number_of_days ?? 0, timezone: t.timezone ?? 'UTC' });

  for (const [questionnaireId, old] of before) {
    const zone = old.timezone ?? 'UTC';
    const today = localDate(now, zone);
    const oldEnd = diaryEndDate(days(old));
    if (oldEnd < today || !isOpen(old)) continue; // a finished diary is the past
    const next = after.get(questionnaireId);
    if (!next) {
      diff.counts.diaries_removed += 1;
      diff.writes.cancel.push(old.id);
      continue;
    }
    // The days already lived stay as they were: the diary keeps its start, and does not end before today.
    const newEnd = diaryEndDate(days(next));
    const end = newEnd < today ? today : newEnd;
    if (end === oldEnd) continue;
    diff.counts[end > oldEnd ? 'diaries_lengthened' : 'diaries_shortened'] += 1;
    diff.writes.diaryLengths.push({ id: old.id, number_of_days: daysBetween(old.diary_start_date ?? '', end, zone) + 1 });
  }
  for (const [questionnaireId, next] of after) {
    if (before.has(questionnaireId)) continue;
    const zone = next.timezone ?? 'UTC';
    const today = localDate(now, zone);
    const end = diaryEndDate(days(next));
    if (end < today) continue;
    // A diary added to a running stage starts today at the earliest: it ends where it would have.
    const start = (next.diary_start_date ?? '') > today ? (next.diary_start_date ?? '') : today;
    diff.counts.diaries_added += 1;
    diff.writes.insert.push({ ...next, diary_start_date: start, number_of_days: daysBetween(start, end, zone) + 1 });
  }
}

function listDiff(kind: 'once' | 'anytime', stored: readonly TaskRow[], planned: readonly TaskRow[], diff: PlanDiff): void {
  const before = new Map(stored.filter((t) => t.kind === kind).map((t) => [t.questionnaire_id, t]));
  const after = new Map(planned.filter((t) => t.kind === kind).map((t) => [t.questionnaire_id, t]));
  for (const [questionnaireId, old] of before) {
    if (after.has(questionnaireId) || !isOpen(old)) continue;
    diff.counts.questionnaires_removed += 1;
    diff.writes.cancel.push(old.id);
  }
  for (const [questionnaireId, next] of after) {
    if (before.has(questionnaireId)) continue;
    diff.counts.questionnaires_added += 1;
    diff.writes.insert.push(next);
  }
}

/**
 * `stored`: the arrival's tasks that are not cancelled; `planned`: the rows the edited settings plan for the
 * same arrival (only the part's kind is read); `now`: the participant's clock.
 */
export function planDiff(part: LiveEditPart, stored: readonly TaskRow[], planned: readonly TaskRow[], now: string): PlanDiff {
  const diff: PlanDiff = { counts: noImpact(), writes: { removePrompts: [], insert: [], cancel: [], diaryLengths: [] } };
  const ofKind = (rows: readonly TaskRow[]) => rows.filter((t) => t.kind === part);
  if (part === 'ema') emaDiff(ofKind(stored), ofKind(planned), now, diff);
  else if (part === 'diary') diaryDiff(ofKind(stored), ofKind(planned), now, diff);
  else listDiff(part, ofKind(stored), ofKind(planned), diff);
  return diff;
}
