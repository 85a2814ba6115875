// Property tests of the editing operations: from a random questionnaire, random sequences of edits (valid or
// not) never leave a condition or an earlier-than check pointing at the wrong thing, and every reference that
// survives an edit still points at the very response (by _id) it pointed at before.
import fc from 'fast-check';
import { fuzzRuns, fuzzTimeout } from '../../support/fuzz';
import {
  addCondition,
  addResponse,
  changeResponseType,
  deleteQuestion,
  deleteResponse,
  editResponse,
  insertQuestion,
  makeQuestion,
  makeResponse,
  normalise,
  prepareForSave,
  referenceProblem,
  removeCondition,
  setNumberOnly,
  type ConditionDraft,
} from '../../../src/shared/questionnaire/operations';
import { RESPONSE_CHECKS, earlierTargets, questionnaireMessages } from '../../../src/shared/questionnaire/rules';
import {
  MC_OPERATORS,
  RESPONSE_TYPES,
  TEXT_OPERATORS,
  TEXT_OPERATORS_NUMERIC,
  type CriterionOperator,
  type DependencyCondition,
  type Question,
  type ResponseItem,
  type ResponseType,
} from '../../../src/shared/questionnaire/types';

const ALL_OPERATORS: readonly CriterionOperator[] = [...TEXT_OPERATORS_NUMERIC, ...TEXT_OPERATORS, ...MC_OPERATORS];

/** The operators the specification allows on a response, written out here rather than taken from operatorsFor. */
function allowedOperators(r: ResponseItem): readonly CriterionOperator[] {
  if (r.type === 'mc') return ['is selected', 'is not selected'];
  if (r.type === 'text') return r.number_only ? ['equal', 'not equal', 'greater', 'less', 'greater or equal', 'less or equal'] : ['is', 'is not'];
  return [];
}

/** Types weighted towards those references can point at. */
const typeArb: fc.Arbitrary<ResponseType> = fc.oneof(
  { arbitrary: fc.constant<ResponseType>('text'), weight: 4 },
  { arbitrary: fc.constant<ResponseType>('mc'), weight: 2 },
  { arbitrary: fc.constant<ResponseType>('time'), weight: 3 },
  { arbitrary: fc.constantFrom(...RESPONSE_TYPES), weight: 2 },
);

/** A reference: `fit` picks a target and operator that fit when there is one, otherwise the raw numbers are used. */
interface RawRef {
  fit: boolean;
  q: number;
  r: number;
  op: number;
}
const mostly = fc.oneof({ arbitrary: fc.constant(true), weight: 3 }, { arbitrary: fc.constant(false), weight: 1 });
const rawRefArb: fc.Arbitrary<RawRef> = fc.record({ fit: mostly, q: fc.integer({ min: -1, max: 8 }), r: fc.nat(3), op: fc.nat(9) });

interface RawResponse {
  type: ResponseType;
  numberOnly: boolean;
  required: boolean;
  regex: string;
  identical: boolean;
  choices: string | null;
  dated: boolean;
  earlier: RawRef | null | 'unfilled';
}
const rawResponseArb: fc.Arbitrary<RawResponse> = fc.record({
  type: typeArb,
  numberOnly: fc.boolean(),
  required: fc.boolean(),
  regex: fc.constantFrom('', RESPONSE_CHECKS.email, RESPONSE_CHECKS.eightDigits, '^x+$'),
  identical: fc.boolean(),
  choices: fc.constantFrom(null, 'set-1'),
  dated: fc.boolean(),
  earlier: fc.oneof(fc.constant(null), fc.constant<'unfilled'>('unfilled'), rawRefArb),
});

interface RawQuestion {
  responses: RawResponse[];
  groups: RawRef[][];
}
const startArb: fc.Arbitrary<RawQuestion[]> = fc.array(
  fc.record({
    responses: fc.array(rawResponseArb, { minLength: 1, maxLength: 3 }),
    groups: fc.array(fc.array(rawRefArb, { minLength: 0, maxLength: 3 }), { maxLength: 3 }),
  }),
  { maxLength: 6, size: 'medium' },
);

