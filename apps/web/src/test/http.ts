import { errorCode } from '@sampada/shared';
import { api } from '../lib/api-client';
import { CanceledError, HttpError, type THttpConfig, type THttpResponse } from '../lib/http';
import { stockApi } from '../lib/market/stock-api';

export interface TMockResponse {
  status: number;
  body?: unknown;
  /** Response headers (lower-case names), e.g. a 429's retry-after. */
  headers?: Record<string, string>;
  /** Fail like a dropped connection or a timeout instead of answering. */
  error?: 'network' | 'timeout';
}
export type THandler =
  TMockResponse | ((config: THttpConfig) => TMockResponse | Promise<TMockResponse>);

export interface TCall {
  method: string;
  url: string;
  body: unknown;
  authorization: string | undefined;
  /** The stock-data API's key header. */
  apiKey: string | undefined;
  params: Record<string, unknown> | undefined;
  signal: AbortSignal | undefined;
}

/** 200 with the server's envelope. */
export const ok = (data: unknown = null): TMockResponse => ({
  status: 200,
  body: { code: 200, message: 'success', data },
});
/** An error status with the server's envelope and message. */
export const fail = (status: number, message = ''): TMockResponse => ({
  status,
  // The machine code the server's error handler puts beside the text (docs/api-identity.md).
  body: { code: status, message, data: null, error_code: errorCode(status, message) },
});

/** Rejects like the fetch adapter does when the request's AbortSignal fires. */
function abortable<T>(work: Promise<T>, config: THttpConfig): Promise<T> {
  const signal = config.signal as AbortSignal | undefined;
  if (!signal) return work;
  const cancelled = () => new CanceledError(config);
  if (signal.aborted) return Promise.reject(cancelled());
  return new Promise<T>((resolve, reject) => {
    signal.addEventListener('abort', () => reject(cancelled()), { once: true });
    work.then(resolve, reject);
  });
}

/**
 * Answers the app's HTTP clients (the main API and the stock-data API) in tests through their
 * adapter, so every interceptor (auth header, API key, envelope, refresh queue, error
 * catalogue) runs as in the browser. Keys are 'METHOD /path'; a handler may be a list,
 * answered in turn. An aborted request rejects as fetch's adapter would.
 */
export function mockApi(routes: Record<string, THandler | THandler[]>) {
  const calls: TCall[] = [];
  const queues = new Map(
    Object.entries(routes).map(([key, value]) => [key, Array.isArray(value) ? [...value] : value]),
  );
  const adapter = async (config: THttpConfig): Promise<THttpResponse> => {
    const key = `${(config.method ?? 'get').toUpperCase()} ${config.url}`;
    const raw = config.data;
    calls.push({
      method: (config.method ?? 'get').toUpperCase(),
      url: config.url ?? '',
      body: typeof raw === 'string' ? JSON.parse(raw) : raw,
      authorization: config.headers.get('Authorization') ?? undefined,
      apiKey: config.headers.get('X-API-KEY') ?? undefined,
      params: config.params as Record<string, unknown> | undefined,
      signal: config.signal as AbortSignal | undefined,
    });
    const entry = queues.get(key);
    const handler = Array.isArray(entry) ? (entry.length > 1 ? entry.shift() : entry[0]) : entry;
    if (!handler) throw new HttpError(`No mock for ${key}`, HttpError.ERR_NETWORK, config);
    const answer =
      typeof handler === 'function'
        ? await abortable(Promise.resolve(handler(config)), config)
        : handler;
    if (answer.error === 'network')
      throw new HttpError('Network Error', HttpError.ERR_NETWORK, config);
    if (answer.error === 'timeout') throw new HttpError('timeout', HttpError.ECONNABORTED, config);
    const response: THttpResponse = {
      data: answer.body,
      status: answer.status,
      headers: answer.headers ?? {},
      config,
    };
    if (answer.status >= 200 && answer.status < 300) return response;
    throw new HttpError(
      `Request failed with status code ${answer.status}`,
      answer.status < 500 ? HttpError.ERR_BAD_REQUEST : HttpError.ERR_BAD_RESPONSE,
      config,
      response,
    );
  };
  api.defaults.adapter = adapter;
  stockApi.defaults.adapter = adapter;
  return {
    calls,
    callsTo: (key: string) => calls.filter((call) => `${call.method} ${call.url}` === key),
  };
}
