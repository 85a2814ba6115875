import { ACCESS, ALL_ACCESS, accessKey, hasAccess, isKnownAccess, labelOfAccess, type AccessEntry } from '../../src/shared/access';

describe('the catalogue of permission entries', () => {
  it('holds every entry once, as area/modifier/task only', () => {
    const keys = ALL_ACCESS.map(accessKey);
    expect(new Set(keys).size).toBe(keys.length);
    expect(ALL_ACCESS).toHaveLength(Object.keys(ACCESS).length);
    for (const e of ALL_ACCESS) expect(Object.keys(e).sort()).toEqual(['area', 'modifier', 'task']);
  });

  it.each([
    ['createStudy', 'STUDY/CREATE/NEW_STUDY'],
    ['activateStudy', 'STUDY/ACTIVATE/EXISTING_STUDY'],
    ['deleteStudy', 'STUDY/DELETE/EXISTING_STUDY'],
    ['deactivateStudy', 'STUDY/DEACTIVATE/EXISTING_STUDY'],
    ['editBasicInfo', 'STUDY/EDIT/STUDY_BASIC_INFO'],
  ] as const)('names the specification entry %s %s', (name, key) => {
    expect(accessKey(ACCESS[name])).toBe(key);
    expect(ALL_ACCESS.map(accessKey)).toContain(key);
  });

  it('gives every entry a label', () => {
    for (const a of Object.values(ACCESS)) expect(a.label.trim()).not.toBe('');
  });
});

describe('accessKey and isKnownAccess', () => {
  it('joins the three parts with slashes', () => {
    expect(accessKey({ area: 'A', modifier: 'B', task: 'C' })).toBe('A/B/C');
  });

  it('knows the catalogue entries only, case-sensitively', () => {
    expect(isKnownAccess({ area: 'STUDY', modifier: 'CREATE', task: 'NEW_STUDY' })).toBe(true);
    expect(isKnownAccess({ area: 'study', modifier: 'create', task: 'new_study' })).toBe(false);
    expect(isKnownAccess({ area: 'STUDY', modifier: 'CREATE', task: 'EXISTING_STUDY' })).toBe(false);
    expect(isKnownAccess({ area: 'STUDY/CREATE', modifier: 'NEW_STUDY', task: '' })).toBe(false);
  });
});

describe('hasAccess', () => {
  const create: AccessEntry = { area: 'STUDY', modifier: 'CREATE', task: 'NEW_STUDY' };

  it('finds an entry by its three parts', () => {
    expect(hasAccess([create], 'createStudy')).toBe(true);
    expect(hasAccess([{ ...create }, { area: 'STUDY', modifier: 'DELETE', task: 'EXISTING_STUDY' }], 'deleteStudy')).toBe(true);
  });

  it('is false for no entries, other entries and near misses', () => {
    expect(hasAccess(undefined, 'createStudy')).toBe(false);
    expect(hasAccess([], 'createStudy')).toBe(false);
    expect(hasAccess([create], 'deleteStudy')).toBe(false);
    expect(hasAccess([{ ...create, task: 'EXISTING_STUDY' }], 'createStudy')).toBe(false);
  });

  it('is true for every name with the whole catalogue', () => {
    for (const name of Object.keys(ACCESS) as Array<keyof typeof ACCESS>) expect(hasAccess(ALL_ACCESS, name)).toBe(true);
  });
});

describe('labelOfAccess', () => {
  it('answers the label of a known entry and the key of an unknown one', () => {
    expect(labelOfAccess({ area: 'STUDY', modifier: 'CREATE', task: 'NEW_STUDY' })).toBe(ACCESS.createStudy.label);
    expect(labelOfAccess({ area: 'X', modifier: 'Y', task: 'Z' })).toBe('X/Y/Z');
  });
});