type Op =
  | { kind: 'insert'; at: number; instruction: boolean }
  | { kind: 'deleteQuestion'; at: number }
  | { kind: 'addResponse'; q: number; type: ResponseType }
  | { kind: 'deleteResponse'; q: number; r: number }
  | { kind: 'changeType'; q: number; r: number; type: ResponseType }
  | { kind: 'numberOnly'; q: number; r: number; value: boolean }
  | { kind: 'addCondition'; q: number; group: number | null; target: RawRef | null; noResponse: boolean; value: 'fresh' | 'blank' | 'word' | 'copy' }
  | { kind: 'removeCondition'; q: number; g: number; c: number }
  | { kind: 'earlier'; q: number; r: number; target: RawRef | null | 'unfilled' | 'questionOnly' };

const idx = fc.nat(12);
const often = <T>(weight: number, arbitrary: fc.Arbitrary<T>) => ({ arbitrary, weight });
const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('insert' as const), at: fc.integer({ min: -1, max: 12 }), instruction: fc.boolean() }),
  fc.record({ kind: fc.constant('deleteQuestion' as const), at: idx }),
  fc.record({ kind: fc.constant('addResponse' as const), q: idx, type: typeArb }),
  fc.record({ kind: fc.constant('deleteResponse' as const), q: idx, r: fc.nat(3) }),
  fc.record({ kind: fc.constant('changeType' as const), q: idx, r: fc.nat(3), type: typeArb }),
  fc.record({ kind: fc.constant('numberOnly' as const), q: idx, r: fc.nat(3), value: fc.boolean() }),
  often(
    4,
    fc.record({
      kind: fc.constant('addCondition' as const),
      q: idx,
      group: fc.option(fc.nat(3)),
      target: fc.option(rawRefArb, { freq: 8 }),
      noResponse: fc.oneof({ arbitrary: fc.constant(false), weight: 8 }, { arbitrary: fc.constant(true), weight: 1 }),
      value: fc.constantFrom('fresh' as const, 'fresh' as const, 'fresh' as const, 'blank' as const, 'word' as const, 'copy' as const),
    }),
  ),
  fc.record({ kind: fc.constant('removeCondition' as const), q: idx, g: fc.nat(3), c: fc.nat(3) }),
  often(
    2,
    fc.record({
      kind: fc.constant('earlier' as const),
      q: idx,
      r: fc.nat(3),
      target: fc.oneof(fc.constant(null), fc.constant<'unfilled'>('unfilled'), fc.constant<'questionOnly'>('questionOnly'), rawRefArb, rawRefArb),
    }),
  ),
);

/** Indexes drawn past the end are folded so that most land on something, and a few just past it. */
const fold = (k: number, length: number) => (length === 0 ? k : k % (length + 1));

/** Where a condition and an earlier-than check are meant to point: by _id, recorded when they are made. */
interface Tracking {
  conditions: Map<string, { owner: string; target: string }>;
  checks: Map<string, { question: string; response: string | null }>;
  nextId: number;
}

function pickConditionTarget(qs: readonly Question[], own: number, ref: RawRef): { qpos: number; rpos: number; op: CriterionOperator } {
  if (ref.fit) {
    const targets = qs.flatMap((q, qpos) =>
      qpos === own ? [] : q.other_info.flatMap((r, rpos) => allowedOperators(r).map((op) => ({ qpos, rpos, op }))),
    );
    if (targets.length > 0) return targets[(ref.q + 1 + ref.r * 7 + ref.op * 13) % targets.length];
  }
  return { qpos: ref.q, rpos: ref.r, op: ALL_OPERATORS[ref.op % ALL_OPERATORS.length] };
}

function pickEarlier(qs: readonly Question[], own: number, ref: RawRef): { target_qpos: number; target_rpos: number } {
  if (ref.fit) {
    const targets = earlierTargets(qs, own);
    if (targets.length > 0) {
      const t = targets[(ref.q + 1 + ref.r * 5) % targets.length];
      return { target_qpos: t.qpos, target_rpos: t.rpos };
    }
  }
  return { target_qpos: ref.q, target_rpos: ref.r };
}

