// Editing a live study (issue 21): the texts of Save Changes' impact dialog, recorded in docs/decisions.md.
import type { ImpactCounts, LiveEditPart } from '../types/liveEdits';

export const liveEditTexts = {
  title: 'This study has participants',
  intro: 'Your changes reach the plans of participants already in their stage only if you choose so. Prompts already delivered, opened or answered never change.',
  noneAffected: 'No participant already in a stage is affected: the changes reach those who arrive later.',
  applyNow: 'Apply from now on to participants already in the stage (their future prompts are re-planned)',
  applyLater: 'Apply only to participants who arrive later (those already in the stage keep their plan)',
  total: 'In total',
  confirm: 'Save Changes',
  cancel: 'Cancel',
  pilot: 'pilot',
  repointed: "Participants' future tasks now use the questionnaire as it is now",
} as const;

/** "1 participant has" / "2 participants have": the start of a sentence about participants' future tasks. */
function participantsHave(participants: number): string {
  return participants === 1 ? '1 participant has' : `${participants} participants have`;
}

/**
 * The questionnaire editor's line on the versions in use and the choice offered after saving (issue 21). A
 * version is named by its number (1 for the content first planned), as downloads name it.
 */
export const questionnaireVersionTexts = {
  current: (version: number) => `Version ${version} is current.`,
  olderInUse: (participants: number, version: number) => `${participantsHave(participants)} future tasks on version ${version}.`,
  choiceTitle: 'Participants have future tasks on an earlier version',
  choiceIntro: 'Tasks already answered keep the version they were answered on.',
  repoint: 'Re-point their future tasks to this version',
  keep: 'Keep their version (only new tasks use it)',
} as const;

export const liveEditPartNames: Record<LiveEditPart, string> = {
  ema: 'EMA settings',
  diary: 'Diary settings',
  once: 'One-time questionnaires',
  anytime: 'Anytime questionnaires',
};

export const impactCountNames: Record<keyof ImpactCounts, string> = {
  prompts_added: 'prompts added',
  prompts_removed: 'prompts removed',
  prompts_moved: 'prompts moved',
  diaries_added: 'diaries added',
  diaries_removed: 'diaries removed',
  diaries_lengthened: 'diaries lengthened',
  diaries_shortened: 'diaries shortened',
  questionnaires_added: 'questionnaires added',
  questionnaires_removed: 'questionnaires removed',
};
