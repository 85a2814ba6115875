// Shuffled choices and shuffled runs of questions (issue 34 part 4): their rules and messages, the order a
// participant is shown (drawn from a seed, so a re-render and a retry keep it) and the check of the order an
// answer reports. The editor, the renderer and the server use these same functions.
import { seededRandom, shuffled } from '../seededRandom';
import type { MultipleChoiceSet, Question, ResponseItem, ShuffleRun } from './types';

/** The order an answer's questions and choices were shown in, as the app sends and the server keeps it. */
export interface ShownOrder {
  /** Every question position, in the order shown (questions outside the runs in their place). */
  questions?: number[];
  /** By question position: the choice values of its shuffled choice response, in the order shown. */
  choices?: Record<string, string[]>;
}

export const shuffleMessages = {
  runTooShort: 'A run of shuffled questions needs at least 2 questions, from an earlier question to a later one',
  runOutside: 'A run of shuffled questions must start and end at questions of the questionnaire',
  runsOverlap: 'Runs of shuffled questions cannot overlap',
  conditionInRun: 'A question of a shuffled run cannot be shown on a condition about another question of the same run: shuffled, it could come before it',
  identicalInRun: "A question of a shuffled run cannot be checked as 'identical to the previous question' against a question of the same run",
  choicesTwice: 'Only one multiple-choice response of a question can shuffle its choices',
  shownQuestions: 'The order of the questions shown must be an order of this questionnaire’s questions that moves questions only within its shuffled runs',
  shownChoices: 'The order of the choices shown must be an order of the choices of a multiple-choice response that shuffles its choices',
} as const;

/** Choice responses whose choices are shown shuffled; answers saved before issue 34 have no flag and do not shuffle. */
export function shufflesChoices(r: ResponseItem): boolean {
  return r.type === 'mc' && r.shuffle_choices === true;
}

/** The question's response whose choices are shuffled (a rule allows one), if any. */
export function shuffledResponseOf(q: Question | undefined): ResponseItem | undefined {
  return q?.other_info.find(shufflesChoices);
}

/** The first problem of one run on its own (not its overlap with others); null when it may be saved. */
export function runProblem(questions: readonly Question[], run: ShuffleRun): string | null {
  if (!Number.isInteger(run.from_pos) || !Number.isInteger(run.to_pos) || run.from_pos < 0 || run.to_pos < 0 || run.to_pos >= questions.length) {
    return shuffleMessages.runOutside;
  }
  if (run.to_pos <= run.from_pos) return shuffleMessages.runTooShort;
  const inRun = (qpos: number) => qpos >= run.from_pos && qpos <= run.to_pos;
  for (let qpos = run.from_pos; qpos <= run.to_pos; qpos += 1) {
    const q = questions[qpos];
    if (q.dependency.some((g) => g.or.some((c) => c.dependent_qpos !== qpos && inRun(c.dependent_qpos)))) return shuffleMessages.conditionInRun;
    if (qpos > run.from_pos && q.other_info.some((r) => r.validation.identical_to_prev_question)) return shuffleMessages.identicalInRun;
  }
  return null;
}

/** Whether two runs share a question. */
export function runsOverlap(a: ShuffleRun, b: ShuffleRun): boolean {
  return a.from_pos <= b.to_pos && b.from_pos <= a.to_pos;
}

/** The first problem of a questionnaire's shuffles; null when they may be saved. */
export function shufflesProblem(questions: readonly Question[], runs: readonly ShuffleRun[]): string | null {
  if (questions.some((q) => q.other_info.filter(shufflesChoices).length > 1)) return shuffleMessages.choicesTwice;
  for (const run of runs) {
    const problem = runProblem(questions, run);
    if (problem) return problem;
  }
  if (runs.some((run, i) => runs.some((other, j) => j > i && runsOverlap(run, other)))) return shuffleMessages.runsOverlap;
  return null;
}

/** A 32-bit seed from a text (FNV-1a): an answer's order is drawn from its submissionId. */
export function seedOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/** A choice response's choice values in the set's order. */
export function choiceValuesOf(sets: readonly MultipleChoiceSet[], r: ResponseItem): string[] {
  const set = sets.find((s) => s._id === r.choices);
  return set ? [...set.choices].sort((a, b) => a.position - b.position).map((c) => c.value) : [];
}

