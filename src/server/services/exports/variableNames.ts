// Variable names that R, Python (pandas), SPSS and Stata all take as they are: ASCII letters, digits and '_',
// starting with a letter, at most 32 characters (Stata's limit; SPSS allows 64), none of the four's reserved
// words, and unique without regard to case (SPSS ignores case). The analysis export names its columns by this
// rule, and the codebook keeps the name each had before (its `original_name`).

/** Stata's limit, the lowest of the four. */
export const MAX_VARIABLE_NAME_LENGTH = 32;

/**
 * Words a variable may not be called in one of the four, compared without case: R's reserved words, Python's
 * keywords, SPSS's reserved keywords and Stata's reserved names.
 */
const RESERVED = new Set(
  [
    // R
    'if', 'else', 'repeat', 'while', 'function', 'for', 'next', 'break', 'TRUE', 'FALSE', 'NULL', 'Inf', 'NaN', 'NA',
    'NA_integer_', 'NA_real_', 'NA_character_', 'NA_complex_', 'in',
    // Python
    'and', 'as', 'assert', 'async', 'await', 'class', 'continue', 'def', 'del', 'elif', 'except', 'finally', 'from',
    'global', 'import', 'is', 'lambda', 'None', 'nonlocal', 'not', 'or', 'pass', 'raise', 'return', 'try', 'with',
    'yield', 'True', 'False',
    // SPSS
    'ALL', 'BY', 'EQ', 'GE', 'GT', 'LE', 'LT', 'NE', 'TO',
    // Stata
    '_all', '_b', 'byte', '_coef', '_cons', 'double', 'float', 'int', 'long', '_n', '_pi', '_pred', '_rc', '_skip',
    'strL', 'using',
  ].map((word) => word.toLowerCase()),
);

/** Stata also reserves str1 … str2045 (its string types). */
const STATA_STRING_TYPE = /^str\d+$/i;

export function isReservedName(name: string): boolean {
  return RESERVED.has(name.toLowerCase()) || STATA_STRING_TYPE.test(name);
}

/** One name made safe on its own: other characters become '_', a leading letter added, reserved words suffixed. */
export function safeVariableName(text: string): string {
  let name = text.replace(/[^A-Za-z0-9_]+/g, '_').replace(/_{2,}/g, '_').replace(/^_+|_+$/g, '');
  if (!/^[A-Za-z]/.test(name)) name = `v${name ? `_${name}` : ''}`;
  if (isReservedName(name)) name = `${name}_v`;
  return name.slice(0, MAX_VARIABLE_NAME_LENGTH).replace(/_+$/, '');
}

/**
 * Every name safe and unique without regard to case: a repeat is numbered (`_2`, `_3`, …), shortened so that the
 * number fits. Names earlier in the list keep theirs.
 */
export function safeVariableNames(texts: readonly string[]): string[] {
  const taken = new Set<string>();
  return texts.map((text) => {
    const base = safeVariableName(text);
    let name = base;
    for (let n = 2; taken.has(name.toLowerCase()); n += 1) {
      const suffix = `_${n}`;
      name = `${base.slice(0, MAX_VARIABLE_NAME_LENGTH - suffix.length)}${suffix}`;
    }
    taken.add(name.toLowerCase());
    return name;
  });
}
