// Questionnaires and their multiple-choice sets: creation, the whole-questionnaire save (checked with the
// shared rules in the specification's order, rich text sanitised), and the sets' changes.
import type { Db } from '../../repositories/db';
import type { LabUserRow, McSetRow, QuestionnaireRow } from '../../db/types';
import type { Choice, MultipleChoiceSet, Question, Questionnaire, QuestionnaireListAnswer, QuestionnaireSummary, Score, ShuffleRun } from '../../../shared/questionnaire/types';
import { scoresProblem } from '../../../shared/questionnaire/scores';
import { shufflesProblem } from '../../../shared/questionnaire/shuffles';
import { pipingProblem, quotedCodes } from '../../../shared/questionnaire/piping';
import { PAGE_SIZE } from '../../../shared/limits';
import {
  choicesProblem,
  questionnaireCreateProblem,
  questionnaireInUseMessage,
  questionnaireMessages,
  questionnaireSaveProblem,
} from '../../../shared/questionnaire/rules';
import { prepareForSave, referenceProblem } from '../../../shared/questionnaire/operations';
import { badRequest, conflict, notFound } from '../../httpErrors';
import {
  countQuestionnairesInLab,
  deleteMcSet,
  deleteQuestionnaire,
  findQuestionnaireByCode,
  findQuestionnaireInLab,
  findQuestionnairesByCodes,
  insertMcSet,
  insertQuestionnaire,
  listMcSets,
  listQuestionnairesInLab,
  updateMcSet,
  updateQuestionnaire,
} from '../../repositories/questionnaires';
import type { QuestionnaireListRow } from '../../repositories/questionnaires';
import { findLabUser } from '../../repositories/labUsers';
import { sanitizeRichText } from './richText';
import { newId, nowIso } from '../../ids';
import { listStudiesUsingQuestionnaire } from '../../repositories/groupQuestionnaires';
import { isForeignKeyViolation, isUniqueViolation } from '../../repositories/uniqueViolation';
import { recordAudit, type AuditActor } from '../audit/record';
import { fieldChanges } from '../audit/changes';

