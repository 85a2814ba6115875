// A fake network edge for the portal's axios instance: tests declare answers per "METHOD /path" and read back
// what was sent. Everything above the adapter (interceptors, thunks, slices, pages) runs for real. File
// downloads (responseType 'blob') answer Blobs as a browser does, error bodies included, report the answer's
// download progress and stop when the request's signal aborts.
import {
  AxiosError,
  AxiosHeaders,
  CanceledError,
  type AxiosAdapter,
  type AxiosResponse,
  type InternalAxiosRequestConfig,
} from 'axios';
import { api } from '../../../src/client/api/axiosInstances';

export interface SentRequest {
  method: string;
  url: string;
  body: unknown;
  authorization: string | null;
  /** The Content-Type header as it would go out (axios never sends a header whose value is false or null). */
  contentType: string | null;
  accept: string | null;
  responseType: string | null;
  /** Milliseconds; 0 when the call has none. */
  timeout: number;
}

export interface Answer {
  status: number;
  data?: unknown;
  /** Headers beside content-type application/json, e.g. content-type and content-disposition of a file. */
  headers?: Record<string, string>;
  /** Download progress events to report before the answer (bytes loaded, and the total when known). */
  progress?: { loaded: number; total?: number }[];
}

type Reply = Answer | 'network-error';
type Responder = Reply | ((request: SentRequest) => Reply | Promise<Reply>);

function parseBody(data: unknown): unknown {
  if (typeof data !== 'string') return data ?? null;
  try {
    return JSON.parse(data);
  } catch {
    return data;
  }
}

/** What a browser hands axios for a blob response: the body as a Blob, a JSON error body too. */
function bodyOf(config: InternalAxiosRequestConfig, reply: Answer): unknown {
  const data = reply.data ?? null;
  if (config.responseType !== 'blob' || data instanceof Blob) return data;
  return new Blob([typeof data === 'string' ? data : JSON.stringify(data)], { type: 'application/json' });
}

function reportProgress(config: InternalAxiosRequestConfig, reply: Reply): void {
  if (reply === 'network-error' || !config.onDownloadProgress) return;
  for (const { loaded, total } of reply.progress ?? []) {
    config.onDownloadProgress({ loaded, total, lengthComputable: total !== undefined, bytes: loaded, download: true });
  }
}

function respond(config: InternalAxiosRequestConfig, reply: Reply): AxiosResponse {
  if (reply === 'network-error') throw new AxiosError('Network Error', AxiosError.ERR_NETWORK, config, {});
  const response: AxiosResponse = {
    data: bodyOf(config, reply),
    status: reply.status,
    statusText: String(reply.status),
    headers: new AxiosHeaders({ 'content-type': 'application/json', ...reply.headers }),
    config,
    request: {},
  };
  if (reply.status >= 200 && reply.status < 300) return response;
  const code = reply.status >= 500 ? AxiosError.ERR_BAD_RESPONSE : AxiosError.ERR_BAD_REQUEST;
  throw new AxiosError(`Request failed with status code ${reply.status}`, code, config, {}, response);
}

/** The reply, unless the request's signal aborts first: then axios's own cancellation, as its adapters do. */
function untilAborted(config: InternalAxiosRequestConfig, reply: Reply | Promise<Reply>): Promise<Reply> {
  const { signal } = config;
  if (!signal?.addEventListener) return Promise.resolve(reply);
  const cancelled = () => new CanceledError(undefined, config);
  if (signal.aborted) return Promise.reject(cancelled());
  return new Promise<Reply>((resolve, reject) => {
    signal.addEventListener?.('abort', () => reject(cancelled()), { once: true });
    Promise.resolve(reply).then(resolve, reject);
  });
}

export interface MockApi {
  on(method: string, url: string, responder: Responder): MockApi;
  sent: SentRequest[];
  sentTo(method: string, url: string): SentRequest[];
  restore(): void;
}

export function mockApi(): MockApi {
  const routes = new Map<string, Responder>();
  const sent: SentRequest[] = [];
  const original = api.defaults.adapter;
  const adapter: AxiosAdapter = async (config) => {
    const method = (config.method ?? 'get').toUpperCase();
    const url = config.url ?? '';
    const headers = AxiosHeaders.from(config.headers);
    const contentType = headers.getContentType();
    const request: SentRequest = {
      method,
      url,
      body: parseBody(config.data),
      authorization: headers.get('Authorization')?.toString() ?? null,
      contentType: typeof contentType === 'string' ? contentType : null,
      accept: headers.get('Accept')?.toString() ?? null,
      responseType: config.responseType ?? null,
      timeout: config.timeout ?? 0,
    };
    sent.push(request);
    const responder = routes.get(`${method} ${url}`);
    if (!responder) return respond(config, { status: 500, data: { message: `No mock answer for ${method} ${url}` } });
    const reply = await untilAborted(config, typeof responder === 'function' ? responder(request) : responder);
    reportProgress(config, reply);
    return respond(config, reply);
  };
  api.defaults.adapter = adapter;
  const mock: MockApi = {
    on(method, url, responder) {
      routes.set(`${method.toUpperCase()} ${url}`, responder);
      return mock;
    },
    sent,
    sentTo: (method, url) => sent.filter((r) => r.method === method.toUpperCase() && r.url === url),
    restore: () => {
      api.defaults.adapter = original;
    },
  };
  return mock;
}

/** A reply the test releases when it wants, to observe the `request` state in between. */
export function deferred(): { responder: () => Promise<Reply>; release: (reply: Reply) => void } {
  let release: (reply: Reply) => void = () => undefined;
  const promise = new Promise<Reply>((resolve) => {
    release = resolve;
  });
  return { responder: () => promise, release };
}
