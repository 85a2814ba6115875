import { MAX_FOLLOWUP_AFTER_MINUTES, MAX_FOLLOWUP_RULES, MAX_FOLLOWUPS_PER_DAY, MAX_SCORE_CONDITIONS } from '../limits';

/** Follow-up prompt rules of a participant group (issue 34 part 1), in the order the rule checks them. */
export const followupMessages = {
  tooManyRules: `A group can have at most ${MAX_FOLLOWUP_RULES} follow-up rules`,
  triggerRequired: 'Choose the questionnaire whose answers trigger the follow-up',
  conditionInvalid: 'A condition of the follow-up names a question or an operator the trigger questionnaire does not have',
  tooManyScoreConditions: `A follow-up rule can have at most ${MAX_SCORE_CONDITIONS} score conditions`,
  scoreConditionInvalid: 'A score condition names a score or an operator the trigger questionnaire does not have',
  scoreValueNotNumber: "A score condition's value must be a number",
  questionnaireRequired: 'Choose at least one follow-up questionnaire',
  afterMinutes: `'Prompt after' must be a whole number of minutes from 0 to ${MAX_FOLLOWUP_AFTER_MINUTES}`,
  maxPerDay: `'At most per day' must be a whole number from 1 to ${MAX_FOLLOWUPS_PER_DAY}`,
} as const;

/** What the study editor says about follow-up rules. */
export const followupEditorTexts = {
  ownerReadOnly: "Follow-up rules can be read here; the lab's own users edit them (their conditions need the trigger questionnaire's questions).",
  chooseTriggerFirst: 'Choose the trigger questionnaire to add conditions.',
  noScoreCondition: 'No score condition.',
  noScores: 'The trigger questionnaire has no scores; they are defined in its editor.',
  everyAnswer: 'No condition: every answer to the trigger questionnaire prompts the follow-up.',
  loadingQuestions: "Loading the trigger questionnaire's questions…",
} as const;