function buildStart(raw: RawQuestion[], tracking: Tracking): Question[] {
  // First the questions and responses, so that references can be chosen among them.
  const bare: Question[] = raw.map((rq, qpos) => ({
    ...makeQuestion(`q${qpos}`, 'unused'),
    question_num: String(qpos + 1),
    other_info: rq.responses.map((rr, rpos) => ({
      ...makeResponse(`q${qpos}r${rpos}`, rr.type),
      number_only: rr.numberOnly,
      choices: rr.choices,
      picker_format: rr.dated ? ('DD MM YYYY' as const) : ('hh mm A' as const),
      validation: { required: rr.required, regex_string: rr.regex, identical_to_prev_question: rr.identical, earlier: null },
    })),
  }));
  const withRefs = bare.map((q, qpos) => ({
    ...q,
    dependency: raw[qpos].groups.map((g) => ({
      or: g.map((ref) => {
        const t = pickConditionTarget(bare, qpos, ref);
        tracking.nextId += 1;
        return { dependent_qpos: t.qpos, dependent_response_pos: t.rpos, criterion_operator: t.op, criterion_value: String(tracking.nextId) };
      }),
    })),
    other_info: q.other_info.map((r, rpos) => {
      const e = raw[qpos].responses[rpos].earlier;
      const earlier = e === null ? null : e === 'unfilled' ? { target_qpos: null, target_rpos: null } : pickEarlier(bare, qpos, e);
      return { ...r, validation: { ...r.validation, earlier } };
    }),
  }));
  const start = normalise(withRefs);
  record(start, tracking);
  return start;
}

/** Records the targets of every condition and check not yet tracked (new ones, made by the step just taken). */
function record(qs: readonly Question[], tracking: Tracking): void {
  qs.forEach((q) => {
    for (const g of q.dependency) {
      for (const c of g.or) {
        if (tracking.conditions.has(c.criterion_value)) continue;
        const target = qs[c.dependent_qpos]?.other_info[c.dependent_response_pos];
        if (target) tracking.conditions.set(c.criterion_value, { owner: q._id, target: target._id });
      }
    }
    for (const r of q.other_info) {
      const e = r.validation.earlier;
      if (!e || e.target_qpos === null || tracking.checks.has(r._id)) continue;
      const target = qs[e.target_qpos];
      const response = e.target_rpos === null ? null : target?.other_info[e.target_rpos];
      if (target) tracking.checks.set(r._id, { question: target._id, response: response ? response._id : null });
    }
  });
}

function countConditions(qs: readonly Question[]): number {
  return qs.reduce((n, q) => n + q.dependency.reduce((m, g) => m + g.or.length, 0), 0);
}

function countChecks(qs: readonly Question[]): number {
  return qs.reduce((n, q) => n + q.other_info.filter((r) => r.validation.earlier && r.validation.earlier.target_qpos !== null).length, 0);
}

/** Throws with the failing state, without expect's cost in the hot loop. */
function ensure(ok: boolean, what: string, qs: readonly Question[]): void {
  if (!ok) throw new Error(`${what}\n${JSON.stringify(qs, null, 1)}`);
}

/** The invariant of the brief, plus: references still point at what they were made for. */
function assertInvariant(qs: readonly Question[], tracking: Tracking): void {
  qs.forEach((q, qpos) => {
    ensure(q.position === qpos, `question ${qpos} has position ${q.position}`, qs);
    q.other_info.forEach((r, rpos) => ensure(r.position === rpos, `response ${qpos}/${rpos} has position ${r.position}`, qs));
    for (const g of q.dependency) {
      ensure(g.or.length > 0, `question ${qpos} keeps an empty group`, qs);
      for (const c of g.or) {
        const where = `condition ${c.criterion_value} of question ${qpos}`;
        ensure(c.dependent_qpos !== qpos, `${where} points at its own question`, qs);
        const target = qs[c.dependent_qpos]?.other_info[c.dependent_response_pos];
        ensure(target !== undefined, `${where} points at nothing`, qs);
        if (!target) return;
        ensure(target.type === 'text' || target.type === 'mc', `${where} points at a ${target.type} response`, qs);
        ensure(allowedOperators(target).includes(c.criterion_operator), `${where} uses '${c.criterion_operator}' on ${target.type}`, qs);
        const made = tracking.conditions.get(c.criterion_value);
        ensure(made?.owner === q._id && made.target === target._id, `${where} moved from ${JSON.stringify(made)} to ${q._id}/${target._id}`, qs);
      }
    }
    for (const r of q.other_info) {
      const e = r.validation.earlier;
      if (!e || e.target_qpos === null) continue;
      const where = `earlier-than check of ${r._id}`;
      ensure(e.target_qpos !== qpos, `${where} points at its own question`, qs);
      const target = qs[e.target_qpos];
      ensure(target !== undefined, `${where} points at no question`, qs);
      if (!target) return;
      const response = e.target_rpos === null ? null : target.other_info[e.target_rpos];
      if (e.target_rpos !== null) ensure(response?.type === 'time', `${where} points at ${response ? response.type : 'no'} response`, qs);
      const made = tracking.checks.get(r._id);
      ensure(made?.question === target._id && made.response === (response ? response._id : null), `${where} moved from ${JSON.stringify(made)}`, qs);
    }
  });
  ensure(referenceProblem(qs) === null, `referenceProblem: ${referenceProblem(qs)}`, qs);
}

