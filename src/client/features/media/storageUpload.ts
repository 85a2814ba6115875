// Step 3 of the upload flow: the file's bytes go straight to the signed upload address. That address is
// the storage's, not the portal API's: the request carries no bearer token (the signature is the
// credential), so it uses its own axios instance without the API's interceptors.
import type { AxiosProgressEvent } from 'axios';
import { loadAxios } from '../../api/client';

/** Whole percent of the bytes sent so far (0 when the total is unknown). */
export function percentOf(event: AxiosProgressEvent, size: number): number {
  const total = event.total ?? size;
  if (!total) return 0;
  return Math.min(100, Math.floor((event.loaded / total) * 100));
}

export async function putBytes(url: string, file: Blob, contentType: string, onProgress: (percent: number) => void): Promise<void> {
  const { storageClient } = await loadAxios();
  await storageClient.put(url, file, {
    headers: { 'Content-Type': contentType },
    onUploadProgress: (event) => onProgress(percentOf(event, file.size)),
  });
}
