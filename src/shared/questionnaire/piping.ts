// Piping (issue 34 part 3): question texts and choice labels quote answers. `{{Q3}}` quotes the answer to the
// third question of the same questionnaire (its position, counted from 1 over every item as the editor numbers
// them), `{{MOOD.Q1}}` the participant's last answer to question 1 of questionnaire MOOD in the same study, and
// `{{MOOD.Q1|no answer yet}}` shows its fallback when there is none. One filler for the preview, the app and the
// server's check of the texts an answer says were shown. A quoted answer is the participant's text: it is
// escaped before it enters a rich text, so it can never add HTML.
import { plainText } from '../richText';
import { isNonAnswer } from './rules';
import type { MultipleChoiceSet, Question, ResponseItem } from './types';
import { visibleQuestions, type Answers } from './visibility';

/** A token: `{{Q<n>}}` or `{{<ABBREV>.Q<n>}}`, optionally `|fallback` before the closing braces. */
const TOKEN = /\{\{\s*(?:([A-Za-z0-9_-]{1,64})\.)?Q(\d{1,4})\s*(?:\|([^{}]*))?\}\}/g;

/** Joins the answers of a question with several responses, and the labels of several chosen choices. */
export const PIPED_JOIN = ', ';
/** A text as shown (question or choice label) is kept with an answer up to this length. */
export const MAX_SHOWN_CHARS = 10_000;

export interface PipeToken {
  /** The token as written. */
  raw: string;
  /** The questionnaire's abbreviation for an earlier submission's answer; null for this questionnaire. */
  abbrev: string | null;
  /** The question's number: its position in its questionnaire counted from 1. */
  number: number;
  /** The text shown when there is no answer; null when the token has none. */
  fallback: string | null;
}

export function pipeTokens(text: string): PipeToken[] {
  return [...text.matchAll(TOKEN)].map((m) => ({ raw: m[0], abbrev: m[1] ?? null, number: Number(m[2]), fallback: m[3] ?? null }));
}

export function hasPipes(text: string): boolean {
  return pipeTokens(text).length > 0;
}

/** The key of an earlier submission's answer, as the app's questionnaire carries them (earlier_answers). */
export function earlierKey(abbrev: string, number: number): string {
  return `${abbrev.toUpperCase()}.Q${number}`;
}

/**
 * The token a menu inserts; abbrev null for this questionnaire. A fallback (another questionnaire's answer only)
 * is trimmed, and left out when empty; it must pass fallbackProblem.
 */
export function pipeToken(abbrev: string | null, number: number, fallback = ''): string {
  const name = abbrev === null ? `Q${number}` : `${abbrev}.Q${number}`;
  const shown = fallback.trim();
  return shown === '' ? `{{${name}}}` : `{{${name}|${shown}}}`;
}

/** A fallback ends at the token's closing braces, so it cannot hold a brace. */
export function fallbackProblem(fallback: string): string | null {
  return /[{}]/.test(fallback) ? pipingMessages.fallbackBraces : null;
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]);
}

/** One response's answer as words: a choice by its label (several joined), anything else as given; a photo never. */
export function responseText(r: ResponseItem, value: string | string[] | number | undefined, sets: readonly MultipleChoiceSet[]): string {
  if (value === undefined || isNonAnswer(r.type) || r.type === 'photoUpload') return '';
  if (r.type === 'mc') {
    const chosen = Array.isArray(value) ? value : [String(value)];
    const choices = [...(sets.find((s) => s._id === r.choices)?.choices ?? [])].sort((a, b) => a.position - b.position);
    return choices.filter((c) => chosen.includes(c.value)).map((c) => c.name.trim()).join(PIPED_JOIN);
  }
  return (Array.isArray(value) ? value.join(PIPED_JOIN) : String(value)).trim();
}

/** A question's answer as words: its answered responses' texts joined. */
export function questionAnswerText(question: Question | undefined, values: Answers[number] | undefined, sets: readonly MultipleChoiceSet[]): string {
  if (!question || !values) return '';
  return question.other_info
    .map((r, rpos) => responseText(r, values[rpos], sets))
    .filter((text) => text !== '')
    .join(PIPED_JOIN);
}

export const pipingMessages = {
  laterQuestion: 'A question can quote only an earlier question of its questionnaire: {{Q1}} is the first question, counting every item from the top',
  unknownQuestionnaire: 'A quoted questionnaire code ({{CODE.Q1}}) is not the code of one of the lab’s questionnaires',
  unknownQuestion: 'A quoted question ({{CODE.Q1}}) is not in that questionnaire: Q1 is its first item',
  fallbackBraces: 'A fallback text cannot contain { or }',
} as const;

/** A question's texts that may quote answers: its own, and the labels of the choice sets it shows. */
function quotingTexts(question: Question, sets: readonly MultipleChoiceSet[]): string[] {
  return [question.html_question, ...choiceSetsOf(question, sets).flatMap((set) => set.choices.map((c) => c.name))];
}