/** How many conditions and checks of `qs` match: each as (owner question, its target). */
function countWhere(
  qs: readonly Question[],
  condition: (c: DependencyCondition, owner: number) => boolean,
  check: (e: { target_qpos: number; target_rpos: number | null }, owner: number, ownerResponse: number) => boolean,
): { conditions: number; checks: number } {
  let conditions = 0;
  let checks = 0;
  qs.forEach((q, owner) => {
    for (const g of q.dependency) conditions += g.or.filter((c) => condition(c, owner)).length;
    q.other_info.forEach((r, j) => {
      const e = r.validation.earlier;
      if (e && e.target_qpos !== null && check({ target_qpos: e.target_qpos, target_rpos: e.target_rpos }, owner, j)) checks += 1;
    });
  });
  return { conditions, checks };
}

/** Only the references an edit takes away may go: the others all survive it. */
function expectDropped(before: readonly Question[], after: readonly Question[], dropped: { conditions: number; checks: number }, kind: string): void {
  ensure(countConditions(after) === countConditions(before) - dropped.conditions, `${kind} dropped the wrong number of conditions`, after);
  ensure(countChecks(after) === countChecks(before) - dropped.checks, `${kind} dropped the wrong number of checks`, after);
}

function apply(qs: Question[], op: Op, tracking: Tracking): Question[] {
  const n = qs.length;
  const responsesOf = (q: number) => qs[q]?.other_info.length ?? 0;
  const fresh = () => {
    tracking.nextId += 1;
    return String(tracking.nextId);
  };
  switch (op.kind) {
    case 'insert': {
      const id = `new${fresh()}`;
      const out = insertQuestion(qs, op.at, makeQuestion(id, `${id}r0`, op.instruction ? 'instruction' : 'question'));
      expect(out.length).toBe(n + 1);
      expect(out[Math.max(0, Math.min(op.at, n))]._id).toBe(id);
      // Inserting never loses a reference.
      expect(countConditions(out)).toBe(countConditions(qs));
      expect(countChecks(out)).toBe(countChecks(qs));
      return out;
    }
    case 'deleteQuestion': {
      const at = fold(op.at, n);
      const out = deleteQuestion(qs, at);
      expect(out.map((q) => q._id)).toEqual(qs.filter((_, i) => i !== at).map((q) => q._id));
      const gone = countWhere(qs, (c, owner) => owner === at || c.dependent_qpos === at, (e, owner) => owner === at || e.target_qpos === at);
      expectDropped(qs, out, gone, 'deleteQuestion');
      return out;
    }
    case 'addResponse': {
      const q = fold(op.q, n);
      const out = addResponse(qs, q, makeResponse(`added${fresh()}`, op.type));
      expectDropped(qs, out, { conditions: 0, checks: 0 }, 'addResponse');
      return out;
    }
    case 'deleteResponse': {
      const q = fold(op.q, n);
      const r = fold(op.r, responsesOf(q));
      const out = deleteResponse(qs, q, r);
      if (qs[q]) expect(out[q].other_info.map((x) => x._id)).toEqual(qs[q].other_info.filter((_, j) => j !== r).map((x) => x._id));
      const on = (qpos: number, rpos: number | null) => qs[q]?.other_info[r] !== undefined && qpos === q && rpos === r;
      const gone = countWhere(
        qs,
        (c) => on(c.dependent_qpos, c.dependent_response_pos),
        (e, owner, ownerResponse) => on(e.target_qpos, e.target_rpos) || on(owner, ownerResponse),
      );
      expectDropped(qs, out, gone, 'deleteResponse');
      return out;
    }
    case 'changeType': {
      const q = fold(op.q, n);
      const r = fold(op.r, responsesOf(q));
      const out = changeResponseType(qs, q, r, op.type);
      const changed = out[q]?.other_info[r];
      if (changed) expect([changed.type, changed.picker_format]).toEqual([op.type, 'hh mm A']);
      const old = qs[q]?.other_info[r];
      const retyped: ResponseItem | null = old ? { ...old, type: op.type } : null;
      const on = (qpos: number, rpos: number | null) => retyped !== null && qpos === q && rpos === r;
      const gone = countWhere(
        qs,
        (c) => on(c.dependent_qpos, c.dependent_response_pos) && retyped !== null && !allowedOperators(retyped).includes(c.criterion_operator),
        (e) => on(e.target_qpos, e.target_rpos) && op.type !== 'time',
      );
      expectDropped(qs, out, gone, 'changeResponseType');
      return out;
    }
    case 'numberOnly': {
      const q = fold(op.q, n);
      const r = fold(op.r, responsesOf(q));
      const out = setNumberOnly(qs, q, r, op.value);
      const changed = out[q]?.other_info[r];
      if (changed) expect([changed.number_only, changed.validation.regex_string]).toEqual([op.value, '']);
      const old = qs[q]?.other_info[r];
      const switched: ResponseItem | null = old ? { ...old, number_only: op.value } : null;
      const gone = countWhere(
        qs,
        (c) => switched !== null && c.dependent_qpos === q && c.dependent_response_pos === r && !allowedOperators(switched).includes(c.criterion_operator),
        () => false,
      );
      expectDropped(qs, out, gone, 'setNumberOnly');
      return out;
    }
    case 'addCondition': {
      const q = fold(op.q, n);
      if (!qs[q]) return qs;
      const target = op.target === null ? null : pickConditionTarget(qs, q, op.target);
      const existing = qs[q].dependency.flatMap((g, gi) => g.or.map((c) => ({ c, gi })));
      const copied = op.value === 'copy' ? existing[0] : undefined;
      const draft: ConditionDraft = copied
        ? { ...copied.c, criterion_value: ` ${copied.c.criterion_value} ` }
        : {
            dependent_qpos: target ? target.qpos : null,
            dependent_response_pos: target && !op.noResponse ? target.rpos : null,
            criterion_operator: target ? target.op : 'is',
            criterion_value: op.value === 'blank' ? '  ' : op.value === 'word' ? `w${fresh()}` : fresh(),
          };
      const group = copied ? (op.group === null ? null : copied.gi) : op.group;
      const result = addCondition(qs, q, group, draft);
      expect(result.problem).toBe(expectedConditionProblem(qs, q, group, draft));
      if (result.problem !== null) {
        expect(result.questions).toBe(qs);
        return qs;
      }
      expect(countConditions(result.questions)).toBe(countConditions(qs) + 1);
      const groups = result.questions[q].dependency;
      if (group !== null && qs[q].dependency[group]) {
        expect(groups.length).toBe(qs[q].dependency.length);
        expect(groups[group].or.at(-1)?.criterion_value).toBe(draft.criterion_value.trim());
      } else {
        expect(groups.length).toBe(qs[q].dependency.length + 1);
        expect(groups.at(-1)?.or).toHaveLength(1);
      }
      return result.questions;
    }
    case 'removeCondition': {
      const q = fold(op.q, n);
      const g = fold(op.g, qs[q]?.dependency.length ?? 0);
      const c = fold(op.c, qs[q]?.dependency[g]?.or.length ?? 0);
      const out = removeCondition(qs, q, g, c);
      const removed = qs[q]?.dependency[g]?.or[c] !== undefined;
      expect(countConditions(out)).toBe(countConditions(qs) - (removed ? 1 : 0));
      return out;
    }
    case 'earlier': {
      const q = fold(op.q, n);
      const r = fold(op.r, responsesOf(q));
      const earlier =
        op.target === null
          ? null
          : op.target === 'unfilled'
            ? { target_qpos: null, target_rpos: null }
            : op.target === 'questionOnly'
              ? { target_qpos: fold(op.r, n), target_rpos: null }
              : pickEarlier(qs, q, op.target);
      const own = qs[q]?.other_info[r];
      if (!own) return editResponse(qs, q, r, {});
      tracking.checks.delete(own._id);
      return editResponse(qs, q, r, { validation: { ...own.validation, earlier } });
    }
  }
}

