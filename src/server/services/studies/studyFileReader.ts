// Reading an imported study file (issue 35 part 1): it must name the format, a version this portal reads;
// a file of an older version is brought to the current one step by step, and only then checked against the
// current schema (routes/schemas/studyFile.ts). The first problem answers 400 with its message.
import { studyFileMessages } from '../../../shared/messages';
import { STUDY_FILE_FORMAT, STUDY_FILE_VERSION, type StudyFile } from '../../../shared/studyFile/format';
import { badRequest } from '../../httpErrors';

type Document = Record<string, unknown>;

/**
 * UPGRADES[v] brings a file of version v to version v + 1. Version 1 is the first, so there is none yet; a
 * change of the file's shape raises STUDY_FILE_VERSION and adds its step here, and older files keep importing.
 */
export const UPGRADES: Readonly<Record<number, (file: Document) => Document>> = {};

/** The first problem the schema finds, as a place in the file and what is wrong there; null when it fits. */
export type SchemaCheck = (file: Document) => { where: string; problem: string } | null;

function isDocument(value: unknown): value is Document {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The file brought from version `from` to version `to` (the current one) by the given steps. */
export function upgradeStudyFile(
  file: Document,
  from: number,
  to: number = STUDY_FILE_VERSION,
  steps: Readonly<Record<number, (file: Document) => Document>> = UPGRADES,
): Document {
  let current = file;
  for (let version = from; version < to; version += 1) {
    const step = steps[version];
    if (!step) throw badRequest(studyFileMessages.versionUnknown);
    current = { ...step(current), version: version + 1 };
  }
  return current;
}

export function readStudyFile(raw: unknown, check: SchemaCheck): StudyFile {
  if (!isDocument(raw) || raw.format !== STUDY_FILE_FORMAT) throw badRequest(studyFileMessages.notStudyFile);
  const version = raw.version;
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1) throw badRequest(studyFileMessages.versionUnknown);
  if (version > STUDY_FILE_VERSION) throw badRequest(studyFileMessages.futureVersion(version, STUDY_FILE_VERSION));
  const upgraded = upgradeStudyFile(raw, version);
  const problem = check(upgraded);
  if (problem) throw badRequest(studyFileMessages.shapeProblem(problem.where, problem.problem));
  return upgraded as unknown as StudyFile;
}
