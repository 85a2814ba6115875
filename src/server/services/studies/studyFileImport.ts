// Importing a study file (issue 35 part 1, POST /api/studies/import): a new, inactive study in the importing
// lab with new copies of its questionnaires, in one transaction. The file is read first (format, version,
// upgrade, schema), then judged by the same shared rules as the editors' saves, so that a file cannot hold what
// the portal would refuse; the first problem answers 400. What cannot be carried (media this lab does not
// have, a zone this deployment does not offer) is replaced and said in the summary.
import type { Db } from '../../repositories/db';
import type { LabUserRow } from '../../db/types';
import type { Question, Score } from '../../../shared/questionnaire/types';
import { prepareForSave } from '../../../shared/questionnaire/operations';
import { pipingProblem, quotedCodes } from '../../../shared/questionnaire/piping';
import { studyFileMessages } from '../../../shared/messages';
import type { StudyFile, StudyFileQuestionnaire, StudyImportSummary } from '../../../shared/studyFile/format';
import { insertGroup, insertStage, insertStudy } from '../../repositories/studies';
import { findQuestionnairesByCodes, insertMcSet, insertQuestionnaire } from '../../repositories/questionnaires';
import { replaceGroupReferences } from '../../repositories/groupQuestionnaires';
import { isUniqueViolation } from '../../repositories/uniqueViolation';
import { newId, nowIso } from '../../ids';
import { recordAudit, type AuditActor } from '../audit/record';
import { sanitizeRichText } from './richText';
import { listColumns, referencesOf, type GroupLists } from './groupLists';
import { parseJson } from './questionnaires';
import { newStudyCode } from './studies';
import { checkFile, refuse } from './studyFileChecks';

const CODE_MAX = 100;

/** A code not used in the lab nor by another copy: the file's, or it with the first free suffix (_2, _3, ...). */
function freeCode(wanted: string, taken: Set<string>): string {
  if (!taken.has(wanted.toUpperCase())) return wanted;
  for (let n = 2; ; n += 1) {
    const suffix = `_${n}`;
    const code = `${wanted.slice(0, CODE_MAX - suffix.length)}${suffix}`;
    if (!taken.has(code.toUpperCase())) return code;
  }
}