/** The specification's order, worked out independently of conditionProblem. */
function expectedConditionProblem(qs: readonly Question[], q: number, group: number | null, d: ConditionDraft): string | null {
  if (d.dependent_qpos === null || !qs[d.dependent_qpos]) return questionnaireMessages.conditionQuestionMissing;
  const target = d.dependent_response_pos === null ? undefined : qs[d.dependent_qpos].other_info[d.dependent_response_pos];
  if (!target) return questionnaireMessages.conditionResponseMissing;
  const value = d.criterion_value.trim();
  if (value === '') return questionnaireMessages.conditionValueMissing;
  if (target.type === 'text' && target.number_only && !Number.isFinite(Number(value))) return questionnaireMessages.conditionNumberOnly;
  const groups = group === null ? qs[q].dependency : qs[q].dependency.slice(group, group + 1);
  const same = (c: DependencyCondition) =>
    c.dependent_qpos === d.dependent_qpos &&
    c.dependent_response_pos === d.dependent_response_pos &&
    c.criterion_operator === d.criterion_operator &&
    c.criterion_value === value;
  if (groups.some((g) => g.or.some(same))) return questionnaireMessages.conditionDuplicate;
  if (d.dependent_qpos === q || !allowedOperators(target).includes(d.criterion_operator)) return questionnaireMessages.conditionResponseMissing;
  return null;
}

