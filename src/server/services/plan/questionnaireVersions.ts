// Questionnaires are planned as they are at the arrival: each distinct content (questions and the
// multiple-choice sets they name) is stored once under its hash, and the plan's tasks point at it. Answers are
// checked against that version, whatever the questionnaire editor changes later.
import { createHash } from 'node:crypto';
import type { Db } from '../../repositories/db';
import type { McSetRow, QuestionnaireRow, QuestionnaireVersionRow } from '../../db/types';
import type { Choice, MultipleChoiceSet, Question, Score, ShuffleRun } from '../../../shared/questionnaire/types';
import { findMcSetsOf, findQuestionnaireVersion, findQuestionnairesOfLab, insertQuestionnaireVersion } from '../../repositories/plans';
import { nowIso } from '../../ids';

export interface PlannedQuestionnaire {
  versionId: string;
  questionnaireId: string;
  chin_name: string;
  abbrev: string;
}

function toSet(row: McSetRow): MultipleChoiceSet {
  let choices: Choice[] = [];
  try {
    const parsed: unknown = JSON.parse(row.choices);
    if (Array.isArray(parsed)) choices = parsed as Choice[];
  } catch {
    choices = [];
  }
  return { _id: row.id, name: row.name, questionnaire: row.questionnaire_id, choices };
}

/** The multiple-choice sets of a questionnaire as a version stores them. */
function mcSetsText(row: QuestionnaireRow, sets: readonly McSetRow[]): string {
  return JSON.stringify(sets.filter((s) => s.questionnaire_id === row.id).map(toSet));
}

/**
 * A version's id: the hash of its content, so the same content is one version. Scores count only when there are
 * some, so a questionnaire without scores keeps the id it had before scores existed (migration 0021).
 */
function versionIdOf(row: QuestionnaireRow, mcSets: string): string {
  const content = [row.id, row.chin_name, row.abbrev, row.content, mcSets];
  // Likewise runs of shuffled questions (migration 0026), after the scores (an empty list keeping their place).
  if (row.scores !== '[]' || row.shuffle_runs !== '[]') content.push(row.scores);
  if (row.shuffle_runs !== '[]') content.push(row.shuffle_runs);
  return createHash('sha256').update(JSON.stringify(content)).digest('hex');
}

/** The id the questionnaire's content now has (or would have) as a version. */
export async function currentVersionId(db: Db, row: QuestionnaireRow): Promise<string> {
  return versionIdOf(row, mcSetsText(row, await findMcSetsOf(db, [row.id])));
}

/** The questionnaires (of the lab) by id, each stored as planned. Ids not found are left out. */
export async function planQuestionnaires(db: Db, labId: string, ids: readonly string[]): Promise<Map<string, PlannedQuestionnaire>> {
  const unique = [...new Set(ids)];
  const [rows, sets] = await Promise.all([findQuestionnairesOfLab(db, labId, unique), findMcSetsOf(db, unique)]);
  const planned = new Map<string, PlannedQuestionnaire>();
  const now = nowIso();
  for (const row of rows) {
    const mcSets = mcSetsText(row, sets);
    const id = versionIdOf(row, mcSets);
    await insertQuestionnaireVersion(db, {
      id,
      questionnaire_id: row.id,
      chin_name: row.chin_name,
      abbrev: row.abbrev,
      content: row.content,
      mc_sets: mcSets,
      scores: row.scores,
      shuffle_runs: row.shuffle_runs,
      created_at: now,
    });
    planned.set(row.id, { versionId: id, questionnaireId: row.id, chin_name: row.chin_name, abbrev: row.abbrev });
  }
  return planned;
}

export interface QuestionnaireAsPlanned {
  row: QuestionnaireVersionRow;
  questions: Question[];
  sets: MultipleChoiceSet[];
  scores: Score[];
  shuffleRuns: ShuffleRun[];
}

/** Versions never change, so a process keeps the ones it has read. */
const cache = new Map<string, QuestionnaireAsPlanned>();
const CACHE_SIZE = 500;

export async function questionnaireAsPlanned(db: Db, versionId: string): Promise<QuestionnaireAsPlanned | null> {
  const known = cache.get(versionId);
  if (known) return known;
  const row = await findQuestionnaireVersion(db, versionId);
  if (!row) return null;
  const parse = <T>(text: string): T[] => {
    try {
      const value: unknown = JSON.parse(text);
      return Array.isArray(value) ? (value as T[]) : [];
    } catch {
      return [];
    }
  };
  const version = { row, questions: parse<Question>(row.content), sets: parse<MultipleChoiceSet>(row.mc_sets), scores: parse<Score>(row.scores), shuffleRuns: parse<ShuffleRun>(row.shuffle_runs) };
  if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value as string);
  cache.set(versionId, version);
  return version;
}
