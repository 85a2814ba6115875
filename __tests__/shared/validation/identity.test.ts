import {
  EMAIL_PATTERN,
  emailProblem,
  firstProblem,
  labNameProblem,
  newPasswordProblem,
  normalizeEmail,
  organizationProblem,
  passwordProblem,
} from '../../../src/shared/validation/identity';
import { authMessages } from '../../../src/shared/messages';
import { EMAIL_MAX_LENGTH, LAB_NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../../src/shared/limits';

describe('emailProblem', () => {
  it.each([undefined, '', '   ', '\t\n'])('asks for an email when it is %j', (email) => {
    expect(emailProblem(email)).toBe(authMessages.emailRequired);
  });

  it.each(['someone', 'someone@lab', '@lab.org', 'someone@.', 'some one@lab.org', 'someone@lab .org', 'a@@lab.org', 'someone@lab.', 'someone.lab.org'])(
    'refuses %j as not an email',
    (email) => {
      expect(emailProblem(email)).toBe(authMessages.invalidEmail);
    },
  );

  it.each(['a@b.c', 'First.Last+tag@sub.lab.org', '  padded@lab.org  ', 'x@y.z.w'])('accepts %j', (email) => {
    expect(emailProblem(email)).toBeNull();
  });

  it(`accepts up to ${EMAIL_MAX_LENGTH} characters and refuses more`, () => {
    const domain = '@lab.org';
    const longest = `${'a'.repeat(EMAIL_MAX_LENGTH - domain.length)}${domain}`;
    expect(longest).toHaveLength(EMAIL_MAX_LENGTH);
    expect(emailProblem(longest)).toBeNull();
    expect(emailProblem(`a${longest}`)).toBe(authMessages.invalidEmail);
  });

  it('uses the simple something@something.something pattern', () => {
    expect(EMAIL_PATTERN.test('a@b.c')).toBe(true);
    expect(EMAIL_PATTERN.test('a@b')).toBe(false);
  });
});

describe('passwordProblem', () => {
  it.each([undefined, ''])('asks for a password when it is %j', (password) => {
    expect(passwordProblem(password)).toBe(authMessages.passwordRequired);
  });

  it(`needs at least ${PASSWORD_MIN_LENGTH} and at most ${PASSWORD_MAX_LENGTH} characters`, () => {
    expect(passwordProblem('a'.repeat(PASSWORD_MIN_LENGTH - 1))).toBe(authMessages.passwordTooShort);
    expect(passwordProblem('a'.repeat(PASSWORD_MIN_LENGTH))).toBeNull();
    expect(passwordProblem('a'.repeat(PASSWORD_MAX_LENGTH))).toBeNull();
    expect(passwordProblem('a'.repeat(PASSWORD_MAX_LENGTH + 1))).toBe(authMessages.passwordTooLong);
  });

  it('keeps the password as typed (no trimming)', () => {
    expect(passwordProblem('  abcd  ')).toBeNull();
    expect(passwordProblem(' abc ')).toBe(authMessages.passwordTooShort);
  });
});

describe('newPasswordProblem', () => {
  it('checks the password, then the confirmation, then that they match, then the rules', () => {
    expect(newPasswordProblem('', '')).toBe(authMessages.passwordRequired);
    expect(newPasswordProblem(undefined, 'whatever1')).toBe(authMessages.passwordRequired);
    expect(newPasswordProblem('password-1', '')).toBe(authMessages.confirmPasswordRequired);
    expect(newPasswordProblem('password-1', 'password-2')).toBe(authMessages.passwordsDoNotMatch);
    expect(newPasswordProblem('short', 'shorT')).toBe(authMessages.passwordsDoNotMatch);
    expect(newPasswordProblem('short', 'short')).toBe(authMessages.passwordTooShort);
    expect(newPasswordProblem('password-1', 'password-1')).toBeNull();
  });
});

describe('labNameProblem', () => {
  it.each([undefined, '', '    '])('asks for a lab name when it is %j', (name) => {
    expect(labNameProblem(name)).toBe(authMessages.labNameRequired);
  });

  it(`accepts up to ${LAB_NAME_MAX_LENGTH} characters, not counting the spaces around`, () => {
    expect(labNameProblem(`  ${'n'.repeat(LAB_NAME_MAX_LENGTH)}  `)).toBeNull();
    expect(labNameProblem('n'.repeat(LAB_NAME_MAX_LENGTH + 1))).toBe(`Lab name must be at most ${LAB_NAME_MAX_LENGTH} characters`);
  });
});

describe('organizationProblem', () => {
  it.each([1, 2])('accepts organization %j', (org) => {
    expect(organizationProblem(org)).toBeNull();
  });

  it.each([0, 3, '1', null, undefined, 1.5])('asks to select an organization for %j', (org) => {
    expect(organizationProblem(org)).toBe(authMessages.organizationRequired);
  });
});

describe('normalizeEmail', () => {
  it('trims and lower-cases, so that emails compare case-insensitively', () => {
    expect(normalizeEmail('  Some.One@Lab.ORG ')).toBe('some.one@lab.org');
    expect(normalizeEmail('A@B.C')).toBe(normalizeEmail('a@b.c'));
  });
});

describe('firstProblem', () => {
  it('answers the first problem in the order given, or null', () => {
    expect(firstProblem(null, 'second', 'third')).toBe('second');
    expect(firstProblem('first', 'second')).toBe('first');
    expect(firstProblem(null, null)).toBeNull();
    expect(firstProblem()).toBeNull();
  });
});
