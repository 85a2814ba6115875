// Scores of a questionnaire (issue 34 part 2): their rules and messages, and their computation from an answer.
// The same functions check a save in the editor and on the server, and compute what the server keeps with an
// answer, so the editor's message, the 400 and the stored value cannot disagree.
import type { AnswerItem } from '../types/participantApp';
import type { Question, ResponseItem, Score, ScoreItem } from './types';

export const MAX_SCORES = 50;
/** The export's column `<ABBREV>_score_<name>` must fit the 32 characters Stata allows, the code shortened first. */
export const MAX_SCORE_NAME = 20;
/**
 * A name is the end of an export column: a letter, then letters and digits, single `_` between them (the export's
 * names join repeated `_` and drop a trailing one, which would change the name).
 */
export const SCORE_NAME_FORM = /^[A-Za-z](?:_?[A-Za-z0-9])*$/;

export const scoreMessages = {
  tooMany: `A questionnaire can have at most ${MAX_SCORES} scores`,
  nameForm: `A score name must start with a letter and use only letters, digits and single _ between them (at most ${MAX_SCORE_NAME} characters)`,
  nameTaken: 'Each score needs its own name',
  noItems: 'Choose at least one item for the score',
  itemTwice: 'A score cannot use the same item twice',
  itemNotNumeric: 'A score item must be a slider or a numbers-only text response',
  reverseUnknown: 'Only slider items can be reverse-coded: they have a minimum and a maximum',
  minAnswered: 'Minimum answered must be a whole number between 1 and the number of items',
} as const;

/** Responses that carry a number: sliders, and text responses that accept numbers only. */
export function isScorable(r: ResponseItem | undefined): r is ResponseItem {
  return r !== undefined && (r.type === 'slider' || (r.type === 'text' && r.number_only));
}

/** Reverse coding needs a known minimum and maximum: a slider's. */
export function isReversible(r: ResponseItem | undefined): boolean {
  return r !== undefined && r.type === 'slider';
}

/** The responses a score may use, in questionnaire order. */
export function scorableItems(questions: readonly Question[]): { question_pos: number; response_pos: number }[] {
  return questions.flatMap((q, question_pos) =>
    q.other_info.flatMap((r, response_pos) => (isScorable(r) ? [{ question_pos, response_pos }] : [])),
  );
}

function responseOf(questions: readonly Question[], item: Pick<ScoreItem, 'question_pos' | 'response_pos'>): ResponseItem | undefined {
  return questions[item.question_pos]?.other_info[item.response_pos];
}

/** The first problem of one score among its questionnaire's scores; null when it may be saved. */
export function scoreProblem(questions: readonly Question[], scores: readonly Score[], index: number): string | null {
  const score = scores[index];
  const name = score.name.trim();
  if (!SCORE_NAME_FORM.test(name) || name.length > MAX_SCORE_NAME) return scoreMessages.nameForm;
  // Case does not tell columns apart in SPSS and Stata, so neither does it tell scores apart.
  if (scores.some((other, i) => i !== index && other.name.trim().toLowerCase() === name.toLowerCase())) return scoreMessages.nameTaken;
  if (score.items.length === 0) return scoreMessages.noItems;
  const places = new Set(score.items.map((item) => `${item.question_pos}/${item.response_pos}`));
  if (places.size !== score.items.length) return scoreMessages.itemTwice;
  if (score.items.some((item) => !isScorable(responseOf(questions, item)))) return scoreMessages.itemNotNumeric;
  if (score.items.some((item) => item.reverse && !isReversible(responseOf(questions, item)))) return scoreMessages.reverseUnknown;
  if (!Number.isInteger(score.min_answered) || score.min_answered < 1 || score.min_answered > score.items.length) return scoreMessages.minAnswered;
  return null;
}

/** The first problem of a questionnaire's scores, with the score it is about; null when they may be saved. */
export function scoresProblem(questions: readonly Question[], scores: readonly Score[]): { index: number; message: string } | null {
  if (scores.length > MAX_SCORES) return { index: MAX_SCORES, message: scoreMessages.tooMany };
  for (let index = 0; index < scores.length; index += 1) {
    const message = scoreProblem(questions, scores, index);
    if (message) return { index, message };
  }
  return null;
}

/** The number an answer gives a scorable response, or null when it was left empty or is not a number. */
function numberOf(r: ResponseItem, value: AnswerItem['value'] | undefined): number | null {
  if (r.type === 'slider') return typeof value === 'number' && Number.isFinite(value) ? value : null;
  if (typeof value !== 'string' || value.trim() === '') return null;
  const number = Number(value);
  return Number.isFinite(number) ? number : null;
}

/** One score of an answer: null when fewer than `min_answered` of its items were answered. */
export function scoreValue(questions: readonly Question[], score: Score, answers: readonly AnswerItem[]): number | null {
  const values: number[] = [];
  for (const item of score.items) {
    const r = responseOf(questions, item);
    if (!isScorable(r)) continue;
    const answer = answers.find((a) => a.question_pos === item.question_pos && a.response_pos === item.response_pos);
    const value = numberOf(r, answer?.value);
    if (value === null) continue;
    values.push(item.reverse && isReversible(r) ? Number(r.max) + Number(r.min) - value : value);
  }
  if (values.length === 0 || values.length < score.min_answered) return null;
  const sum = values.reduce((total, v) => total + v, 0);
  return score.method === 'sum' ? sum : sum / values.length;
}

/** Every score of an answer by name, as the answer's 201 and the export carry them. */
export function computeScores(questions: readonly Question[], scores: readonly Score[], answers: readonly AnswerItem[]): Record<string, number | null> {
  const result: Record<string, number | null> = {};
  for (const score of scores) result[score.name] = scoreValue(questions, score, answers);
  return result;
}

/** How a score is computed, in words: the codebook's line for its column. */
export function scoreDescription(questions: readonly Question[], score: Score): string {
  const items = score.items.map((item) => {
    const number = questions[item.question_pos]?.question_num.trim() || `question ${item.question_pos + 1}`;
    const r = responseOf(questions, item);
    const reverse = item.reverse && r ? ` reversed (${Number(r.max)} + ${Number(r.min)} - value)` : '';
    return `${number} response ${item.response_pos + 1}${reverse}`;
  });
  const method = score.method === 'sum' ? 'Sum' : 'Mean';
  return `${method} of ${items.join(', ')}; empty when fewer than ${score.min_answered} of ${score.items.length} items are answered`;
}

/** Scores as stored with an answer (JSON text); none for an answer stored before scores existed. */
export function readStoredScores(text: string | null): Record<string, number | null> {
  if (!text) return {};
  try {
    const value: unknown = JSON.parse(text);
    if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
    const scores: Record<string, number | null> = {};
    for (const [name, v] of Object.entries(value as Record<string, unknown>)) scores[name] = typeof v === 'number' && Number.isFinite(v) ? v : null;
    return scores;
  } catch {
    return {};
  }
}
