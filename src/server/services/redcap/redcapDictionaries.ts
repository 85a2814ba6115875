// REDCap instruments in and out (issue 35 part 2): a data dictionary imported as new questionnaires of the
// caller's lab, all or nothing in one transaction and recorded in the audit trail as any questionnaire made
// in the portal is; and a questionnaire written as a dictionary.
import type { Db } from '../../repositories/db';
import type { LabUserRow, QuestionnaireRow } from '../../db/types';
import type { Choice, Question } from '../../../shared/questionnaire/types';
import { MAX_QUESTIONS, questionnaireMessages, questionnaireSaveProblem } from '../../../shared/questionnaire/rules';
import { referenceProblem } from '../../../shared/questionnaire/operations';
import { redcapMessages, type RedcapImportAnswer } from '../../../shared/redcap';
import { badRequest, conflict } from '../../httpErrors';
import { newId, nowIso } from '../../ids';
import { findQuestionnaireByCode, findQuestionnaireInLab, insertMcSet, insertQuestionnaire, listMcSets } from '../../repositories/questionnaires';
import { isUniqueViolation } from '../../repositories/uniqueViolation';
import { recordAudit, type AuditActor } from '../audit/record';
import { auditedQuestionnaire, parseJson, recordMcSetChange, toQuestionnaire } from '../studies/questionnaires';
import { csvLine, CSV_BOM } from '../exports/csv';
import { readDictionary } from './readDictionary';
import { dictionaryToForms, type FormDraft } from './toQuestionnaires';
import { formNameOf, questionnaireToDictionary } from './toDictionary';

/** The longest questionnaire code (the create call's schema). */
const CODE_MAX = 100;
const NAME_MAX = 500;

/** "baseline_survey" → "Baseline survey", as REDCap shows a form's name from its unique name. */
export function formTitle(form: string): string {
  const words = form.replace(/_+/g, ' ').trim();
  return (words.charAt(0).toUpperCase() + words.slice(1)).slice(0, NAME_MAX) || form;
}

/** The form's name as the code, or with _2, _3, … when the lab (or this import) already has it. */
async function freeCode(db: Db, labId: string, form: string, taken: Set<string>): Promise<string> {
  const base = form.slice(0, CODE_MAX);
  for (let n = 1; ; n += 1) {
    const suffix = n === 1 ? '' : `_${n}`;
    const code = `${base.slice(0, CODE_MAX - suffix.length)}${suffix}`;
    if (!taken.has(code.toLowerCase()) && !(await findQuestionnaireByCode(db, labId, code))) {
      taken.add(code.toLowerCase());
      return code;
    }
  }
}

/** The mapping made what the portal's own save accepts; anything else is a fault of the mapping, not of the file. */
function assertSaveable(form: FormDraft): void {
  const problem = questionnaireSaveProblem(form.questions) ?? referenceProblem(form.questions);
  if (problem) throw new Error(`REDCap form "${form.form}" mapped to a questionnaire the portal refuses: ${problem}`);
}

export async function importDictionary(db: Db, user: LabUserRow, text: string, actor: AuditActor): Promise<RedcapImportAnswer> {
  const rows = readDictionary(text);
  const { forms, notMapped } = dictionaryToForms(rows, newId);
  const tooLong = forms.find((f) => f.questions.length > MAX_QUESTIONS);
  if (tooLong) throw badRequest(redcapMessages.formTooLong(tooLong.form, MAX_QUESTIONS));
  forms.forEach(assertSaveable);
  const taken = new Set<string>();
  const planned: { id: string; code: string; name: string; form: FormDraft }[] = [];
  for (const form of forms) planned.push({ id: newId(), code: await freeCode(db, user.lab_id, form.form, taken), name: formTitle(form.form), form });
  const now = nowIso();
  try {
    await db.transaction().execute(async (trx) => {
      for (const { id, code, name, form } of planned) {
        await insertQuestionnaire(trx, { id, lab_id: user.lab_id, chin_name: name, abbrev: code, content: JSON.stringify(form.questions), last_edited_by: user.id, created_at: now, updated_at: now });
        await recordAudit(trx, actor, { kind: 'questionnaire.created', entityType: 'questionnaire', entityId: id, labId: user.lab_id, before: null, after: auditedQuestionnaire(name, code, form.questions) });
        for (const set of form.sets) {
          const row = { id: set.id, questionnaire_id: id, name: set.name, choices: JSON.stringify(set.choices), created_at: now };
          await insertMcSet(trx, row);
          await recordMcSetChange(trx, actor, user.lab_id, null, row);
        }
      }
    });
  } catch (error) {
    // Another questionnaire took a code between the look-up and the insert.
    if (isUniqueViolation(error)) throw conflict(questionnaireMessages.codeTaken);
    throw error;
  }
  const questionnaires = [];
  for (const { id } of planned) {
    const row = await findQuestionnaireInLab(db, id, user.lab_id);
    if (row) questionnaires.push(await toQuestionnaire(db, row));
  }
  return { questionnaires, notMapped };
}

export interface DictionaryFile {
  fileName: string;
  content: string;
}

/** The questionnaire as a dictionary file, named after its code (REDCap's own download is <project>_DataDictionary_<date>.csv). */
export async function exportDictionary(db: Db, row: QuestionnaireRow): Promise<DictionaryFile> {
  const sets = new Map<string, Choice[]>((await listMcSets(db, row.id)).map((s) => [s.id, parseJson<Choice[]>(s.choices, [])]));
  const form = formNameOf(row.chin_name, row.abbrev);
  const rows = questionnaireToDictionary(form, parseJson<Question[]>(row.content, []), sets);
  return { fileName: `${form}_DataDictionary.csv`, content: CSV_BOM + rows.map(csvLine).join('') };
}
