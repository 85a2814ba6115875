// Saving a downloaded file in the browser: an object URL behind a temporary <a download>, released once the
// browser has taken the file; and the name the server gave it in Content-Disposition.
import { safeFileName } from '../../shared/dataDownloads';

/** Long enough for every browser to start reading the object URL after the click (revoking at once can cancel
 * the save in some), short enough not to hold a large file in memory for long. */
export const OBJECT_URL_LIFETIME_MS = 10_000;

export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), OBJECT_URL_LIFETIME_MS);
}

function unquote(value: string): string {
  const trimmed = value.trim();
  if (trimmed.length < 2 || !trimmed.startsWith('"') || !trimmed.endsWith('"')) return trimmed;
  return trimmed.slice(1, -1).replace(/\\(.)/g, '$1');
}

function decodeExtended(value: string): string | null {
  // RFC 8187: charset'language'percent-encoded; UTF-8 is the only charset servers send in practice.
  const match = /^([\w!#$%&+^`{}~-]*)'[^']*'(.*)$/.exec(value.trim());
  if (!match || !/^utf-8$/i.test(match[1])) return null;
  try {
    return decodeURIComponent(match[2]);
  } catch {
    return null;
  }
}

/**
 * The file name of a Content-Disposition header: `filename*` (UTF-8, for names beyond ASCII such as Chinese
 * study codes) before `filename`; null when the header names none.
 */
export function fileNameFromDisposition(header: string | null | undefined): string | null {
  if (!header) return null;
  const parameters = new Map<string, string>();
  for (const match of header.matchAll(/;\s*([\w*!#$%&'+.^`|~-]+)\s*=\s*("(?:[^"\\]|\\.)*"|[^;]*)/g)) {
    parameters.set(match[1].toLowerCase(), match[2]);
  }
  const extended = parameters.get('filename*');
  const plain = parameters.get('filename');
  const name = (extended !== undefined ? decodeExtended(extended) : null) ?? (plain !== undefined ? unquote(plain) : null);
  const safe = name === null ? '' : safeFileName(name);
  return safe === '' ? null : safe;
}
