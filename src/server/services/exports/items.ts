// The response items of a questionnaire as download columns: one column per answerable response of every
// version planned, named by question number and response position, and an answer's value as text.
import type { QuestionnaireVersionRow } from '../../db/types';
import type { Choice, MultipleChoiceSet, Question, ResponseItem, Score, ShuffleRun } from '../../../shared/questionnaire/types';
import { isNonAnswer } from '../../../shared/questionnaire/rules';

export interface PlannedVersion {
  row: QuestionnaireVersionRow;
  questions: Question[];
  sets: MultipleChoiceSet[];
  scores: Score[];
  shuffleRuns: ShuffleRun[];
}

export function parseVersion(row: QuestionnaireVersionRow): PlannedVersion {
  const list = <T>(text: string): T[] => {
    try {
      const value: unknown = JSON.parse(text);
      return Array.isArray(value) ? (value as T[]) : [];
    } catch {
      return [];
    }
  };
  return { row, questions: list<Question>(row.content), sets: list<MultipleChoiceSet>(row.mc_sets), scores: list<Score>(row.scores), shuffleRuns: list<ShuffleRun>(row.shuffle_runs) };
}

export interface ItemColumn {
  /** The column's header. */
  name: string;
  qpos: number;
  rpos: number;
  question: Question;
  response: ResponseItem;
  /** The choices of an mc response, else empty. */
  choices: Choice[];
  /**
   * Where each version has this response ('question/response' positions by version id): a question added in
   * front in a later version moves the others, so an answer is read at its own version's place.
   */
  places: ReadonlyMap<string, string>;
}

/** A response's place in one version: its question's and its own position, as stored with each answer. */
export function placeKey(questionPos: number, responsePos: number): string {
  return `${questionPos}/${responsePos}`;
}

/** The place of the column's response in the answered version; none when that version does not have it. */
export function placeIn(column: ItemColumn, versionId: string): string | undefined {
  return column.places.get(versionId);
}

/** A name that statistics packages take as a variable: letters, digits and '_', starting with a letter. */
export function variableName(text: string): string {
  const base = text.trim().replace(/[^A-Za-z0-9_]+/g, '_').replace(/^_+|_+$/g, '');
  return /^[A-Za-z]/.test(base) ? base : `Q${base}`;
}

/** A question's part of its columns' names: its number, or its position (from 1) when it has none. */
export function questionName(question: Question, qpos: number): string {
  return variableName(question.question_num || String(qpos + 1));
}

/** Makes each name unique by numbering the repeats (Q1_R1, Q1_R1_2, …). */
export function uniqueNames(names: readonly string[]): string[] {
  const seen = new Map<string, number>();
  return names.map((name) => {
    const count = (seen.get(name) ?? 0) + 1;
    seen.set(name, count);
    return count === 1 ? name : `${name}_${count}`;
  });
}

/**
 * The columns of one questionnaire's versions (newest last): every answerable response any of them has (the
 * same question and response ids are one column, wherever each version places them), in question and response
 * order, described by the newest version that has it. `Q{question number}_R{n}`, n counting from 1; a question
 * without a number is named by its position.
 */
export function itemColumns(versions: readonly PlannedVersion[]): ItemColumn[] {
  const byPlace = new Map<string, Omit<ItemColumn, 'name'>>();
  for (const version of versions) {
    version.questions.forEach((question, qpos) => {
      (question.other_info ?? []).forEach((response, rpos) => {
        if (isNonAnswer(response.type)) return;
        const set = response.type === 'mc' && response.choices ? version.sets.find((s) => s._id === response.choices) : undefined;
        const key = question._id && response._id ? `${question._id}/${response._id}` : placeKey(qpos, rpos);
        const places = new Map(byPlace.get(key)?.places ?? []).set(version.row.id, placeKey(qpos, rpos));
        byPlace.set(key, { qpos, rpos, question, response, choices: set ? [...set.choices].sort((a, b) => a.position - b.position) : [], places });
      });
    });
  }
  const columns = [...byPlace.values()].sort((a, b) => a.qpos - b.qpos || a.rpos - b.rpos);
  const names = uniqueNames(columns.map((c) => `${questionName(c.question, c.qpos)}_R${c.rpos + 1}`));
  return columns.map((c, i) => ({ ...c, name: names[i] }));
}

/** A stored answer (JSON) as text: choice values joined by ';', numbers written out, text as typed. */
export function itemText(json: string): string {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return json;
  }
  if (Array.isArray(value)) return value.map(String).join(';');
  if (value === null || value === undefined) return '';
  return String(value);
}

/** Orders versions oldest first, so the newest describes a column. */
export function byAge(versions: readonly PlannedVersion[]): PlannedVersion[] {
  return [...versions].sort((a, b) => a.row.created_at.localeCompare(b.row.created_at) || a.row.id.localeCompare(b.row.id));
}