/** `{{CODE.Qn}}` tokens naming a renamed copy name the copy. */
function repipe(html: string, codes: ReadonlyMap<string, string>): string {
  return html.replace(/\{\{(\s*)([A-Za-z0-9_-]{1,64})\.Q/g, (whole, space: string, code: string) => {
    const renamed = codes.get(code.toUpperCase());
    return renamed ? `{{${space}${renamed}.Q` : whole;
  });
}

async function labCodes(db: Db, labId: string): Promise<Set<string>> {
  const rows = await db.selectFrom('questionnaires').select('abbrev').where('lab_id', '=', labId).execute();
  return new Set(rows.map((r) => r.abbrev.toUpperCase()));
}

async function labMediaByName(db: Db, labId: string, names: readonly string[]): Promise<Map<string, { object_key: string; type: string }>> {
  if (names.length === 0) return new Map();
  const rows = await db.selectFrom('media_files').select(['name', 'object_key', 'type']).where('lab_id', '=', labId).where('name', 'in', [...names]).orderBy('created_at').execute();
  const found = new Map<string, { object_key: string; type: string }>();
  for (const row of rows) if (!found.has(row.name)) found.set(row.name, row);
  return found;
}

interface PlannedQuestionnaire {
  id: string;
  source: StudyFileQuestionnaire;
  abbrev: string;
  questions: Question[];
  /** Only the fields of a score, names trimmed, as a save keeps them. */
  scores: Score[];
  sets: { id: string; name: string; choices: string }[];
}

export interface ImportSettings {
  /** The deployment's offered zones; a setting in another zone is moved to the first. */
  timezones: readonly string[];
}

/** Writes the new study and its questionnaires; answers its id and the summary. */
export async function importStudyFile(db: Db, user: LabUserRow, file: StudyFile, settings: ImportSettings, actor: AuditActor): Promise<{ studyId: string; summary: StudyImportSummary }> {
  const offered = settings.timezones;
  checkFile(file, offered);
  const mediaNames = [...new Set(file.questionnaires.flatMap((q) => q.chin_content.flatMap((question) => question.other_info.filter((r) => r.type === 'media' && r.media_source === 'uploaded' && r.media_url).map((r) => r.media_url))))];
  const media = await labMediaByName(db, user.lab_id, mediaNames);
  const zones = [...new Set(file.stages.flatMap((s) => s.participant_group_list.flatMap((g) => [...g.ema_list, ...g.diary_list].map((x) => x.timezone))))].filter((z) => !offered.includes(z));
  const zoneOf = (zone: string) => (offered.includes(zone) ? zone : offered[0]);

  for (let attempt = 0; attempt < 8; attempt += 1) {
    const taken = await labCodes(db, user.lab_id);
    const codes = new Map<string, string>();
    const planned: PlannedQuestionnaire[] = file.questionnaires.map((source) => {
      const abbrev = freeCode(source.abbrev.trim(), taken);
      taken.add(abbrev.toUpperCase());
      if (abbrev !== source.abbrev.trim()) codes.set(source.abbrev.trim().toUpperCase(), abbrev);
      const sets = source.mc_sets.map((set) => ({
        id: newId(),
        ref: set.ref,
        name: set.name.trim(),
        choices: JSON.stringify(set.choices.map((c, position) => ({ name: c.name.trim(), value: c.value.trim(), position }))),
      }));
      const setId = new Map(sets.map((s) => [s.ref, s.id]));
      const questions = source.chin_content.map((q) => ({
        ...q,
        _id: newId(),
        other_info: q.other_info.map((r) => ({
          ...r,
          _id: newId(),
          choices: r.type === 'mc' && r.choices ? (setId.get(r.choices) ?? null) : r.choices,
          media_url: r.type === 'media' && r.media_source === 'uploaded' && r.media_url ? (media.get(r.media_url)?.object_key ?? '') : r.media_url,
        })),
      }));
      const scores = source.scores.map((sc) => ({
        name: sc.name.trim(),
        method: sc.method,
        items: sc.items.map((i) => ({ question_pos: i.question_pos, response_pos: i.response_pos, reverse: i.reverse })),
        min_answered: sc.min_answered,
      }));
      return { id: newId(), source, abbrev, questions, scores, sets: sets.map(({ id, name, choices }) => ({ id, name, choices })) };
    });
    // Piped answers of another questionnaire follow its copy's code; each must then be one the lab has.
    for (const p of planned) p.questions = prepareForSave(p.questions).map((q) => ({ ...q, html_question: sanitizeRichText(repipe(q.html_question, codes)), html_guide: sanitizeRichText(repipe(q.html_guide, codes)) }));
    const counts = new Map(planned.map((p) => [p.abbrev.toUpperCase(), p.questions.length]));
    const quoted = [...new Set(planned.flatMap((p) => [...quotedCodes(p.questions)]))].filter((c) => !counts.has(c));
    for (const found of await findQuestionnairesByCodes(db, user.lab_id, quoted)) counts.set(found.abbrev.toUpperCase(), parseJson<Question[]>(found.content, []).length);
    for (const p of planned) {
      const problem = pipingProblem(p.questions, (code) => counts.get(code.toUpperCase()) ?? null);
      if (problem) refuse(studyFileMessages.questionnaireProblem(p.source.abbrev, problem.message));
    }
    const idOf = new Map(planned.map((p) => [p.source.ref, p.id]));
    const ids = (refs: readonly string[]) => [...new Set(refs.map((r) => idOf.get(r) ?? ''))];
    const studyId = newId();
    const now = nowIso();
    try {
      await db.transaction().execute(async (trx) => {
        for (const p of planned) {
          await insertQuestionnaire(trx, {
            id: p.id,
            lab_id: user.lab_id,
            chin_name: p.source.chin_name.trim(),
            abbrev: p.abbrev,
            content: JSON.stringify(p.questions),
            scores: JSON.stringify(p.scores),
            shuffle_runs: JSON.stringify(p.source.shuffle_runs.map((r) => ({ from_pos: r.from_pos, to_pos: r.to_pos }))),
            last_edited_by: user.id,
            created_at: now,
            updated_at: now,
          });
          for (const set of p.sets) await insertMcSet(trx, { id: set.id, questionnaire_id: p.id, name: set.name, choices: set.choices, created_at: now });
          await recordAudit(trx, actor, {
            kind: 'questionnaire.created',
            entityType: 'questionnaire',
            entityId: p.id,
            labId: user.lab_id,
            before: null,
            after: { chin_name: p.source.chin_name.trim(), abbrev: p.abbrev, chin_content: p.questions, scores: p.scores, shuffle_runs: p.source.shuffle_runs },
          });
        }
        const { prompting } = file.study;
        await insertStudy(trx, {
          id: studyId,
          lab_id: user.lab_id,
          managed_by: user.id,
          study_code: newStudyCode(),
          chin_name: file.study.chin_name.trim(),
          contact_person_name: file.study.contact_person_name.trim(),
          contact_email: file.study.contact_email.trim(),
          active_status: 'inactive',
          created_at: now,
          updated_at: now,
          email_fallback: prompting.emailFallback ? 1 : 0,
          email_after_minutes: prompting.emailAfterMinutes,
          adherence_alerts: prompting.adherenceAlerts ? 1 : 0,
          alert_response_rate: prompting.alertResponseRate,
          alert_prompts: prompting.alertPrompts,
          alert_silent_hours: prompting.alertSilentHours,
        });
        for (const [s, stage] of file.stages.entries()) {
          const stageId = newId();
          await insertStage(trx, {
            id: stageId,
            study_id: studyId,
            stage_num: s + 1,
            chin_name: stage.chin_name,
            chin_progress_message: stage.chin_progress_message,
            chin_complete_message: stage.chin_complete_message,
            consent_needed: stage.consent_info.consent_needed ? 1 : 0,
            consent_content: sanitizeRichText(stage.consent_info.chin_content),
          });
          for (const [g, group] of stage.participant_group_list.entries()) {
            const lists: GroupLists = {
              ema_list: group.ema_list.map((e) => ({ ...e, timezone: zoneOf(e.timezone), questionnaire_list: ids(e.questionnaire_list) })),
              diary_list: group.diary_list.map((d) => ({ ...d, timezone: zoneOf(d.timezone), start_date: d.fix_start_date ? d.start_date : null, questionnaire_list: ids(d.questionnaire_list) })),
              questionnaire_list: ids(group.questionnaire_list),
              no_submission_limit_list: ids(group.no_submission_limit_list),
              followup_list: group.followup_list.map((r) => ({ ...r, trigger_questionnaire: idOf.get(r.trigger_questionnaire) ?? '', questionnaire_list: ids(r.questionnaire_list) })),
            };
            const groupId = newId();
            await insertGroup(trx, {
              id: groupId,
              stage_id: stageId,
              group_num: g + 1,
              name: group.name,
              questionnaire_list_free_to_choose: group.questionnaire_list_free_to_choose ? 1 : 0,
              ema_list: '[]',
              diary_list: '[]',
              questionnaire_list: '[]',
              no_submission_limit_list: '[]',
              ...listColumns(lists),
            });
            await replaceGroupReferences(trx, groupId, referencesOf(lists));
          }
        }
        await recordAudit(trx, actor, {
          kind: 'study.imported',
          entityType: 'study',
          entityId: studyId,
          studyId,
          labId: user.lab_id,
          before: null,
          after: { chin_name: file.study.chin_name.trim(), format_version: file.version, questionnaires: planned.map((p) => p.abbrev) },
        });
      });
    } catch (error) {
      // A study code or questionnaire code taken meanwhile: draw and choose again.
      if (isUniqueViolation(error)) continue;
      throw error;
    }
    return {
      studyId,
      summary: {
        questionnaires: planned.map((p) => ({ ref: p.source.ref, _id: p.id, abbrev: p.abbrev })),
        renamed: planned.filter((p) => p.abbrev !== p.source.abbrev.trim()).map((p) => ({ from: p.source.abbrev.trim(), to: p.abbrev })),
        missing_media: mediaNames.filter((name) => !media.has(name)),
        zones_not_offered: zones.map((zone) => ({ zone, replaced_by: offered[0] })),
      },
    };
  }
  throw new Error('could not draw a unique study code');
}

