/**
 * The app's HTTP clients on fetch. It keeps the part of axios's interface the app used
 * (instances with defaults, request and response interceptors, `config` carried on the
 * response and the error, a swappable adapter for tests) at a fraction of axios's 20 kB on the
 * first screen, with the same rules: JSON in and out, params without null or undefined, a
 * timeout that rejects with ECONNABORTED, a cancelled signal that rejects with a
 * CanceledError, any status outside 2xx rejected with the response attached.
 */

import { taskOfItsOwn } from './task-of-its-own';

/** A request as a caller writes it. */
export interface THttpOptions {
  method?: string;
  url?: string;
  baseURL?: string;
  /** Query parameters; null and undefined are left out, arrays repeat as `key[]`. */
  params?: Record<string, unknown>;
  /** A plain object or array goes out as JSON; FormData, Blob and strings as they are. */
  data?: unknown;
  headers?: HeadersInit;
  /** Milliseconds until the request fails with ECONNABORTED; 0 waits for ever. */
  timeout?: number;
  signal?: AbortSignal;
  /** Send cookies (fetch's credentials 'include'). */
  withCredentials?: boolean;
  responseType?: 'json' | 'blob';
  // The flags the app's interceptors read (api-client.ts, market/stock-api.ts).
  /** The caller shows its own message, so failures are not toasted. */
  silent?: boolean;
  /** No access token, and a 401 is an answer rather than a reason to refresh. */
  skipAuth?: boolean;
  /** How many times a 401 has sent this request through a refresh (spec §8: at most 3). */
  retryCount?: number;
  /** The access token this request went out with. */
  sentToken?: string;
  /** Set once a 401 has fetched a fresh stock-API key, so a wrong key cannot loop. */
  keyRetried?: boolean;
}

/** A request as the interceptors and the adapter see it: defaults merged, headers a `Headers`. */
export interface THttpConfig extends Omit<THttpOptions, 'headers'> {
  method: string;
  url: string;
  headers: Headers;
}

export interface THttpResponse<T = unknown> {
  data: T;
  status: number;
  /** Lower-case names, as fetch's Headers gives them. */
  headers: Record<string, string>;
  config: THttpConfig;
}

/** A failed request; `response` is there when the server answered (any status outside 2xx). */
export class HttpError<T = unknown> extends Error {
  static readonly ERR_NETWORK = 'ERR_NETWORK';
  static readonly ECONNABORTED = 'ECONNABORTED';
  static readonly ERR_BAD_REQUEST = 'ERR_BAD_REQUEST';
  static readonly ERR_BAD_RESPONSE = 'ERR_BAD_RESPONSE';
  static readonly ERR_CANCELED = 'ERR_CANCELED';

