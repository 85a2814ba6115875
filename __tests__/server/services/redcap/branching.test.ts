// REDCap branching logic read into the portal's groups (all hold; a group when any comparison does) and
// written back, so that what is written reads back the same.
import { logicValue, readBranching, writeBranching } from '../../../../src/server/services/redcap/branching';

const cmp = (field: string, op: string, value: string, code: string | null = null) => ({ field, code, op, value });

describe('REDCap branching logic', () => {
  it('reads one comparison with either quote, a bare number, == and !=', () => {
    expect(readBranching("[a] = 'x'")).toEqual({ groups: [[cmp('a', '=', 'x')]] });
    expect(readBranching('[a] == "it\'s"')).toEqual({ groups: [[cmp('a', '=', "it's")]] });
    expect(readBranching('[age]>=-1.5')).toEqual({ groups: [[cmp('age', '>=', '-1.5')]] });
    expect(readBranching("[a] != '2'")).toEqual({ groups: [[cmp('a', '<>', '2')]] });
    expect(readBranching("[pets(3)] = '1'")).toEqual({ groups: [[cmp('pets', '=', '1', '3')]] });
  });

  it('binds and before or, and distributes or over and (the same meaning)', () => {
    expect(readBranching("[a] = '1' AND [b] = '2' or [c] = '3'")).toEqual({
      groups: [
        [cmp('a', '=', '1'), cmp('c', '=', '3')],
        [cmp('b', '=', '2'), cmp('c', '=', '3')],
      ],
    });
    expect(readBranching("([a] = '1' or [b] = '2') and [c] > 3")).toEqual({ groups: [[cmp('a', '=', '1'), cmp('b', '=', '2')], [cmp('c', '>', '3')]] });
  });

  it('refuses anything outside the simple forms', () => {
    for (const logic of ["datediff([dob],'today','y') > 18", '[a] + [b] > 3', "[event_1_arm_1][a] = '1'", "[a] = '1' and", "([a] = '1'", '[a] = [b]', "'1' = [a]", '']) {
      expect([logic, readBranching(logic)]).toEqual([logic, { problem: 'syntax' }]);
    }
  });

  it('refuses logic whose distribution passes the limit of conditions', () => {
    const wide = Array.from({ length: 8 }, (_v, i) => `([a${i}] = '1' and [b${i}] = '1')`).join(' or ');
    expect(readBranching(wide)).toEqual({ problem: 'tooComplex' });
  });

  it('writes groups back as logic that reads back to them', () => {
    const logic = writeBranching([["[a] = '1'", "[b] <> 'x'"], ['[c] >= 2']]);
    expect(logic).toBe("([a] = '1' or [b] <> 'x') and [c] >= 2");
    expect(readBranching(logic)).toEqual({ groups: [[cmp('a', '=', '1'), cmp('b', '<>', 'x')], [cmp('c', '>=', '2')]] });
    expect(writeBranching([["[a] = '1'", "[b] = '2'"]])).toBe("[a] = '1' or [b] = '2'");
    expect([logicValue('12', true), logicValue('12', false), logicValue("it's", false)]).toEqual(['12', "'12'", '"it\'s"']);
  });
});
