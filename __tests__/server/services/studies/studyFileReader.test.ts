// Reading a study file (issue 35 part 1): the format and version come first, an older file is brought to the
// current version step by step before the schema judges it, and a version with no way up is refused clearly.
import { readStudyFile, upgradeStudyFile, UPGRADES } from '../../../../src/server/services/studies/studyFileReader';
import { studyFileMessages } from '../../../../src/shared/messages';
import { STUDY_FILE_FORMAT, STUDY_FILE_VERSION } from '../../../../src/shared/studyFile/format';

const fits = () => null;

function refusal(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    return (error as Error).message;
  }
  return 'not refused';
}

describe('reading a study file', () => {
  it('has a step for every version below the current one', () => {
    for (let version = 1; version < STUDY_FILE_VERSION; version += 1) expect(typeof UPGRADES[version]).toBe('function');
  });

  it('brings an older-shaped file up step by step, each step raising the version', () => {
    // A hand-written version 1 whose study had one "name" field, which version 2 calls chin_name.
    const older = { format: STUDY_FILE_FORMAT, version: 1, study: { name: 'Sleep' } };
    const steps = { 1: (file: Record<string, unknown>) => ({ ...file, study: { chin_name: (file.study as { name: string }).name } }) };
    expect(upgradeStudyFile(older, 1, 2, steps)).toEqual({ format: STUDY_FILE_FORMAT, version: 2, study: { chin_name: 'Sleep' } });
    expect(refusal(() => upgradeStudyFile(older, 1, 3, steps))).toBe(studyFileMessages.versionUnknown);
  });

  it('reads a current file as it is, and hands the schema the upgraded file', () => {
    const file = { format: STUDY_FILE_FORMAT, version: STUDY_FILE_VERSION, stages: [] };
    const seen: unknown[] = [];
    expect(readStudyFile(file, (f) => (seen.push(f), null))).toEqual(file);
    expect(seen).toEqual([file]);
  });

  it('refuses in order: not a study file, no version, a future version, then the schema', () => {
    expect(refusal(() => readStudyFile([], fits))).toBe(studyFileMessages.notStudyFile);
    expect(refusal(() => readStudyFile({ version: 1 }, fits))).toBe(studyFileMessages.notStudyFile);
    expect(refusal(() => readStudyFile({ format: STUDY_FILE_FORMAT }, fits))).toBe(studyFileMessages.versionUnknown);
    expect(refusal(() => readStudyFile({ format: STUDY_FILE_FORMAT, version: 1.5 }, fits))).toBe(studyFileMessages.versionUnknown);
    expect(refusal(() => readStudyFile({ format: STUDY_FILE_FORMAT, version: STUDY_FILE_VERSION + 1 }, fits))).toBe(studyFileMessages.futureVersion(STUDY_FILE_VERSION + 1, STUDY_FILE_VERSION));
    expect(refusal(() => readStudyFile({ format: STUDY_FILE_FORMAT, version: STUDY_FILE_VERSION }, () => ({ where: '/stages', problem: 'must be array' })))).toBe(
      studyFileMessages.shapeProblem('/stages', 'must be array'),
    );
  });
});
