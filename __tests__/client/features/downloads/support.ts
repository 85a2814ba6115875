// Downloads in page and slice tests: file answers as the streamed calls give them, and the saves the browser
// would make (object URLs and <a download> clicks) recorded instead of made.
import type { Answer } from '../../support/mockApi';

export const TEXT = '/api/data/s1/download_text_resp';
export const TIMES = '/api/data/s1/download_resp_time';
export const ANALYSIS = '/api/data/s1/download_analysis';

export const ZIP = 'application/zip';
export const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export function fileAnswer(
  mediaType: string,
  options: { bytes?: number; disposition?: string; progress?: Answer['progress'] } = {},
): Answer {
  const headers: Record<string, string> = { 'content-type': mediaType };
  if (options.disposition) headers['content-disposition'] = options.disposition;
  return { status: 200, data: new Blob([new Uint8Array(options.bytes ?? 4)], { type: mediaType }), headers, progress: options.progress };
}

export interface Save {
  fileName: string;
  blob: Blob;
  url: string;
}

/** Records each save; call restore() after the test. */
export function captureSaves() {
  const saves: Save[] = [];
  const blobs = new Map<string, Blob>();
  const revoked: string[] = [];
  const original = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
  Object.assign(URL, {
    createObjectURL: jest.fn((blob: Blob) => {
      const url = `blob:download-${blobs.size + 1}`;
      blobs.set(url, blob);
      return url;
    }),
    revokeObjectURL: jest.fn((url: string) => revoked.push(url)),
  });
  const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    const url = this.getAttribute('href') ?? '';
    const blob = blobs.get(url);
    if (blob && this.isConnected) saves.push({ fileName: this.download, blob, url });
  });
  return {
    saves,
    revoked,
    restore() {
      click.mockRestore();
      Object.assign(URL, { createObjectURL: original.create, revokeObjectURL: original.revoke });
    },
  };
}