export function parseJson<T>(text: string, fallback: T): T {
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

export function toSummary(row: QuestionnaireListRow): QuestionnaireSummary {
  return {
    _id: row.id,
    chin_name: row.chin_name,
    abbrev: row.abbrev,
    createdAt: row.created_at,
    user: row.last_edited_by && row.editor_email ? { _id: row.last_edited_by, email: row.editor_email } : null,
  };
}

/** A page of a lab's questionnaires, newest first; a page beyond the last is empty and says how many there are. */
export async function questionnairePage(db: Db, labId: string, page: number): Promise<QuestionnaireListAnswer> {
  const [total, rows] = await Promise.all([countQuestionnairesInLab(db, labId), listQuestionnairesInLab(db, labId, (page - 1) * PAGE_SIZE, PAGE_SIZE)]);
  return { qx_list: rows.map(toSummary), pages: Math.max(1, Math.ceil(total / PAGE_SIZE)), page };
}

export async function toQuestionnaire(db: Db, row: QuestionnaireRow): Promise<Questionnaire> {
  const editor = row.last_edited_by ? await findLabUser(db, row.last_edited_by) : undefined;
  return {
    ...toSummary({ ...row, editor_email: editor?.email ?? null }),
    chin_content: parseJson<Question[]>(row.content, []),
    scores: parseJson<Score[]>(row.scores, []),
    shuffle_runs: parseJson<ShuffleRun[]>(row.shuffle_runs, []),
  };
}

export function toMcSet(row: McSetRow): MultipleChoiceSet {
  return { _id: row.id, name: row.name, questionnaire: row.questionnaire_id, choices: parseJson<Choice[]>(row.choices, []) };
}

export async function questionnaireOfLab(db: Db, id: string, labId: string): Promise<QuestionnaireRow> {
  const row = await findQuestionnaireInLab(db, id, labId);
  if (!row) throw notFound(questionnaireMessages.questionnaireNotFound);
  return row;
}

async function refuseTakenCode(db: Db, labId: string, abbrev: string, ownId: string | null): Promise<void> {
  const other = await findQuestionnaireByCode(db, labId, abbrev);
  if (other && other.id !== ownId) throw conflict(questionnaireMessages.codeTaken);
}

/**
 * A questionnaire as the audit trail keeps it: its name, code and questions. It belongs to a lab and to no
 * study, so its entries carry the lab alone and show on the lab's Activity (its manager, the system owner).
 */
export function auditedQuestionnaire(chinName: string, abbrev: string, questions: Question[], scores: Score[] = [], shuffleRuns: ShuffleRun[] = []) {
  return { chin_name: chinName, abbrev, chin_content: questions, scores, shuffle_runs: shuffleRuns };
}

export async function createQuestionnaire(db: Db, user: LabUserRow, body: { chin_name?: string; abbrev?: string }, actor: AuditActor): Promise<string> {
  const problem = questionnaireCreateProblem(body.chin_name, body.abbrev);
  if (problem) throw badRequest(problem);
  const abbrev = (body.abbrev ?? '').trim();
  await refuseTakenCode(db, user.lab_id, abbrev, null);
  const id = newId();
  const now = nowIso();
  const chinName = (body.chin_name ?? '').trim();
  try {
    await db.transaction().execute(async (trx) => {
      await insertQuestionnaire(trx, { id, lab_id: user.lab_id, chin_name: chinName, abbrev, content: '[]', last_edited_by: user.id, created_at: now, updated_at: now });
      await recordAudit(trx, actor, { kind: 'questionnaire.created', entityType: 'questionnaire', entityId: id, labId: user.lab_id, before: null, after: auditedQuestionnaire(chinName, abbrev, []) });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(questionnaireMessages.codeTaken);
    throw error;
  }
  return id;
}

export interface QuestionnaireSaveBody {
  chin_name?: string;
  abbrev?: string;
  chin_content: Question[];
  /** Absent: the scores stay as they are (and are checked against the questions saved). */
  scores?: Score[];
  /** Absent: the runs of shuffled questions stay as they are (and are checked against the questions saved). */
  shuffle_runs?: ShuffleRun[];
}

/** Scores as saved: names trimmed, only the fields of the contract. */
function cleanScores(scores: readonly Score[]): Score[] {
  return scores.map((s) => ({
    name: s.name.trim(),
    method: s.method,
    items: s.items.map((i) => ({ question_pos: i.question_pos, response_pos: i.response_pos, reverse: i.reverse })),
    min_answered: s.min_answered,
  }));
}

/**
 * A piped token, in a question's text or a label of a choice set it shows, naming a later question or a
 * questionnaire or question the lab does not have (shared rule).
 */
async function quotedQuestionsProblem(db: Db, labId: string, abbrev: string, questions: readonly Question[], sets: readonly MultipleChoiceSet[]): Promise<string | null> {
  const codes = quotedCodes(questions, sets);
  const counts = new Map<string, number>();
  for (const found of await findQuestionnairesByCodes(db, labId, [...codes])) counts.set(found.abbrev.toUpperCase(), parseJson<Question[]>(found.content, []).length);
  // This questionnaire quoting its own earlier submission: as it is being saved.
  counts.set(abbrev.toUpperCase(), questions.length);
  return pipingProblem(questions, (code) => counts.get(code.toUpperCase()) ?? null, sets)?.message ?? null;
}

export async function saveQuestionnaire(db: Db, user: LabUserRow, row: QuestionnaireRow, body: QuestionnaireSaveBody, actor: AuditActor): Promise<void> {
  const name = body.chin_name ?? row.chin_name;
  const abbrev = (body.abbrev ?? row.abbrev).trim();
  const createProblem = questionnaireCreateProblem(name, abbrev);
  if (createProblem) throw badRequest(createProblem);
  const problem = questionnaireSaveProblem(body.chin_content) ?? referenceProblem(body.chin_content);
  if (problem) throw badRequest(problem);
  const scores = cleanScores(body.scores ?? parseJson<Score[]>(row.scores, []));
  const scoreProblem = scoresProblem(body.chin_content, scores);
  if (scoreProblem) throw badRequest(scoreProblem.message);
  const shuffleRuns = (body.shuffle_runs ?? parseJson<ShuffleRun[]>(row.shuffle_runs, [])).map((r) => ({ from_pos: r.from_pos, to_pos: r.to_pos }));
  const shuffleProblem = shufflesProblem(body.chin_content, shuffleRuns);
  if (shuffleProblem) throw badRequest(shuffleProblem);
  const sets = (await listMcSets(db, row.id)).map(toMcSet);
  const pipeProblem = await quotedQuestionsProblem(db, row.lab_id, abbrev, body.chin_content, sets);
  if (pipeProblem) throw badRequest(pipeProblem);
  const setIds = new Set(sets.map((s) => s._id));
  const usesUnknownSet = body.chin_content.some((q) => q.other_info.some((r) => r.type === 'mc' && r.choices && !setIds.has(r.choices)));
  if (usesUnknownSet) throw badRequest(questionnaireMessages.mcSetUnknown);
  await refuseTakenCode(db, user.lab_id, abbrev, row.id);
  const questions = prepareForSave(body.chin_content).map((q) => ({
    ...q,
    html_question: sanitizeRichText(q.html_question),
    html_guide: sanitizeRichText(q.html_guide),
  }));
  const before = auditedQuestionnaire(
    row.chin_name,
    row.abbrev,
    parseJson<Question[]>(row.content, []),
    parseJson<Score[]>(row.scores, []),
    parseJson<ShuffleRun[]>(row.shuffle_runs, []),
  );
  const after = auditedQuestionnaire(name.trim(), abbrev, questions, scores, shuffleRuns);
  try {
    await db.transaction().execute(async (trx) => {
      await updateQuestionnaire(trx, row.id, { chin_name: after.chin_name, abbrev, content: JSON.stringify(questions), scores: JSON.stringify(scores), shuffle_runs: JSON.stringify(shuffleRuns), last_edited_by: user.id, updated_at: nowIso() });
      // Field by field ('chin_content[2].html_question'); a save that changed nothing leaves no entry.
      if (fieldChanges(before, after).length === 0) return;
      await recordAudit(trx, actor, { kind: 'questionnaire.changed', entityType: 'questionnaire', entityId: row.id, labId: row.lab_id, before, after });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(questionnaireMessages.codeTaken);
    throw error;
  }
}

export interface McSetBody {
  name: string;
  choices: { name: string; value: string }[];
}

function cleanChoices(body: McSetBody): { name: string; choices: Choice[] } {
  const problem = choicesProblem(body.name, body.choices);
  if (problem) throw badRequest(problem);
  return {
    name: body.name.trim(),
    choices: body.choices.map((c, position) => ({ name: c.name.trim(), value: c.value.trim(), position })),
  };
}

/** A set as the audit trail keeps it: its questionnaire, name and choices (null once it is gone). */
function auditedMcSet(set: McSetRow) {
  return { questionnaire: set.questionnaire_id, name: set.name, choices: parseJson<Choice[]>(set.choices, []) };
}

/**
 * The one entry kind a set has (choiceSet.changed): created (before null), changed, removed (after null). The
 * set belongs to the questionnaire's lab, so the entry carries that lab.
 */
export async function recordMcSetChange(trx: Db, actor: AuditActor, labId: string, before: McSetRow | null, after: McSetRow | null): Promise<void> {
  const set = after ?? before;
  if (!set) return;
  const documents = { before: before && auditedMcSet(before), after: after && auditedMcSet(after) };
  if (fieldChanges(documents.before, documents.after).length === 0) return;
  await recordAudit(trx, actor, { kind: 'choiceSet.changed', entityType: 'choiceSet', entityId: set.id, labId, ...documents });
}

export async function createMcSet(db: Db, questionnaire: QuestionnaireRow, body: McSetBody, actor: AuditActor): Promise<McSetRow> {
  const { name, choices } = cleanChoices(body);
  const row: McSetRow = { id: newId(), questionnaire_id: questionnaire.id, name, choices: JSON.stringify(choices), created_at: nowIso() };
  await db.transaction().execute(async (trx) => {
    await insertMcSet(trx, row);
    await recordMcSetChange(trx, actor, questionnaire.lab_id, null, row);
  });
  return row;
}

export async function changeMcSet(db: Db, set: McSetRow, body: McSetBody, labId: string, actor: AuditActor): Promise<McSetRow> {
  const { name, choices } = cleanChoices(body);
  const changed: McSetRow = { ...set, name, choices: JSON.stringify(choices) };
  await db.transaction().execute(async (trx) => {
    await updateMcSet(trx, set.id, { name, choices: changed.choices });
    await recordMcSetChange(trx, actor, labId, set, changed);
  });
  return changed;
}

/** Removes a set no response uses (the route checks that first). */
export async function removeMcSet(db: Db, set: McSetRow, labId: string, actor: AuditActor): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await deleteMcSet(trx, set.id);
    await recordMcSetChange(trx, actor, labId, set, null);
  });
}

/** The questions whose responses use a set, by their number (or position when unnumbered). */
export function questionsUsingSet(questionnaire: QuestionnaireRow, setId: string): string[] {
  const questions = parseJson<Question[]>(questionnaire.content, []);
  return questions
    .filter((q) => q.other_info.some((r) => r.type === 'mc' && r.choices === setId))
    .map((q) => (q.question_num.trim() ? q.question_num.trim() : `question at position ${q.position + 1}`));
}

/** Delete a questionnaire with its sets, unless a participant group uses it: 409 naming the studies. */
export async function deleteUnusedQuestionnaire(db: Db, row: QuestionnaireRow, actor: AuditActor): Promise<void> {
  const inUse = async () => conflict(questionnaireInUseMessage(await listStudiesUsingQuestionnaire(db, row.id)));
  const studies = await listStudiesUsingQuestionnaire(db, row.id);
  if (studies.length > 0) throw conflict(questionnaireInUseMessage(studies));
  // Which questionnaire went, by name and code, as a deleted study's entry names it.
  const before = { chin_name: row.chin_name, abbrev: row.abbrev };
  try {
    await db.transaction().execute(async (trx) => {
      await deleteQuestionnaire(trx, row.id);
      await recordAudit(trx, actor, { kind: 'questionnaire.deleted', entityType: 'questionnaire', entityId: row.id, labId: row.lab_id, before, after: null });
    });
  } catch (error) {
    // A group chose it between the check and the delete: the reference table's foreign key refused.
    if (isForeignKeyViolation(error)) throw await inUse();
    throw error;
  }
}
