// Pilot mode's warnings before launch (issue 20): every text the server answers and the portal shows for them,
// recorded in docs/decisions.md.
import { NIGHT_ENDS, NIGHT_STARTS } from '../study/nightHours';
import type { PilotWarningKind, PilotWarningPlace } from '../types/pilotWarnings';

const night = `between ${NIGHT_STARTS} and ${NIGHT_ENDS}`;

export const pilotWarningTexts = {
  heading: 'Warnings before launch',
  none: 'No warnings: nothing in the schedule or the questionnaires needs a second look before launch.',
  checkAgain: 'Check again',
  kindTitles: {
    no_tasks: 'Groups whose participants get no tasks',
    night_prompt: 'Prompts at night',
    reminder_after_window: 'Reminders after their window',
    required_hidden: 'Required questions a condition can hide',
    never_fits: 'Assessments that never fit',
    empty_questionnaire: 'Questionnaires with no question',
  } satisfies Record<PilotWarningKind, string>,
  nightPrompt: (time: string, zone: string) => `A prompt at ${time} (${zone}) comes at night, ${night}`,
  nightPeriod: (period: string, zone: string) => `A prompt drawn in ${period} (${zone}) can come at night, ${night}`,
  reminderAfterWindow: (interval: number, responseIn: number) =>
    `Reminders every ${interval} minutes fall at or after the ${responseIn}-minute response window closes: no reminder is sent`,
  requiredHidden: (question: string) =>
    `Question ${question} is required, but a visibility condition can hide it: participants who do not see it leave it unanswered`,
  diaryPassed: (start: string, end: string) =>
    `The diary's fixed days (${start} to ${end}) have passed: a participant arriving now has no day left to answer`,
  emaPromptsOverlap: (time: string, responseIn: number, next: string) =>
    `The prompt at ${time} is still open (${responseIn}-minute window) when the next prompt comes at ${next}: the prompts never fit one after another`,
  emaPeriodsOverlap: (first: string, second: string) =>
    `The periods ${first} and ${second} overlap: a prompt drawn in one can come while the other's is still open`,
  emptyQuestionnaire: 'This questionnaire has no question for participants to answer',
} as const;

/** A question as the warnings name it: its number, or its place when it has none (an instruction). */
export function questionLabel(question: { position: number; question_num: string }): string {
  return question.question_num.trim() !== '' ? question.question_num : `at position ${question.position + 1}`;
}

/** The place in words, coarse to fine: "Stage 1, Participant Group 2, EMA setting 1, 21:00-23:30". */
export function warningWhere(place: PilotWarningPlace): string {
  const parts: string[] = [];
  if (place.stage_num !== null) parts.push(`Stage ${place.stage_num}`);
  if (place.group_num !== null) parts.push(`Participant Group ${place.group_num}`);
  if (place.setting) parts.push(`${place.setting.kind === 'ema' ? 'EMA' : 'Diary'} setting ${place.setting.number}`);
  if (place.questionnaire && !place.setting) parts.push(`Questionnaire ${place.questionnaire.abbrev} (${place.questionnaire.chin_name})`);
  if (place.question) parts.push(`question ${questionLabel(place.question)}`);
  return parts.join(', ');
}
