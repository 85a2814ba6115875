// Pilot mode's warnings before launch (issue 20): what the study's design would do to participants that a
// researcher wants to know before anyone joins, each with where to find it.
import type { AssessmentListItem } from '../study/assessmentSettings';

export const PILOT_WARNING_KINDS = ['no_tasks', 'night_prompt', 'reminder_after_window', 'required_hidden', 'never_fits', 'empty_questionnaire'] as const;
export type PilotWarningKind = (typeof PILOT_WARNING_KINDS)[number];

/** Where a warning is: the fields that do not apply are null. */
export interface PilotWarningPlace {
  stage_num: number | null;
  stage_name: string | null;
  group_num: number | null;
  group_name: string | null;
  /** The group's EMA or diary setting, 1-based as the study editor lists them. */
  setting: { kind: 'ema' | 'diary'; number: number } | null;
  questionnaire: AssessmentListItem | null;
  /** The question's 0-based position and its number as the questionnaire editor shows it. */
  question: { position: number; question_num: string } | null;
  /** A prompt time (HH:mm) or a randomised period (HH:mm-HH:mm), in the setting's time zone. */
  time: string | null;
  timezone: string | null;
}

export interface PilotWarning extends PilotWarningPlace {
  kind: PilotWarningKind;
  message: string;
  /** The place in words: "Stage 1, Participant Group 2, EMA setting 1" or "Questionnaire MOOD, question 3". */
  where: string;
}

export interface PilotWarningsAnswer {
  warnings: PilotWarning[];
}
