// From what the follow-up dialog holds while the user types to the rule the group keeps. Called only after the
// shared rule passed, so every number is then a whole number and the trigger is chosen.
import { wholeNumber } from '../../../../shared/study/assessmentSettings';
import type { FollowupRule, FollowupRuleDraft } from '../../../../shared/study/followups';
import { scoreConditionValue } from '../../../../shared/study/scoreConditions';

export function followupRuleOf(draft: FollowupRuleDraft): FollowupRule {
  if (!draft.trigger_questionnaire) throw new Error('A follow-up rule applied without its trigger questionnaire');
  return {
    ...draft,
    trigger_questionnaire: draft.trigger_questionnaire,
    score_when: draft.score_when.map((c) => ({ ...c, criterion_value: scoreConditionValue(c.criterion_value) })),
    after_minutes: wholeNumber(draft.after_minutes),
    response_in: wholeNumber(draft.response_in),
    reminder_interval: wholeNumber(draft.reminder_interval),
    max_per_day: wholeNumber(draft.max_per_day),
  };
}
