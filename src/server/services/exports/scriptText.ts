// Texts the reading scripts quote: labels on one line, shortened to what each package keeps, never cutting a
// character (an emoji or a Chinese character) in two.

export function oneLine(text: string): string {
  return text.replace(/[\s\u2028\u2029]+/g, ' ').trim();
}

/** At most `max` characters (code points). */
export function clipChars(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length <= max ? text : chars.slice(0, max).join('');
}

/** At most `max` bytes of UTF-8. */
export function clipBytes(text: string, max: number): string {
  let bytes = 0;
  let out = '';
  for (const char of text) {
    bytes += Buffer.byteLength(char, 'utf8');
    if (bytes > max) break;
    out += char;
  }
  return out;
}

/** The variables' script lines, one per variable that needs one. */
export function linesFor<T>(items: readonly T[], line: (item: T) => string | null): string[] {
  return items.map(line).filter((l): l is string => l !== null);
}
