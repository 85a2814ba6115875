// A lab's questionnaires as the portal's editors offer them (the study editor's multi-selects, the question text's
// Insert answer menu), for the lab user's and the system owner's list call alike.
import type { QuestionnaireListAnswer } from './types';
import type { AssessmentListItem } from '../study/assessmentSettings';

/**
 * Every questionnaire of a lab as the editor's multi-selects offer them (name and code), by name, numbers in
 * numeric order. The list call is paged: the first page says how many there are, and the others are fetched
 * together.
 */
export async function allQuestionnaireOptions(
  fetchPage: (page: number) => Promise<QuestionnaireListAnswer>,
): Promise<AssessmentListItem[]> {
  const first = await fetchPage(1);
  const rest = await Promise.all(Array.from({ length: Math.max(0, first.pages - 1) }, (_, i) => fetchPage(i + 2)));
  const items = [first, ...rest].flatMap((page) => page.qx_list.map(({ _id, chin_name, abbrev }) => ({ _id, chin_name, abbrev })));
  const unique = [...new Map(items.map((q) => [q._id, q])).values()];
  const byText = (a: string, b: string) => a.localeCompare(b, undefined, { numeric: true });
  return unique.sort((a, b) => byText(a.chin_name, b.chin_name) || byText(a.abbrev, b.abbrev));
}
