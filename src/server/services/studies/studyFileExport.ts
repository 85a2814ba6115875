// The study file of a study (issue 35 part 1, GET /api/studies/{id}/design): its design and every
// questionnaire its groups use, written without this deployment's ids. Everything is written in an order the
// content decides (questionnaires by first use, sets by their content), so exporting an imported copy gives
// the same file apart from its date.
import type { Db } from '../../repositories/db';
import type { McSetRow, QuestionnaireRow, StudyRow } from '../../db/types';
import type { Choice, Question, Score, ShuffleRun } from '../../../shared/questionnaire/types';
import {
  STUDY_FILE_FORMAT,
  STUDY_FILE_VERSION,
  type StudyFile,
  type StudyFileChoiceSet,
  type StudyFileGroup,
  type StudyFileMedia,
  type StudyFileQuestionnaire,
} from '../../../shared/studyFile/format';
import { listGroupsOfStudy, listStages } from '../../repositories/studies';
import { listMcSets } from '../../repositories/questionnaires';
import { findMediaFilesByKeys } from '../../repositories/mediaFiles';
import { idsInLists, readGroupLists, type GroupLists } from './groupLists';
import { parseJson } from './questionnaires';
import { promptingOf } from './prompting';
import { nowIso } from '../../ids';

function questionnairesInLab(db: Db, labId: string, ids: readonly string[]): Promise<QuestionnaireRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('questionnaires').selectAll().where('lab_id', '=', labId).where('id', 'in', [...ids]).execute();
}

/** An uploaded media response's stored key, or null. */
function uploadedKey(r: Question['other_info'][number]): string | null {
  return r.type === 'media' && r.media_source === 'uploaded' && r.media_url ? r.media_url : null;
}

/** Sets in an order of their content alone, each with a ref by that order. */
function fileSets(rows: readonly McSetRow[]): { sets: StudyFileChoiceSet[]; refOf: Map<string, string> } {
  const read = rows.map((row) => ({
    id: row.id,
    name: row.name,
    choices: parseJson<Choice[]>(row.choices, [])
      .slice()
      .sort((a, b) => a.position - b.position)
      .map((c) => ({ name: c.name, value: c.value })),
  }));
  const key = (s: (typeof read)[number]) => JSON.stringify([s.name, s.choices]);
  read.sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
  const refOf = new Map(read.map((s, i) => [s.id, `set-${i + 1}`]));
  return { sets: read.map((s) => ({ ref: refOf.get(s.id) ?? '', name: s.name, choices: s.choices })), refOf };
}

/** Questions as the file carries them: ids by position, sets by ref, uploaded media by file name. */
function fileQuestions(questions: readonly Question[], setRef: ReadonlyMap<string, string>, mediaName: ReadonlyMap<string, string>): Question[] {
  return questions.map((q, qpos) => ({
    ...q,
    _id: `q${qpos + 1}`,
    other_info: q.other_info.map((r, rpos) => {
      const key = uploadedKey(r);
      return {
        ...r,
        _id: `q${qpos + 1}r${rpos + 1}`,
        choices: r.type === 'mc' && r.choices ? (setRef.get(r.choices) ?? r.choices) : r.choices,
        media_url: key ? (mediaName.get(key) ?? key.split('/').pop() ?? key) : r.media_url,
      };
    }),
  }));
}

export async function studyFileOf(db: Db, study: StudyRow): Promise<StudyFile> {
  const [stages, groupRows] = await Promise.all([listStages(db, study.id), listGroupsOfStudy(db, study.id)]);
  const lists = new Map<string, GroupLists>(groupRows.map((g) => [g.id, readGroupLists(g)]));
  // Questionnaires in the order the study first uses them (stages and groups in their order).
  const orderedGroups = stages.flatMap((s) => groupRows.filter((g) => g.stage_id === s.id).sort((a, b) => a.group_num - b.group_num));
  const usedIds = [...new Set(orderedGroups.flatMap((g) => idsInLists(lists.get(g.id) as GroupLists)))];
  const rows = await questionnairesInLab(db, study.lab_id, usedIds);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const used = usedIds.flatMap((id) => {
    const row = byId.get(id);
    return row ? [row] : [];
  });
  const refOf = (id: string) => byId.get(id)?.abbrev ?? id;
  const refs = (ids: readonly string[]) => ids.filter((id) => byId.has(id)).map(refOf);

  const parsed = used.map((row) => ({ row, questions: parseJson<Question[]>(row.content, []) }));
  const keys = [...new Set(parsed.flatMap((p) => p.questions.flatMap((q) => q.other_info.map(uploadedKey).filter((k): k is string => k !== null))))];
  const mediaRows = await findMediaFilesByKeys(db, study.lab_id, keys);
  const mediaName = new Map(mediaRows.map((m) => [m.object_key, m.name]));

  const questionnaires: StudyFileQuestionnaire[] = [];
  const media = new Map<string, StudyFileMedia>();
  for (const { row, questions } of parsed) {
    const { sets, refOf: setRef } = fileSets(await listMcSets(db, row.id));
    const content = fileQuestions(questions, setRef, mediaName);
    for (const q of questions) {
      for (const r of q.other_info) {
        const key = uploadedKey(r);
        if (!key) continue;
        const name = mediaName.get(key) ?? key.split('/').pop() ?? key;
        media.set(name, { name, type: r.media_type });
      }
    }
    questionnaires.push({
      ref: row.abbrev,
      chin_name: row.chin_name,
      abbrev: row.abbrev,
      chin_content: content,
      scores: parseJson<Score[]>(row.scores, []),
      shuffle_runs: parseJson<ShuffleRun[]>(row.shuffle_runs, []),
      mc_sets: sets,
    });
  }

  const groupOf = (id: string, name: string, freeToChoose: number): StudyFileGroup => {
    const l = lists.get(id) as GroupLists;
    return {
      name,
      ema_list: l.ema_list.map((s) => ({ ...s, questionnaire_list: refs(s.questionnaire_list) })),
      diary_list: l.diary_list.map((s) => ({ ...s, questionnaire_list: refs(s.questionnaire_list) })),
      questionnaire_list: refs(l.questionnaire_list),
      questionnaire_list_free_to_choose: freeToChoose === 1,
      no_submission_limit_list: refs(l.no_submission_limit_list),
      followup_list: l.followup_list.map((rule) => ({ ...rule, trigger_questionnaire: refOf(rule.trigger_questionnaire), questionnaire_list: refs(rule.questionnaire_list) })),
    };
  };

  return {
    format: STUDY_FILE_FORMAT,
    version: STUDY_FILE_VERSION,
    exported_at: nowIso(),
    study: { chin_name: study.chin_name, contact_person_name: study.contact_person_name, contact_email: study.contact_email, prompting: promptingOf(study) },
    stages: stages.map((s) => ({
      chin_name: s.chin_name,
      chin_progress_message: s.chin_progress_message,
      chin_complete_message: s.chin_complete_message,
      consent_info: { consent_needed: s.consent_needed === 1, chin_content: s.consent_content },
      participant_group_list: groupRows
        .filter((g) => g.stage_id === s.id)
        .sort((a, b) => a.group_num - b.group_num)
        .map((g) => groupOf(g.id, g.name, g.questionnaire_list_free_to_choose)),
    })),
    questionnaires,
    media: [...media.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)),
  };
}
