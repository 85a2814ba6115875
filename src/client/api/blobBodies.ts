// Calls answered as a file (a Blob): the file read as text, and a refused call's body, which is a Blob too,
// read back as JSON so that the server's message shows (downloads, REDCap dictionaries).
import { isAxiosError } from 'axios';

/** FileReader rather than Blob.text(): the same in every browser the portal supports and in the test DOM. */
export function readText(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsText(blob);
  });
}

/** A refused blob call's error with its body read back as JSON (null when it is not JSON). */
export async function withReadableBody(error: unknown): Promise<unknown> {
  if (!isAxiosError(error) || !error.response || !(error.response.data instanceof Blob)) return error;
  const text = await readText(error.response.data).catch(() => '');
  try {
    error.response.data = JSON.parse(text) as unknown;
  } catch {
    error.response.data = null;
  }
  return error;
}
