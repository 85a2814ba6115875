import { CONTACT_PERSON_MAX, STUDY_CODE_ALPHABET, STUDY_CODE_LENGTH, STUDY_NAME_MAX, basicInfoProblem } from '../../src/shared/studyRules';

describe('STUDY_CODE_ALPHABET', () => {
  it('has no look-alikes: no 0, O, 1, I or L', () => {
    for (const c of ['0', 'O', '1', 'I', 'L']) expect(STUDY_CODE_ALPHABET).not.toContain(c);
  });

  it('keeps every other upper-case letter and digit, each once', () => {
    const expected = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'].filter((c) => !'0O1IL'.includes(c));
    expect([...STUDY_CODE_ALPHABET].sort()).toEqual(expected.sort());
    expect(new Set(STUDY_CODE_ALPHABET).size).toBe(STUDY_CODE_ALPHABET.length);
  });

  it('makes codes of six characters', () => {
    expect(STUDY_CODE_LENGTH).toBe(6);
  });
});

describe('basicInfoProblem', () => {
  it('accepts empty basic information (a blank study)', () => {
    expect(basicInfoProblem({})).toBeNull();
    expect(basicInfoProblem({ chin_name: '', contact_person_name: '', contact_email: '' })).toBeNull();
  });

  it('accepts a valid contact email, also with spaces around it', () => {
    expect(basicInfoProblem({ chin_name: 'Sleep study', contact_person_name: 'Dr. Chan', contact_email: 'chan@uni.edu' })).toBeNull();
    expect(basicInfoProblem({ contact_email: '  chan@uni.edu ' })).toBeNull();
  });

  it.each(['not-an-email', 'a@', '@b.com', 'a b@c.com', 'chan@uni'])('refuses the contact email "%s"', (email) => {
    expect(basicInfoProblem({ contact_email: email })).toBe('Please input valid email');
  });

  it('refuses a contact email longer than an email can be (254 characters)', () => {
    const local = 'a'.repeat(64);
    const fits = `${local}@${'b'.repeat(254 - local.length - 6)}.test`;
    expect(fits).toHaveLength(254);
    expect(basicInfoProblem({ contact_email: fits })).toBeNull();
    expect(basicInfoProblem({ contact_email: `a${fits}` })).toBe('Please input valid email');
  });

  it('limits the study name to its maximum', () => {
    expect(basicInfoProblem({ chin_name: 'x'.repeat(STUDY_NAME_MAX) })).toBeNull();
    expect(basicInfoProblem({ chin_name: 'x'.repeat(STUDY_NAME_MAX + 1) })).toBe('Study name must be at most 500 characters');
  });

  it('limits the contact person to its maximum', () => {
    expect(basicInfoProblem({ contact_person_name: 'x'.repeat(CONTACT_PERSON_MAX) })).toBeNull();
    expect(basicInfoProblem({ contact_person_name: 'x'.repeat(CONTACT_PERSON_MAX + 1) })).toBe('Contact person must be at most 200 characters');
  });
});
