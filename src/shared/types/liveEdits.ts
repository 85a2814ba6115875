// Editing a live study (issue 21): what Save Changes would do to the plans of participants already in a stage.
// A study is live while it has enrolled participants; a "change" is one part of one group's settings.

/** The parts of a group whose change can reach the plans already made. */
export type LiveEditPart = 'ema' | 'diary' | 'once' | 'anytime';

export const LIVE_EDIT_PARTS: readonly LiveEditPart[] = ['ema', 'diary', 'once', 'anytime'];

/** What a change does to future planned prompts and tasks (past ones are never touched). */
export interface ImpactCounts {
  prompts_added: number;
  prompts_removed: number;
  prompts_moved: number;
  diaries_added: number;
  diaries_removed: number;
  diaries_lengthened: number;
  diaries_shortened: number;
  questionnaires_added: number;
  questionnaires_removed: number;
}

export const IMPACT_COUNT_KEYS: readonly (keyof ImpactCounts)[] = [
  'prompts_added',
  'prompts_removed',
  'prompts_moved',
  'diaries_added',
  'diaries_removed',
  'diaries_lengthened',
  'diaries_shortened',
  'questionnaires_added',
  'questionnaires_removed',
];

export function noImpact(): ImpactCounts {
  return Object.fromEntries(IMPACT_COUNT_KEYS.map((k) => [k, 0])) as unknown as ImpactCounts;
}

export function addImpact(into: ImpactCounts, more: ImpactCounts): ImpactCounts {
  for (const key of IMPACT_COUNT_KEYS) into[key] += more[key];
  return into;
}

export function hasImpact(counts: ImpactCounts): boolean {
  return IMPACT_COUNT_KEYS.some((key) => counts[key] > 0);
}

/** One participant's share of one change. */
export interface ParticipantImpact extends ImpactCounts {
  participant_id: string;
  participant_code: string;
  pilot: boolean;
}

/** One changed part of one group, with its effect on each participant already in the group. */
export interface LiveEditChange {
  /** `${group_id}:${part}`: what the save body's apply_now names. */
  key: string;
  stage_id: string;
  group_id: string;
  group_name: string;
  part: LiveEditPart;
  /** Participants already in the group (arrived), whose plan the change would re-plan. */
  participants: ParticipantImpact[];
  total: ImpactCounts;
}

/** `POST /api/studies/{id}/edit_impact`: Save Changes' effect, before anything is saved. */
export interface LiveEditImpact {
  /** The study has enrolled participants. */
  live: boolean;
  changes: LiveEditChange[];
  total: ImpactCounts;
}

export function changeKey(groupId: string, part: LiveEditPart): string {
  return `${groupId}:${part}`;
}