/**
 * The first token of the question texts and their choice labels that names no question it may quote, with the
 * question quoting it: this questionnaire's only before the quoting question, another's (by code, any case) only
 * within its length. `questionCount` answers how many items a questionnaire of the lab has by its code, or null for
 * no such code. A set's labels are checked at each question showing them.
 */
export function pipingProblem(
  questions: readonly Question[],
  questionCount: (abbrev: string) => number | null,
  sets: readonly MultipleChoiceSet[] = [],
): { question_pos: number; message: string } | null {
  for (let qpos = 0; qpos < questions.length; qpos += 1) {
    for (const token of quotingTexts(questions[qpos], sets).flatMap(pipeTokens)) {
      if (token.abbrev === null) {
        if (token.number < 1 || token.number > qpos) return { question_pos: qpos, message: pipingMessages.laterQuestion };
        continue;
      }
      const count = questionCount(token.abbrev);
      if (count === null) return { question_pos: qpos, message: pipingMessages.unknownQuestionnaire };
      if (token.number < 1 || token.number > count) return { question_pos: qpos, message: pipingMessages.unknownQuestion };
    }
  }
  return null;
}

/** The codes of other questionnaires the question texts and their choice labels quote (in capitals). */
export function quotedCodes(questions: readonly Question[], sets: readonly MultipleChoiceSet[] = []): Set<string> {
  return new Set(questions.flatMap((q) => quotingTexts(q, sets).flatMap(pipeTokens).flatMap((t) => (t.abbrev === null ? [] : [t.abbrev.toUpperCase()]))));
}

/** Earlier submissions' answers as words by earlierKey; a question never answered is absent. */
export type EarlierAnswers = Record<string, string>;

/** What a text is filled from. */
export interface PipeSource {
  /** This questionnaire's answers as words, by position (hidden questions' answers are not sent, so not quoted). */
  answerOf: (number: number) => string;
  /** An earlier submission's answer as words, or null when there is none. */
  earlierOf: (abbrev: string, number: number) => string | null;
  /** The preview has no earlier answers: a token without fallback shows its own name there. */
  markEarlier: boolean;
}

export function pipeSource(
  questions: readonly Question[],
  sets: readonly MultipleChoiceSet[],
  answers: Answers,
  earlier: EarlierAnswers | null,
): PipeSource {
  const visible = visibleQuestions(questions, answers);
  const texts = new Map<number, string>();
  return {
    answerOf: (number) => {
      const qpos = number - 1;
      if (!visible[qpos]) return '';
      if (!texts.has(qpos)) texts.set(qpos, questionAnswerText(questions[qpos], answers[qpos], sets));
      return texts.get(qpos) as string;
    },
    earlierOf: (abbrev, number) => earlier?.[earlierKey(abbrev, number)] ?? null,
    markEarlier: earlier === null,
  };
}

/** A token's words, unescaped; a fallback is the author's own text of the same kind, so it is used as written. */
function tokenText(token: PipeToken, source: PipeSource, escape: (text: string) => string): string {
  const answer = token.abbrev === null ? source.answerOf(token.number) : source.earlierOf(token.abbrev, token.number);
  if (answer) return escape(answer);
  if (token.fallback !== null) return token.fallback;
  if (token.abbrev !== null && source.markEarlier) return escape(`[${token.abbrev}.Q${token.number}]`);
  return '';
}

function fill(text: string, source: PipeSource, escape: (text: string) => string): string {
  if (!text.includes('{{')) return text;
  return text.replace(TOKEN, (raw) => tokenText(pipeTokens(raw)[0], source, escape));
}

/** A rich text (HTML) with its tokens filled in, each quoted answer escaped. */
export function fillHtml(html: string, source: PipeSource): string {
  return fill(html, source, escapeHtml);
}

/** A plain text (a choice label, shown as text) with its tokens filled in. */
export function fillPlain(text: string, source: PipeSource): string {
  return fill(text, source, (t) => t);
}

/** The texts of one question as shown, when they quoted answers: its text as words, choice labels by value. */
export interface ShownText {
  question?: string;
  choices?: Record<string, string>;
}

/** By question position (0-based, as answers are): only questions shown whose texts have tokens. */
export type ShownTexts = Record<string, ShownText>;

function choiceSetsOf(question: Question, sets: readonly MultipleChoiceSet[]): MultipleChoiceSet[] {
  return question.other_info.flatMap((r) => (r.type === 'mc' ? sets.filter((s) => s._id === r.choices) : []));
}

/**
 * What each question with tokens showed: its text (as words, like the export) and its labels with tokens, for the
 * questions shown; null when none quotes an answer.
 */
