// The fake storage behind the signed upload address: records what the browser sent, reports progress the
// way axios's XHR adapter does, and answers as the local store does.
import { AxiosError, AxiosHeaders, type AxiosAdapter, type AxiosProgressEvent, type AxiosResponse } from 'axios';
import { storageClient } from '../../../../src/client/api/axiosInstances';

export interface StoragePut {
  method: string;
  url: string;
  contentType: string | null;
  authorization: string | null;
  size: number;
}

export interface StorageEdge {
  puts: StoragePut[];
  restore(): void;
}

export function mockStorage(answer: { status: number; data?: unknown } = { status: 200, data: { message: 'File has been uploaded' } }): StorageEdge {
  const original = storageClient.defaults.adapter;
  const puts: StoragePut[] = [];
  const adapter: AxiosAdapter = async (config) => {
    const headers = AxiosHeaders.from(config.headers);
    const body = config.data as Blob;
    puts.push({
      method: (config.method ?? '').toUpperCase(),
      url: config.url ?? '',
      contentType: headers.get('Content-Type')?.toString() ?? null,
      authorization: headers.get('Authorization')?.toString() ?? null,
      size: body.size,
    });
    for (const loaded of [body.size / 4, body.size / 2, body.size]) {
      const event: AxiosProgressEvent = { loaded, total: body.size, bytes: loaded, lengthComputable: true, upload: true };
      config.onUploadProgress?.(event);
    }
    const response: AxiosResponse = { data: answer.data ?? null, status: answer.status, statusText: '', headers: {}, config, request: {} };
    if (answer.status >= 400) throw new AxiosError(`Request failed with status code ${answer.status}`, AxiosError.ERR_BAD_REQUEST, config, {}, response);
    return response;
  };
  storageClient.defaults.adapter = adapter;
  return {
    puts,
    restore: () => {
      storageClient.defaults.adapter = original;
    },
  };
}
