// The variable names of the analysis export: safe in R, Python, SPSS and Stata, unique without regard to case.
import fc from 'fast-check';
import { isReservedName, MAX_VARIABLE_NAME_LENGTH, safeVariableName, safeVariableNames } from '../../../../src/server/services/exports/variableNames';

const SAFE = /^[A-Za-z][A-Za-z0-9_]*$/;

describe('variable names', () => {
  it('keeps a name that is already safe', () => {
    expect(safeVariableNames(['participant_id', 'DAILY_Q1_R1'])).toEqual(['participant_id', 'DAILY_Q1_R1']);
  });

  it('replaces other characters, starts with a letter and leaves no reserved word', () => {
    expect(safeVariableName('心情_Q1_R1')).toBe('Q1_R1');
    expect(safeVariableName('1day_Q2_R1')).toBe('v_1day_Q2_R1');
    expect(safeVariableName('心情')).toBe('v');
    expect(safeVariableName('my mood-score')).toBe('my_mood_score');
    for (const word of ['if', 'function', 'TRUE', 'lambda', 'None', 'BY', 'to', '_n', 'byte', 'str12', 'strL', 'with']) {
      expect(isReservedName(word)).toBe(true);
      expect(isReservedName(safeVariableName(word))).toBe(false);
    }
    expect(safeVariableName('in')).toBe('in_v');
  });

  it('cuts long names to 32 characters and numbers repeats, without regard to case', () => {
    const long = `A${'b'.repeat(40)}`;
    expect(safeVariableNames([long, long, 'status', 'STATUS', 'Status'])).toEqual([
      long.slice(0, MAX_VARIABLE_NAME_LENGTH),
      `${long.slice(0, MAX_VARIABLE_NAME_LENGTH - 2)}_2`,
      'status',
      'STATUS_2',
      'Status_3',
    ]);
  });

  it('any list of texts: every name safe, short and unique', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 50 }), { maxLength: 30 }), (texts) => {
        const names = safeVariableNames(texts);
        expect(names).toHaveLength(texts.length);
        for (const name of names) {
          expect(name).toMatch(SAFE);
          expect(name.length).toBeLessThanOrEqual(MAX_VARIABLE_NAME_LENGTH);
          expect(isReservedName(name)).toBe(false);
        }
        expect(new Set(names.map((n) => n.toLowerCase())).size).toBe(names.length);
      }),
    );
  });
});
