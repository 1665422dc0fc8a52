import { errorCode } from '@sampada/shared';
import { AxiosError, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { http } from '../lib/api-client';

export type TMockResponse = { status: number; body?: unknown };
export type THandler =
  TMockResponse | ((config: InternalAxiosRequestConfig) => TMockResponse | Promise<TMockResponse>);
export type TCall = { method: string; url: string; params: unknown; body: unknown };

/** 200 with the server's envelope. */
export const ok = (data: unknown = null, message = 'success'): TMockResponse => ({
  status: 200,
  body: { code: 200, message, data },
});
/** An error status with the server's envelope and message. */
export const fail = (status: number, message = ''): TMockResponse => ({
  status,
  // The machine code the server's error handler puts beside the text (docs/api-identity.md).
  body: { code: status, message, data: null, error_code: errorCode(status, message) },
});

/**
 * Answers the console's HTTP client through an axios adapter, so its interceptors run as in
 * the browser. Keys are 'METHOD /path' (without /console/api/v1); a list is answered in turn.
 */
export function mockApi(routes: Record<string, THandler | THandler[]>) {
  const calls: TCall[] = [];
  const queues = new Map(
    Object.entries(routes).map(([key, value]) => [key, Array.isArray(value) ? [...value] : value]),
  );
  http.defaults.adapter = async (config: InternalAxiosRequestConfig): Promise<AxiosResponse> => {
    const method = (config.method ?? 'get').toUpperCase();
    const key = `${method} ${config.url}`;
    const raw = config.data;
    calls.push({
      method,
      url: config.url ?? '',
      params: config.params,
      body: typeof raw === 'string' ? JSON.parse(raw) : raw,
    });
    const entry = queues.get(key);
    const handler = Array.isArray(entry) ? (entry.length > 1 ? entry.shift() : entry[0]) : entry;
    if (!handler) throw new AxiosError(`No mock for ${key}`, AxiosError.ERR_NETWORK, config);
    const answer = typeof handler === 'function' ? await handler(config) : handler;
    const response: AxiosResponse = {
      data: answer.body,
      status: answer.status,
      statusText: String(answer.status),
      headers: {},
      config,
    };
    if (answer.status < 400) return response;
    throw new AxiosError(
      `Request failed with status code ${answer.status}`,
      AxiosError.ERR_BAD_REQUEST,
      config,
      {},
      response,
    );
  };
  return {
    calls,
    callsTo: (key: string) => calls.filter((c) => `${c.method} ${c.url}` === key),
  };
}
