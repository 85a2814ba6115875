// How the editor names a questionnaire in its lists: "name (code)", as the multi-selects show the options.
import type { AssessmentListItem } from '../../../../shared/study/assessmentSettings';

export function questionnaireLabel(q: AssessmentListItem): string {
  return `${q.chin_name} (${q.abbrev})`;
}

export function questionnaireLabels(list: readonly AssessmentListItem[]): string {
  return list.map(questionnaireLabel).join(', ');
}