const newTracking = (): Tracking => ({ conditions: new Map(), checks: new Map(), nextId: 0 });

// A few seconds normally; more on a loaded machine, and shrinking a failure takes longer still.
jest.setTimeout(fuzzTimeout(60_000));

describe('questionnaire operations (properties)', () => {
  it('normalise makes any questionnaire consistent, and a second pass changes nothing', () => {
    fc.assert(
      fc.property(startArb, (raw) => {
        const tracking = newTracking();
        const start = buildStart(raw, tracking);
        assertInvariant(start, tracking);
        expect(normalise(start)).toEqual(start);
      }),
      fuzzRuns(200),
    );
  });

  it('keeps every condition and earlier-than check valid and on its target through any sequence of edits', () => {
    fc.assert(
      fc.property(startArb, fc.array(opArb, { minLength: 5, maxLength: 30, size: 'medium' }), (raw, ops) => {
        const tracking = newTracking();
        let qs = buildStart(raw, tracking);
        for (const op of ops) {
          const before = JSON.stringify(qs);
          const next = apply(qs, op, tracking);
          // Operations are pure: the questionnaire they were given is unchanged.
          ensure(JSON.stringify(qs) === before, `${op.kind} changed its input`, qs);
          record(next, tracking);
          assertInvariant(next, tracking);
          qs = next;
        }
      }),
      fuzzRuns(200),
    );
  });

  it('deleting a question just inserted gives back the questionnaire', () => {
    fc.assert(
      fc.property(startArb, fc.nat(8), (raw, k) => {
        const start = buildStart(raw, newTracking());
        const at = k % (start.length + 1);
        const inserted = insertQuestion(start, at, makeQuestion('inserted', 'inserted-r0'));
        expect(deleteQuestion(inserted, at)).toEqual(start);
      }),
      fuzzRuns(200),
    );
  });

  it('a questionnaire prepared for saving has no choices outside mc and nothing for the server to refuse', () => {
    fc.assert(
      fc.property(startArb, (raw) => {
        const saved = prepareForSave(buildStart(raw, newTracking()));
        for (const r of saved.flatMap((q) => q.other_info)) {
          if (r.type !== 'mc') expect([r.choices, r.multiple]).toEqual([null, false]);
        }
        expect(referenceProblem(saved)).toBeNull();
      }),
      fuzzRuns(200),
    );
  });
});