export function shownTexts(questions: readonly Question[], sets: readonly MultipleChoiceSet[], answers: Answers, earlier: EarlierAnswers | null): ShownTexts | null {
  const source = pipeSource(questions, sets, answers, earlier);
  const visible = visibleQuestions(questions, answers);
  const shown: ShownTexts = {};
  questions.forEach((q, qpos) => {
    if (!visible[qpos]) return;
    const entry: ShownText = {};
    if (hasPipes(q.html_question)) entry.question = plainText(fillHtml(q.html_question, source));
    for (const set of choiceSetsOf(q, sets)) {
      for (const c of set.choices) if (hasPipes(c.name)) (entry.choices ??= {})[c.value] = fillPlain(c.name, source).trim();
    }
    if (entry.question !== undefined || entry.choices) shown[String(qpos)] = entry;
  });
  return Object.keys(shown).length > 0 ? shown : null;
}

/** Shown texts as stored and fingerprinted: positions in order, choices by value in order. */
export function canonicalShownTexts(shown: ShownTexts): string {
  const ordered: [number, ShownText][] = Object.entries(shown)
    .map(([qpos, entry]): [number, ShownText] => [Number(qpos), entry])
    .sort((a, b) => a[0] - b[0]);
  return JSON.stringify(
    ordered.map(([qpos, entry]) => [
      qpos,
      entry.question ?? null,
      entry.choices ? Object.keys(entry.choices).sort().map((value) => [value, (entry.choices as Record<string, string>)[value]]) : null,
    ]),
  );
}

/** Stored shown texts (canonicalShownTexts) read back by question position. */
export function readShownTexts(text: string | null): Map<number, ShownText> {
  const shown = new Map<number, ShownText>();
  if (!text) return shown;
  try {
    const rows = JSON.parse(text) as [number, string | null, [string, string][] | null][];
    for (const [qpos, question, choices] of rows) {
      const entry: ShownText = {};
      if (question !== null) entry.question = question;
      if (choices) entry.choices = Object.fromEntries(choices);
      shown.set(qpos, entry);
    }
  } catch {
    return new Map();
  }
  return shown;
}

const EARLIER_MARK = '\u0000';

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Whether a text the app says it showed can be the template filled from this answer: same-questionnaire tokens
 * must be exactly what the filler gives; an earlier submission's answer may be any text (the app filled it from
 * what it loaded, perhaps offline before another answer arrived), the rest of the text must be the template's.
 */
function matchesTemplate(filledTemplate: string, shown: string): boolean {
  const parts = filledTemplate.split(EARLIER_MARK);
  if (parts.length === 1) return filledTemplate === shown;
  const pattern = parts
    .map((part, i) => {
      let p = part;
      if (i > 0) p = p.replace(/^\s+/, '');
      if (i < parts.length - 1) p = p.replace(/\s+$/, '');
      return escapeRegExp(p);
    })
    .join('[\\s\\S]*');
  return new RegExp(`^${pattern}$`).test(shown);
}

/** A source whose earlier answers are marks, for matchesTemplate. */
function checkingSource(questions: readonly Question[], sets: readonly MultipleChoiceSet[], answers: Answers): PipeSource {
  const source = pipeSource(questions, sets, answers, {});
  return { ...source, earlierOf: () => EARLIER_MARK };
}

/**
 * The first problem of the shown texts an answer was sent with, as a position and the kind at fault, or null:
 * each names a question shown whose text (or a choice label) has tokens, and is what the filler makes of it.
 */
export function shownTextsProblem(
  questions: readonly Question[],
  sets: readonly MultipleChoiceSet[],
  answers: Answers,
  shown: ShownTexts,
): { question_pos?: number } | null {
  const source = checkingSource(questions, sets, answers);
  const visible = visibleQuestions(questions, answers);
  for (const [key, entry] of Object.entries(shown)) {
    const qpos = Number(key);
    // A position written as the server writes it ("3", not "03" or "3.0"), so that one question has one key.
    const q = Number.isInteger(qpos) && String(qpos) === key ? questions[qpos] : undefined;
    if (!q || !visible[qpos]) return {};
    if (entry.question !== undefined) {
      if (entry.question.length > MAX_SHOWN_CHARS || !hasPipes(q.html_question)) return { question_pos: qpos };
      if (!matchesTemplate(plainText(fillHtml(q.html_question, source)), entry.question)) return { question_pos: qpos };
    }
    const labels = new Map(choiceSetsOf(q, sets).flatMap((s) => s.choices.map((c) => [c.value, c.name] as const)));
    for (const [value, text] of Object.entries(entry.choices ?? {})) {
      const label = labels.get(value);
      if (label === undefined || !hasPipes(label) || text.length > MAX_SHOWN_CHARS) return { question_pos: qpos };
      if (!matchesTemplate(fillPlain(label, source).trim(), text)) return { question_pos: qpos };
    }
  }
  return null;
}
