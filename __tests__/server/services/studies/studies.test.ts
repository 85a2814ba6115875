import crypto from 'node:crypto';
import { createTestApp, databases, ownerToken, seedLab, type TestApp } from '../../support/testApp';
import { createBlankStudy, newStudyCode, readStudy } from '../../../../src/server/services/studies/studies';
import { addStage } from '../../../../src/server/services/studies/studyStructure';
import { ALL_ACCESS } from '../../../../src/shared/access';
import { SYSTEM_ACTOR } from '../../../../src/server/services/audit/record';
import { findStudyInLab } from '../../../../src/server/repositories/studies';
import { STUDY_CODE_ALPHABET, STUDY_CODE_LENGTH } from '../../../../src/shared/studyRules';

describe('newStudyCode', () => {
  afterEach(() => jest.restoreAllMocks());

  it('draws six characters from the alphabet only', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 500; i += 1) {
      const code = newStudyCode();
      expect(code).toHaveLength(STUDY_CODE_LENGTH);
      for (const c of code) {
        expect(STUDY_CODE_ALPHABET).toContain(c);
        seen.add(c);
      }
    }
    // 3000 draws over 31 characters reach every one of them.
    expect([...seen].sort().join('')).toBe([...STUDY_CODE_ALPHABET].sort().join(''));
  });

  it('draws with a cryptographic random source over the whole alphabet', () => {
    const draws: number[] = [];
    jest.spyOn(crypto, 'randomInt').mockImplementation(((max: number) => {
      draws.push(max);
      return max - 1;
    }) as typeof crypto.randomInt);
    expect(newStudyCode()).toBe(STUDY_CODE_ALPHABET.slice(-1).repeat(6));
    expect(draws).toEqual(Array(6).fill(STUDY_CODE_ALPHABET.length));
  });
});

describe.each(databases)('createBlankStudy (%s)', (database) => {
  let t: TestApp;
  let labId: string;

  beforeAll(async () => {
    t = await createTestApp(database);
    labId = (await seedLab(t.app, await ownerToken(t.app))).labId;
  }, 30_000);
  afterAll(async () => t.close(), 30_000);
  afterEach(() => jest.restoreAllMocks());

  /** Makes randomInt answer the given characters' positions, one character per call, then the real draws. */
  function drawCodes(...codes: string[]): void {
    const queue = codes.join('').split('').map((c) => STUDY_CODE_ALPHABET.indexOf(c));
    const real = crypto.randomInt.bind(crypto) as (max: number) => number;
    jest.spyOn(crypto, 'randomInt').mockImplementation(((max: number) => {
      const next = queue.shift();
      return next === undefined ? real(max) : next;
    }) as typeof crypto.randomInt);
  }

  it('draws another code when the first is taken, and stores nothing half-made', async () => {
    drawCodes('ABCDEF');
    const first = await createBlankStudy(t.app.ctx.db, labId, null, 'Sleep study', SYSTEM_ACTOR);
    drawCodes('ABCDEF', 'GHJKMN');
    const second = await createBlankStudy(t.app.ctx.db, labId, null, 'Sleep study', SYSTEM_ACTOR);
    const a = await findStudyInLab(t.app.ctx.db, first, labId);
    const b = await findStudyInLab(t.app.ctx.db, second, labId);
    expect(a?.study_code).toBe('ABCDEF');
    expect(b?.study_code).toBe('GHJKMN');
    if (!b) throw new Error('second study missing');
    const study = await readStudy(t.app.ctx.db, b);
    expect(study.stage_list).toHaveLength(1);
    expect(study.stage_list[0].participant_group_list).toHaveLength(1);
    // The failed attempt left no stage behind.
    const stages = await t.app.ctx.db.selectFrom('stages').select('study_id').execute();
    const studies = new Set((await t.app.ctx.db.selectFrom('studies').select('id').execute()).map((r) => r.id));
    expect(stages.every((s) => studies.has(s.study_id))).toBe(true);
  });

  it('gives up with an error after eight taken codes', async () => {
    drawCodes('PQRSTU');
    await createBlankStudy(t.app.ctx.db, labId, null, 'Sleep study', SYSTEM_ACTOR);
    drawCodes(...Array<string>(8).fill('PQRSTU'));
    await expect(createBlankStudy(t.app.ctx.db, labId, null, 'Sleep study', SYSTEM_ACTOR)).rejects.toThrow('could not draw a unique study code');
  });

  it('numbers appended stages one after the other, each with one group', async () => {
    const id = await createBlankStudy(t.app.ctx.db, labId, null, 'Sleep study', SYSTEM_ACTOR);
    const blank = await findStudyInLab(t.app.ctx.db, id, labId);
    if (!blank) throw new Error('study missing');
    await addStage(t.app.ctx.db, blank, ALL_ACCESS, SYSTEM_ACTOR);
    await addStage(t.app.ctx.db, blank, ALL_ACCESS, SYSTEM_ACTOR);
    const row = await findStudyInLab(t.app.ctx.db, id, labId);
    if (!row) throw new Error('study missing');
    const study = await readStudy(t.app.ctx.db, row);
    expect(study.stage_list.map((s) => [s.stage_num, s.consent_info.consent_needed, s.participant_group_list.length])).toEqual([
      [1, true, 1],
      [2, false, 1],
      [3, false, 1],
    ]);
  });
});
