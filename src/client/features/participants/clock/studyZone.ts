// The study's time zone: the zone of its EMA and diary settings, which the stored plan was made in (each task
// keeps it). A chosen group's own settings decide; otherwise the study's first setting in stage and group order.
import type { ParticipantGroup, Study } from '../../../../shared/types/study';

function zoneOfGroup(group: ParticipantGroup): string | null {
  return group.ema_list[0]?.timezone ?? group.diary_list[0]?.timezone ?? null;
}

/** Null while the study is unknown or has no EMA or diary setting: then only the researcher's clock is offered. */
export function studyZone(study: Study | null, groupId: string | null): string | null {
  if (!study) return null;
  const groups = study.stage_list.flatMap((stage) => stage.participant_group_list);
  const chosen = groups.find((group) => group._id === groupId);
  const own = chosen ? zoneOfGroup(chosen) : null;
  if (own) return own;
  for (const group of groups) {
    const zone = zoneOfGroup(group);
    if (zone) return zone;
  }
  return null;
}
