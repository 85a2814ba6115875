// The one reader of the fields of an EMA or diary setting, and of a questionnaire reference, as Save Changes
// sends them. The body schema does not vouch for their types: with coerceTypes 'array', Ajv validates a
// one-item list against a scalar branch of an anyOf without unwrapping it, so [""] passes as a number-or-text
// field and ["2024-05-01"] as a start date, still lists. Every field is read here with its type, and a value
// of another type is refused with its field's message, before any rule, query or write sees it.
import type { RandomizePeriod } from '../../shared/study/assessmentSettings';
import { assessmentMessages, generalMessages } from '../../shared/messages';
import { badRequest } from '../httpErrors';

export type Fields = Readonly<Record<string, unknown>>;

function isRecord(value: unknown): value is Fields {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The setting itself: an object of fields. */
export function settingFields(value: unknown): Fields {
  if (!isRecord(value)) throw badRequest(generalMessages.invalidRequest);
  return value;
}

export function flag(value: unknown): boolean {
  if (typeof value !== 'boolean') throw badRequest(generalMessages.invalidRequest);
  return value;
}

export function text(value: unknown, problem: string): string {
  if (typeof value !== 'string') throw badRequest(problem);
  return value;
}

/** A number as a modal holds it: a number, or text for the rules to judge; nothing else. */
export function typedNumber(value: unknown, problem: string): number | string {
  if (typeof value === 'number' || typeof value === 'string') return value;
  throw badRequest(problem);
}

export function times(value: unknown): string[] {
  if (!Array.isArray(value)) throw badRequest(assessmentMessages.timeFormat);
  return value.map((time) => text(time, assessmentMessages.timeFormat));
}

export function periods(value: unknown): RandomizePeriod[] {
  if (!Array.isArray(value)) throw badRequest(assessmentMessages.timeFormat);
  return value.map((period) => {
    if (!isRecord(period)) throw badRequest(assessmentMessages.timeFormat);
    return { start_time: text(period.start_time, assessmentMessages.timeFormat), end_time: text(period.end_time, assessmentMessages.timeFormat) };
  });
}

export function startDate(value: unknown): string | null {
  return value === null ? null : text(value, assessmentMessages.dateFormat);
}

/** A questionnaire as a list names it: its id, or a list item with its id. */
export function refId(ref: unknown): string {
  const id = isRecord(ref) ? ref._id : ref;
  if (typeof id !== 'string' || id === '') throw badRequest(assessmentMessages.questionnaireNotFound);
  return id;
}

export function refList(value: unknown): string[] {
  if (!Array.isArray(value)) throw badRequest(assessmentMessages.questionnaireNotFound);
  return value.map(refId);
}
