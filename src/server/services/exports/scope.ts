// What a download covers: a study of the caller's lab, one of its stages, one group of that stage or all of
// them, and the participants left out. Participations are read a page at a time.
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Db } from '../../repositories/db';
import type { StudyRow } from '../../db/types';
import { studyMessages } from '../../../shared/messages';
import { downloadTitle, type DownloadKind } from '../../../shared/dataDownloads';
import { notFound } from '../../httpErrors';
import { findStageInStudy, listGroupNumsOfStage } from '../../repositories/studies';
import { participationPage, type ParticipationEntry, type ScopeFilter } from '../../repositories/exports';

export interface ExportScope {
  filter: ScopeFilter;
  studyCode: string;
  stageNum: number;
  /** Null when every group of the stage is covered. */
  groupNum: number | null;
  /** Group numbers of the stage's groups by id. */
  groupNums: Map<string, number>;
  /** Participant ids left out. */
  excluded: ReadonlySet<string>;
}

/** The stage must be the study's and the group the stage's; anything else answers 404. */
export async function resolveScope(
  db: Db,
  study: StudyRow,
  stageId: string,
  groupId: string | undefined,
  excluded: readonly string[] = [],
  includePilot = false,
): Promise<ExportScope> {
  const stage = await findStageInStudy(db, study.id, stageId);
  if (!stage) throw notFound(studyMessages.stageNotFound);
  const groups = await listGroupNumsOfStage(db, stage.id);
  const groupNums = new Map(groups.map((g) => [g.id, g.group_num]));
  if (groupId && !groupNums.has(groupId)) throw notFound(studyMessages.groupNotFound);
  return {
    filter: { studyId: study.id, stageId: stage.id, groupId: groupId || null, includePilot },
    studyCode: study.study_code,
    stageNum: stage.stage_num,
    groupNum: groupId ? (groupNums.get(groupId) ?? null) : null,
    groupNums,
    excluded: new Set(excluded),
  };
}

export function titleOf(kind: DownloadKind, scope: ExportScope, at = new Date()): string {
  return downloadTitle(kind, { studyCode: scope.studyCode, stageNum: scope.stageNum, groupNum: scope.groupNum }, at);
}

/**
 * Participations per page: one participation's tasks and answers (a few hundred rows) are what an export holds
 * at a time. Larger pages (25 were measured) keep several MB alive across the garbage collector's young
 * collections, which moves them to the old generation, and the heap then grows with the length of the export.
 */
export const PARTICIPATION_PAGE = 1;

/** Participations read per statement (small rows: the code, email and status). */
const PARTICIPATION_READ = 100;

/** The study's participations not left out, a page at a time, in participant-code order. */
export async function* participationPages(db: Db, scope: ExportScope, size = PARTICIPATION_PAGE): AsyncGenerator<ParticipationEntry[]> {
  let after = '';
  for (;;) {
    const read = await participationPage(db, scope.filter, after, PARTICIPATION_READ);
    if (read.length === 0) return;
    after = read[read.length - 1].participant_code;
    const kept = read.filter((p) => !scope.excluded.has(p.participant_id));
    for (let i = 0; i < kept.length; i += size) {
      yield kept.slice(i, i + size);
      // SQLite answers synchronously: without a turn of the event loop between pages, an export would hold up
      // every other request until it ends.
      await nextTurn();
    }
    if (read.length < PARTICIPATION_READ) return;
  }
}

/** 'yes' for a participant who withdrew; their answers stay in the downloads, marked. */
export function withdrawnMark(participation: ParticipationEntry): string {
  return participation.status === 'withdrawn' ? 'yes' : 'no';
}