  constructor(
    message: string,
    readonly code: string,
    readonly config?: THttpConfig,
    readonly response?: THttpResponse<T>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** The caller's AbortSignal fired: not a failure to report. */
export class CanceledError extends HttpError {
  constructor(config?: THttpConfig) {
    super('canceled', HttpError.ERR_CANCELED, config);
    this.name = 'CanceledError';
  }
}

export const isCancel = (error: unknown): error is CanceledError => error instanceof CanceledError;

export type THttpAdapter = (config: THttpConfig) => Promise<THttpResponse>;

function joinUrl(base: string | undefined, url: string) {
  if (!base || /^[a-z][a-z\d+.-]*:\/\//i.test(url)) return url;
  return `${base.replace(/\/+$/, '')}/${url.replace(/^\/+/, '')}`;
}

const paramValue = (value: unknown) =>
  value instanceof Date
    ? value.toISOString()
    : typeof value === 'object'
      ? JSON.stringify(value)
      : String(value);

/** The request's full URL with its query string. */
export function buildUrl(config: Pick<THttpConfig, 'baseURL' | 'url' | 'params'>) {
  const url = joinUrl(config.baseURL, config.url);
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(config.params ?? {})) {
    if (value === null || value === undefined) continue;
    if (Array.isArray(value)) {
      for (const item of value)
        if (item !== null && item !== undefined) query.append(`${key}[]`, paramValue(item));
    } else query.append(key, paramValue(value));
  }
  const search = query.toString();
  if (!search) return url;
  const hash = url.indexOf('#');
  const bare = hash === -1 ? url : url.slice(0, hash);
  return `${bare}${bare.includes('?') ? '&' : '?'}${search}`;
}

const isPlainData = (data: unknown) =>
  Array.isArray(data) ||
  (typeof data === 'object' &&
    data !== null &&
    (Object.getPrototypeOf(data) === Object.prototype || Object.getPrototypeOf(data) === null));

/** Plain objects become JSON with its content type; anything else goes as it is. */
function encodeBody(config: THttpConfig) {
  if (isPlainData(config.data)) {
    if (!config.headers.has('Content-Type')) config.headers.set('Content-Type', 'application/json');
    config.data = JSON.stringify(config.data);
  }
}

/** The body as JSON when it parses, else the text (an empty body is ''). */
function parseBody(text: string): unknown {
  if (!text) return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * The browser's adapter: fetch, started in a task of its own, with the timeout and the caller's
 * signal both aborting it.
 */
export const fetchAdapter: THttpAdapter = async (config) => {
  const { signal, timeout } = config;
  await taskOfItsOwn();
  if (signal?.aborted) throw new CanceledError(config);
  const controller = new AbortController();
  const cancel = () => controller.abort();
  signal?.addEventListener('abort', cancel, { once: true });
  let timedOut = false;
  const timer = timeout
    ? setTimeout(() => {
        timedOut = true;
        controller.abort();
      }, timeout)
    : undefined;
  try {
    const answer = await fetch(buildUrl(config), {
      method: config.method.toUpperCase(),
      headers: config.headers,
      body: config.data as BodyInit | undefined,
      credentials: config.withCredentials ? 'include' : 'same-origin',
      signal: controller.signal,
    });
    const data =
      config.responseType === 'blob' ? await answer.blob() : parseBody(await answer.text());
    const response: THttpResponse = {
      data,
      status: answer.status,
      // Lower-cased here as the Fetch spec's iterator does; happy-dom's keeps the case they were set in.
      headers: Object.fromEntries(
        [...answer.headers].map(([name, value]) => [name.toLowerCase(), value]),
      ),
      config,
    };
    if (answer.status >= 200 && answer.status < 300) return response;
    throw new HttpError(
      `Request failed with status code ${answer.status}`,
      answer.status < 500 ? HttpError.ERR_BAD_REQUEST : HttpError.ERR_BAD_RESPONSE,
      config,
      response,
    );
  } catch (error) {
    if (error instanceof HttpError) throw error;
    if (timedOut)
      throw new HttpError(`timeout of ${timeout}ms exceeded`, HttpError.ECONNABORTED, config);
    if (signal?.aborted) throw new CanceledError(config);
    throw new HttpError('Network Error', HttpError.ERR_NETWORK, config);
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', cancel);
  }
};

type TRequestInterceptor = (config: THttpConfig) => THttpConfig | Promise<THttpConfig>;
type TResponseInterceptor = [
  ((response: THttpResponse) => THttpResponse | Promise<THttpResponse>) | undefined,
  ((error: unknown) => THttpResponse | Promise<THttpResponse>) | undefined,
];

export type THttpClient = ReturnType<typeof createHttpClient>;

/**
 * One client with its defaults. Request interceptors run last-added first, response
 * interceptors in the order added; a rejection anywhere (a request interceptor included)
 * reaches the response interceptors' error handlers, as with axios.
 */
export function createHttpClient(defaults: Omit<THttpOptions, 'method' | 'url' | 'data'>) {
  const requestInterceptors: TRequestInterceptor[] = [];
  const responseInterceptors: TResponseInterceptor[] = [];

  function request<T = unknown>(options: THttpOptions): Promise<THttpResponse<T>> {
    const headers = new Headers(defaults.headers);
    new Headers(options.headers).forEach((value, name) => headers.set(name, value));
    const config: THttpConfig = {
      ...defaults,
      ...options,
      method: (options.method ?? 'get').toLowerCase(),
      url: options.url ?? '',
      headers,
    };
    let chain = Promise.resolve(config);
    for (const intercept of [...requestInterceptors].reverse()) chain = chain.then(intercept);
    let answer = chain.then((ready) => {
      encodeBody(ready);
      return client.defaults.adapter(ready);
    });
    for (const [onAnswer, onError] of responseInterceptors) answer = answer.then(onAnswer, onError);
    return answer as Promise<THttpResponse<T>>;
  }

  type TOptions = Omit<THttpOptions, 'method' | 'url' | 'data'>;
  const client = {
    defaults: { ...defaults, adapter: fetchAdapter },
    interceptors: {
      request: {
        use: (intercept: TRequestInterceptor) => void requestInterceptors.push(intercept),
      },
      response: {
        use: (...handlers: TResponseInterceptor) => void responseInterceptors.push(handlers),
      },
    },
    request,
    get: <T = unknown>(url: string, options?: TOptions) =>
      request<T>({ ...options, method: 'get', url }),
    delete: <T = unknown>(url: string, options?: TOptions) =>
      request<T>({ ...options, method: 'delete', url }),
    post: <T = unknown>(url: string, data?: unknown, options?: TOptions) =>
      request<T>({ ...options, method: 'post', url, data }),
    put: <T = unknown>(url: string, data?: unknown, options?: TOptions) =>
      request<T>({ ...options, method: 'put', url, data }),
  };
  return client;
}
