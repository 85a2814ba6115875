// CSV as RFC 4180 writes it: a field holding a comma, a quote, a carriage return or a new line is quoted, its
// quotes doubled; lines end with CRLF. Files start with a byte-order mark so that Excel reads them as UTF-8.

export const CSV_BOM = '\uFEFF';

const NEEDS_QUOTES = /[",\r\n]/;

export function csvField(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(fields: readonly (string | number | null | undefined)[]): string {
  let line = '';
  for (let i = 0; i < fields.length; i += 1) line += (i ? ',' : '') + csvField(fields[i]);
  return `${line}\r\n`;
}
