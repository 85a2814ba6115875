// The portal's API calls. Each call names whose token it carries: a lab user's, the system owner's, or none
// (the two logins). `api` has axios's call methods, but axios itself (api/axiosInstances.ts) is loaded on the
// first call and prefetched when the browser is idle: it is a fifth of the sign-in page's first load otherwise.
import type { AxiosInstance, AxiosRequestConfig, AxiosResponse } from 'axios';

export { setTokenGetter, type SessionKind } from './sessionTokens';

type Instances = typeof import('./axiosInstances');

let loading: Promise<Instances> | null = null;

/** The axios instances, loaded once. */
export function loadAxios(): Promise<Instances> {
  loading ??= import(/* webpackChunkName: "axios", webpackPrefetch: true */ './axiosInstances');
  return loading;
}

type BodylessCall = <T = unknown>(url: string, config?: AxiosRequestConfig) => Promise<AxiosResponse<T>>;
type BodyCall = <T = unknown>(url: string, data?: unknown, config?: AxiosRequestConfig) => Promise<AxiosResponse<T>>;

export interface Api {
  get: BodylessCall;
  delete: BodylessCall;
  post: BodyCall;
  put: BodyCall;
  patch: BodyCall;
}

const instance = async (): Promise<AxiosInstance> => (await loadAxios()).api;

export const api: Api = {
  get: async <T,>(url: string, config?: AxiosRequestConfig) => (await instance()).get<T, AxiosResponse<T>>(url, config),
  delete: async <T,>(url: string, config?: AxiosRequestConfig) => (await instance()).delete<T, AxiosResponse<T>>(url, config),
  post: async <T,>(url: string, data?: unknown, config?: AxiosRequestConfig) => (await instance()).post<T, AxiosResponse<T>>(url, data, config),
  put: async <T,>(url: string, data?: unknown, config?: AxiosRequestConfig) => (await instance()).put<T, AxiosResponse<T>>(url, data, config),
  patch: async <T,>(url: string, data?: unknown, config?: AxiosRequestConfig) => (await instance()).patch<T, AxiosResponse<T>>(url, data, config),
};
