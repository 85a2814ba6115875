// REDCap branching logic of the simple forms ([field] = 'x', <>, >, <, >=, <=, joined by and / or, with
// parentheses) read into comparisons in the portal's shape: groups that must all hold, each holding when any of
// its comparisons does. `a or (b and c)` is distributed to (a or b) and (a or c), which means the same.
import { MAX_CONDITIONS } from '../../../shared/questionnaire/rules';

export type RedcapOperator = '=' | '<>' | '>' | '<' | '>=' | '<=';

export interface Comparison {
  field: string;
  /** A checkbox field's choice: [field(code)]. */
  code: string | null;
  op: RedcapOperator;
  value: string;
}

type Node = { kind: 'cmp'; cmp: Comparison } | { kind: 'and' | 'or'; items: Node[] };

type Token = { t: 'field'; name: string; code: string | null } | { t: 'op'; op: RedcapOperator } | { t: 'value'; value: string } | { t: 'and' | 'or' | '(' | ')' };

const OPERATORS: Record<string, RedcapOperator> = { '=': '=', '==': '=', '<>': '<>', '!=': '<>', '>': '>', '<': '<', '>=': '>=', '<=': '<=' };

/** The tokens of the logic, or null for anything outside the simple forms (functions, events, arithmetic). */
function tokens(logic: string): Token[] | null {
  const found: Token[] = [];
  const pattern = /\s*(?:\[([A-Za-z][A-Za-z0-9_]*)(?:\(([A-Za-z0-9_-]+)\))?\]|('([^']*)'|"([^"]*)")|(-?\d+(?:\.\d+)?)(?![\w.])|(==|<>|!=|>=|<=|=|>|<)|(and|or)(?![\w])|([()]))/iy;
  let at = 0;
  const text = logic.trim();
  while (at < text.length) {
    pattern.lastIndex = at;
    const m = pattern.exec(text);
    if (!m) return null;
    at = pattern.lastIndex;
    if (m[1] !== undefined) found.push({ t: 'field', name: m[1], code: m[2] ?? null });
    else if (m[3] !== undefined) found.push({ t: 'value', value: m[4] ?? m[5] ?? '' });
    else if (m[6] !== undefined) found.push({ t: 'value', value: m[6] });
    else if (m[7] !== undefined) found.push({ t: 'op', op: OPERATORS[m[7]] });
    else if (m[8] !== undefined) found.push({ t: m[8].toLowerCase() as 'and' | 'or' });
    else if (m[9] !== undefined) found.push({ t: m[9] as '(' | ')' });
  }
  return found;
}

/** expr := term (or term)*; term := factor (and factor)*; factor := ( expr ) | [field] op value. */
function parse(list: Token[]): Node | null {
  let i = 0;
  const expr = (): Node | null => {
    const items: Node[] = [];
    for (;;) {
      const item = term();
      if (!item) return null;
      items.push(item);
      if (list[i]?.t !== 'or') break;
      i += 1;
    }
    return items.length === 1 ? items[0] : { kind: 'or', items };
  };
  const term = (): Node | null => {
    const items: Node[] = [];
    for (;;) {
      const item = factor();
      if (!item) return null;
      items.push(item);
      if (list[i]?.t !== 'and') break;
      i += 1;
    }
    return items.length === 1 ? items[0] : { kind: 'and', items };
  };
  const factor = (): Node | null => {
    const first = list[i];
    if (first?.t === '(') {
      i += 1;
      const inner = expr();
      if (!inner || list[i]?.t !== ')') return null;
      i += 1;
      return inner;
    }
    const op = list[i + 1];
    const value = list[i + 2];
    if (first?.t !== 'field' || op?.t !== 'op' || value?.t !== 'value') return null;
    i += 3;
    return { kind: 'cmp', cmp: { field: first.name, code: first.code, op: op.op, value: value.value } };
  };
  const node = expr();
  return node && i === list.length ? node : null;
}

/** And of ors; null when distributing would pass the portal's limits. */
function conjunctive(node: Node): Comparison[][] | null {
  if (node.kind === 'cmp') return [[node.cmp]];
  const parts: Comparison[][][] = [];
  for (const item of node.items) {
    const part = conjunctive(item);
    if (!part) return null;
    parts.push(part);
  }
  let groups: Comparison[][];
  if (node.kind === 'and') groups = parts.flat();
  else {
    groups = [[]];
    for (const part of parts) groups = groups.flatMap((g) => part.map((p) => [...g, ...p]));
  }
  return groups.length > MAX_CONDITIONS || groups.some((g) => g.length > MAX_CONDITIONS) ? null : groups;
}

export type BranchingRead = { groups: Comparison[][] } | { problem: 'syntax' | 'tooComplex' };

/** The logic as groups of comparisons (all groups hold, a group when any comparison does). */
export function readBranching(logic: string): BranchingRead {
  const list = tokens(logic);
  const node = list && list.length > 0 ? parse(list) : null;
  if (!node) return { problem: 'syntax' };
  const groups = conjunctive(node);
  return groups ? { groups } : { problem: 'tooComplex' };
}

/** A value as REDCap logic writes it: a number bare, text quoted with a quote it does not hold. */
export function logicValue(value: string, numeric: boolean): string {
  if (numeric && /^-?\d+(\.\d+)?$/.test(value)) return value;
  return value.includes("'") ? `"${value}"` : `'${value}'`;
}

/** Groups of written comparisons as logic: `a or b` inside a group, groups joined by and (parenthesised when needed). */
export function writeBranching(groups: readonly (readonly string[])[]): string {
  const parts = groups.filter((g) => g.length > 0);
  return parts.map((g) => (g.length > 1 && parts.length > 1 ? `(${g.join(' or ')})` : g.join(' or '))).join(' and ');
}