/**
 * The order one participant's answer shows, drawn from the seed: each run's questions shuffled in its place,
 * each shuffled choice response's choices shuffled. Undefined when the questionnaire shuffles nothing.
 */
export function drawShownOrder(
  questions: readonly Question[],
  sets: readonly MultipleChoiceSet[],
  runs: readonly ShuffleRun[],
  seed: number,
): ShownOrder | undefined {
  const random = seededRandom(seed);
  const order: ShownOrder = {};
  if (runs.length > 0) {
    const positions = questions.map((_, qpos) => qpos);
    for (const run of [...runs].sort((a, b) => a.from_pos - b.from_pos)) {
      const drawn = shuffled(positions.slice(run.from_pos, run.to_pos + 1), random);
      positions.splice(run.from_pos, drawn.length, ...drawn);
    }
    order.questions = positions;
  }
  const choices: Record<string, string[]> = {};
  questions.forEach((q, qpos) => {
    const r = shuffledResponseOf(q);
    if (r) choices[String(qpos)] = shuffled(choiceValuesOf(sets, r), random);
  });
  if (Object.keys(choices).length > 0) order.choices = choices;
  return order.questions || order.choices ? order : undefined;
}

const sameValues = (a: readonly string[], b: readonly string[]) => {
  if (a.length !== b.length) return false;
  const x = [...a].sort();
  const y = [...b].sort();
  return x.every((v, i) => v === y[i]);
};

/** The first problem of an answer's reported order against its questionnaire; null when it is one it could show. */
export function shownOrderProblem(
  questions: readonly Question[],
  sets: readonly MultipleChoiceSet[],
  runs: readonly ShuffleRun[],
  order: ShownOrder,
): string | null {
  if (order.questions) {
    const shown = order.questions;
    if (shown.length !== questions.length) return shuffleMessages.shownQuestions;
    // Each place holds a question of its own run, or its own question outside the runs.
    const runAt = (qpos: number) => runs.find((run) => qpos >= run.from_pos && qpos <= run.to_pos);
    const seen = new Set(shown);
    if (seen.size !== shown.length) return shuffleMessages.shownQuestions;
    for (let place = 0; place < shown.length; place += 1) {
      const qpos = shown[place];
      const run = runAt(place);
      const fits = run ? qpos >= run.from_pos && qpos <= run.to_pos : qpos === place;
      if (!fits) return shuffleMessages.shownQuestions;
    }
  }
  for (const [key, values] of Object.entries(order.choices ?? {})) {
    const r = /^(0|[1-9]\d*)$/.test(key) ? shuffledResponseOf(questions[Number(key)]) : undefined;
    if (!r || !sameValues(values, choiceValuesOf(sets, r))) return shuffleMessages.shownChoices;
  }
  return null;
}

/** An order as stored with an answer and fingerprinted: JSON with its parts in one order, choices by position. */
export function shownOrderText(order: ShownOrder): string {
  const canonical: ShownOrder = {};
  if (order.questions) canonical.questions = order.questions;
  if (order.choices) {
    const keys = Object.keys(order.choices).sort((a, b) => Number(a) - Number(b) || a.localeCompare(b));
    canonical.choices = Object.fromEntries(keys.map((k) => [k, order.choices![k]]));
  }
  return JSON.stringify(canonical);
}

/** An order as stored with an answer (JSON text); none for an answer that reported none. */
export function readStoredShownOrder(text: string | null): ShownOrder | null {
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as ShownOrder) : null;
  } catch {
    return null;
  }
}

/**
 * Question titles as shown: within a run the titles keep their places and the questions move, so a participant
 * reads 1, 2, 3 whatever the order (instructions, which have no title, keep none).
 */
export function titlesAsShown<T>(titles: readonly (T | null)[], runs: readonly ShuffleRun[], shown: readonly number[] | undefined): (T | null)[] {
  const result = [...titles];
  if (!shown) return result;
  for (const run of runs) {
    const places: number[] = [];
    for (let place = run.from_pos; place <= run.to_pos; place += 1) if (titles[place] !== null) places.push(place);
    const titled = shown.slice(run.from_pos, run.to_pos + 1).filter((qpos) => titles[qpos] !== null);
    titled.forEach((qpos, k) => {
      result[qpos] = titles[places[k]] ?? null;
    });
  }
  return result;
}
