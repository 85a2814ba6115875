// The prompting choice's rule (issue 33), which the server and Edit Study both apply: each number's bounds are
// inclusive, a number not whole is refused, and the first field at fault is named with its message.
import { PROMPTING_BOUNDS, PROMPTING_NUMBER_FIELDS, promptingProblem, type PromptingSettings } from '../../src/shared/prompting';
import { promptingMessages } from '../../src/shared/messages';
import { emailLanguageOf } from '../../src/shared/messages/promptEmail';

const DEFAULTS: PromptingSettings = { emailFallback: true, emailAfterMinutes: 2, adherenceAlerts: true, alertResponseRate: 50, alertPrompts: 6, alertSilentHours: 24 };

describe('promptingProblem', () => {
  it('accepts the defaults and every bound itself', () => {
    expect(promptingProblem(DEFAULTS)).toBeNull();
    for (const field of PROMPTING_NUMBER_FIELDS) {
      const { min, max } = PROMPTING_BOUNDS[field];
      expect(promptingProblem({ ...DEFAULTS, [field]: min })).toBeNull();
      expect(promptingProblem({ ...DEFAULTS, [field]: max })).toBeNull();
    }
  });

  it.each(PROMPTING_NUMBER_FIELDS)('refuses %s one past either bound, not whole, or not a number, with its message', (field) => {
    const { min, max, message } = PROMPTING_BOUNDS[field];
    for (const value of [min - 1, max + 1, min + 0.5, Number.NaN]) expect(promptingProblem({ ...DEFAULTS, [field]: value })).toEqual({ field, message });
  });

  it('names the first field at fault', () => {
    expect(promptingProblem({ ...DEFAULTS, emailAfterMinutes: 61, alertPrompts: 0 })).toEqual({ field: 'emailAfterMinutes', message: promptingMessages.emailAfterMinutesRange });
  });

  it('keeps the bounds the issue gives: minutes 0-60, rate 0-100, prompts 1-50, hours 1-168', () => {
    expect(PROMPTING_BOUNDS).toMatchObject({
      emailAfterMinutes: { min: 0, max: 60 },
      alertResponseRate: { min: 0, max: 100 },
      alertPrompts: { min: 1, max: 50 },
      alertSilentHours: { min: 1, max: 168 },
    });
  });
});

describe('emailLanguageOf', () => {
  it('writes Traditional Chinese only to an app in it, and English otherwise (not reported yet included)', () => {
    expect(emailLanguageOf('zh-Hant')).toBe('zh-Hant');
    expect(emailLanguageOf('en')).toBe('en');
    expect(emailLanguageOf(null)).toBe('en');
    expect(emailLanguageOf('fr')).toBe('en');
  });
});
