// A fake network edge for the portal's axios instance: tests declare answers per "METHOD /path" and read back
// what was sent. Everything above the adapter (interceptors, thunks, slices, pages) runs for real.
import { AxiosError, AxiosHeaders, type AxiosAdapter, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { api } from '../../../src/client/api/axiosInstances';

export interface SentRequest {
  method: string;
  url: string;
  body: unknown;
  authorization: string | null;
  /** The Content-Type header as it would go out (axios never sends a header whose value is false or null). */
  contentType: string | null;
}

export interface Answer {
  status: number;
  data?: unknown;
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

function respond(config: InternalAxiosRequestConfig, reply: Reply): AxiosResponse {
  if (reply === 'network-error') throw new AxiosError('Network Error', AxiosError.ERR_NETWORK, config, {});
  const response: AxiosResponse = {
    data: reply.data ?? null,
    status: reply.status,
    statusText: String(reply.status),
    headers: new AxiosHeaders({ 'content-type': 'application/json' }),
    config,
    request: {},
  };
  if (reply.status >= 200 && reply.status < 300) return response;
  const code = reply.status >= 500 ? AxiosError.ERR_BAD_RESPONSE : AxiosError.ERR_BAD_REQUEST;
  throw new AxiosError(`Request failed with status code ${reply.status}`, code, config, {}, response);
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
    };
    sent.push(request);
    const responder = routes.get(`${method} ${url}`);
    if (!responder) return respond(config, { status: 500, data: { message: `No mock answer for ${method} ${url}` } });
    return respond(config, typeof responder === 'function' ? await responder(request) : responder);
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
