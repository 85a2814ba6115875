// Live edits and settings that follow the phone (issue 34 part 5): after a move, a setting's begun days keep the
// zone they were planned in; a live edit compares and re-plans only the days in the zone followed now.
import type { TaskRow } from '../../db/types';
import type { GroupPlanInput } from './groupPlanInput';
import { localDate } from './diaryDays';

/** The calendar date of a prompt on its own zone's clock. */
export const dayOf = (task: TaskRow): string => localDate(task.notification_datetime ?? '', task.timezone ?? 'UTC');

/**
 * For a live edit's re-plan: the days of follow_phone settings planned in another zone than the one the phone
 * reported last (days begun before a move) stay as they are, so their prompts are left out of both sides of the
 * comparison; otherwise the edit would add the new zone's prompts to a day that had the old zone's.
 */
export function withoutEarlierZones(input: GroupPlanInput, stored: readonly TaskRow[], planned: readonly TaskRow[]): { stored: TaskRow[]; planned: TaskRow[] } {
  const following = new Set(input.ema.filter((e) => e.setting.zone_rule === 'follow_phone').map((e) => e.index));
  const isFollowing = (t: TaskRow) => t.kind === 'ema' && t.setting_index !== null && following.has(t.setting_index);
  const zoneNow = new Map(planned.filter(isFollowing).map((t) => [t.setting_index, t.timezone]));
  const dayKey = (t: TaskRow) => `${t.setting_index}|${dayOf(t)}`;
  const earlier = new Set(stored.filter((t) => isFollowing(t) && t.reminder === 0 && zoneNow.has(t.setting_index) && t.timezone !== zoneNow.get(t.setting_index)).map(dayKey));
  if (earlier.size === 0) return { stored: [...stored], planned: [...planned] };
  const keep = (rows: readonly TaskRow[]) => {
    const byId = new Map(rows.map((t) => [t.id, t]));
    const promptOf = (t: TaskRow) => (t.prompt_task_id ? (byId.get(t.prompt_task_id) ?? t) : t);
    return rows.filter((t) => !isFollowing(t) || !earlier.has(dayKey(promptOf(t))));
  };
  return { stored: keep(stored), planned: keep(planned) };
}
