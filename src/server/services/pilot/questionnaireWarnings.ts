// The warnings of one questionnaire as it is now (issue 20): no question to answer, and required questions that
// a visibility condition can hide (the participant app asks for a required answer only when it shows the question).
import type { Question } from '../../../shared/questionnaire/types';
import { isNonAnswer } from '../../../shared/questionnaire/rules';
import { pilotWarningTexts as texts, questionLabel } from '../../../shared/messages/pilotWarnings';
import type { AssessmentListItem } from '../../../shared/study/assessmentSettings';
import type { PilotWarning } from '../../../shared/types/pilotWarnings';
import { placeOf, warningAt } from './warningPlace';

export interface QuestionnaireContent extends AssessmentListItem {
  chin_content: Question[];
}

const asksForAnswer = (q: Question) => q.other_info.some((r) => !isNonAnswer(r.type));
const isRequired = (q: Question) => q.other_info.some((r) => !isNonAnswer(r.type) && r.validation.required);
const canBeHidden = (q: Question) => q.dependency.some((group) => group.or.length > 0);

export function questionnaireWarnings(questionnaire: QuestionnaireContent): PilotWarning[] {
  const item: AssessmentListItem = { _id: questionnaire._id, chin_name: questionnaire.chin_name, abbrev: questionnaire.abbrev };
  if (!questionnaire.chin_content.some(asksForAnswer)) {
    return [warningAt('empty_questionnaire', texts.emptyQuestionnaire, placeOf({ questionnaire: item }))];
  }
  return questionnaire.chin_content.flatMap((q, position) => {
    if (!isRequired(q) || !canBeHidden(q)) return [];
    const question = { position, question_num: q.question_num };
    return [warningAt('required_hidden', texts.requiredHidden(questionLabel(question)), placeOf({ questionnaire: item, question }))];
  });
}
