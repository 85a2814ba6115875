// The order a form shows its questions and choices in (issue 34 part 4): the answer's drawn order when the
// questionnaire shuffles (shared/questionnaire/shuffles.ts), the questionnaire's own otherwise. Kept apart from the
// form so that the form only asks where each question and choice goes.
import type { ShownOrder } from '../../shared/questionnaire/shuffles';
import type { Choice } from '../../shared/questionnaire/types';

/** Question positions in the order shown. */
export function positionsAsShown(count: number, order: ShownOrder | undefined): number[] {
  const shown = order?.questions;
  return shown && shown.length === count ? shown : Array.from({ length: count }, (_, qpos) => qpos);
}

/** A set's choices (in its order) in the order shown; choices the order does not name follow in their own order. */
export function choicesAsShown(choices: readonly Choice[], shownValues: readonly string[] | undefined): Choice[] {
  if (!shownValues) return [...choices];
  const rank = new Map(shownValues.map((value, i) => [value, i]));
  const at = (c: Choice) => rank.get(c.value) ?? shownValues.length;
  return [...choices].sort((a, b) => at(a) - at(b));
}
