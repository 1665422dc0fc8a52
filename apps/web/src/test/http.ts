import { AxiosError, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { api } from '../lib/api-client';

export interface TMockResponse {
  status: number;
  body?: unknown;
  /** Fail like a dropped connection or a timeout instead of answering. */
  error?: 'network' | 'timeout';
}
export type THandler =
  TMockResponse | ((config: InternalAxiosRequestConfig) => TMockResponse | Promise<TMockResponse>);

export interface TCall {
  method: string;
  url: string;
  body: unknown;
  authorization: string | undefined;
}

/** 200 with the server's envelope. */
export const ok = (data: unknown = null): TMockResponse => ({
  status: 200,
  body: { code: 200, message: 'success', data },
});
/** An error status with the server's envelope and message. */
export const fail = (status: number, message = ''): TMockResponse => ({
  status,
  body: { code: status, message, data: null },
});

/**
 * Answers the app's HTTP client in tests through an axios adapter, so every interceptor
 * (auth header, envelope, refresh queue, error catalogue) runs as in the browser.
 * Keys are 'METHOD /path'; a handler may be a list, answered in turn.
 */
export function mockApi(routes: Record<string, THandler | THandler[]>) {
  const calls: TCall[] = [];
  const queues = new Map(
    Object.entries(routes).map(([key, value]) => [key, Array.isArray(value) ? [...value] : value]),
  );
  api.defaults.adapter = async (config: InternalAxiosRequestConfig): Promise<AxiosResponse> => {
    const key = `${(config.method ?? 'get').toUpperCase()} ${config.url}`;
    const raw = config.data;
    calls.push({
      method: (config.method ?? 'get').toUpperCase(),
      url: config.url ?? '',
      body: typeof raw === 'string' ? JSON.parse(raw) : raw,
      authorization: config.headers?.get?.('Authorization')?.toString(),
    });
    const entry = queues.get(key);
    const handler = Array.isArray(entry) ? (entry.length > 1 ? entry.shift() : entry[0]) : entry;
    if (!handler) throw new AxiosError(`No mock for ${key}`, AxiosError.ERR_NETWORK, config);
    const answer = typeof handler === 'function' ? await handler(config) : handler;
    if (answer.error === 'network')
      throw new AxiosError('Network Error', AxiosError.ERR_NETWORK, config);
    if (answer.error === 'timeout')
      throw new AxiosError('timeout', AxiosError.ECONNABORTED, config);
    const response: AxiosResponse = {
      data: answer.body,
      status: answer.status,
      statusText: String(answer.status),
      headers: {},
      config,
    };
    if (answer.status >= 200 && answer.status < 300) return response;
    throw new AxiosError(
      `Request failed with status code ${answer.status}`,
      answer.status < 500 ? AxiosError.ERR_BAD_REQUEST : AxiosError.ERR_BAD_RESPONSE,
      config,
      {},
      response,
    );
  };
  return {
    calls,
    callsTo: (key: string) => calls.filter((call) => `${call.method} ${call.url}` === key),
  };
}
