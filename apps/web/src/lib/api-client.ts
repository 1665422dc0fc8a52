import {
  M,
  MAX_REFRESH_RETRIES,
  MAX_REFRESHES_PER_WINDOW,
  REFRESH_WINDOW_MS,
  REQUEST_TIMEOUT_MS,
  type TLoginAnswer,
  type TLoginChallenge,
  type TMessageCode,
} from '@sampada/shared';
import { paths } from '../config/paths';
import { appSettings } from './app-settings';
import {
  createHttpClient,
  isCancel,
  type HttpError,
  type THttpConfig,
  type THttpOptions,
  type THttpResponse,
} from './http';
import { toastError } from './notify';
import { browser, endSession, keepPendingChallenge, sessionEnding } from './session';
import { authStorage } from './storage';

/** The server's envelope (architecture.md "API conventions"). */
export interface TEnvelope<T> {
  code: number;
  message: string;
  data: T;
  /** An error answer's machine code ('funds.amountRequired'): what a refusal is translated by. */
  error_code?: string;
}

export type TApiErrorKind =
  'http' | 'envelope' | 'timeout' | 'network' | 'offline' | 'session' | 'rate-limited';

/** Every failure of the main API, with the spec §8 message already chosen. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly kind: TApiErrorKind,
    readonly status?: number,
    /** For a 429: when the per-IP window opens again. */
    readonly retryAt?: number,
    /** The server's machine code for the refusal (`error_code`): translated by, not the text. */
    readonly errorCode?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** The one wording of a 429, shown in the toast and on the screen that could not load. */
export const tooManyRequestsMessage = (seconds: number) =>
  `Too many requests — try again in ${Math.max(0, Math.ceil(seconds))} s`;

export const isRateLimited = (error: unknown): error is ApiError & { retryAt: number } =>
  isApiError(error) && error.kind === 'rate-limited';

/** Seconds until the window opens: Retry-After, else the limiter's reset header, else a minute. */
function retryAfterSeconds(response: THttpResponse): number {
  for (const name of ['retry-after', 'x-ratelimit-reset']) {
    const seconds = Number(response.headers[name]);
    if (Number.isFinite(seconds) && seconds >= 0) return seconds;
  }
  return 60;
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

/**
 * Whether the server refused with this code ('funds.setPinToWithdraw'): which refusal it was is
 * read from its machine code, never from the English text (that text may be reworded).
 */
export const refusedWith = (error: unknown, code: TMessageCode): boolean =>
  isApiError(error) && error.errorCode === code;

/** What to show for a failed call: the server's refusal (translated by its code), or 'Request failed'. */
export const failureOf = (error: unknown): ApiError | string =>
  isApiError(error) ? error : M.requestFailed;

/** The one HTTP client of the app: JSON, cookies sent, 10 s timeout (spec §7). */
export const api = createHttpClient({
  baseURL: '/',
  timeout: REQUEST_TIMEOUT_MS,
  withCredentials: true,
  headers: { Accept: 'application/json' },
});

let goOffline = () => browser.go('/error');

/** Lets the app route to /error through its router instead of a full page load. */
export function setOfflineHandler(handler: () => void) {
  goOffline = handler;
}

const isEnvelope = (body: unknown): body is TEnvelope<unknown> =>
  typeof body === 'object' && body !== null && 'code' in body && 'data' in body;

function toApiError(error: Partial<HttpError<Partial<TEnvelope<unknown>> | undefined>>): ApiError {
  if (error.code === 'ECONNABORTED' || error.code === 'ETIMEDOUT') {
    return new ApiError(M.requestTimeout, 'timeout');
  }
  if (!error.response) {
    const offline = typeof navigator !== 'undefined' && navigator.onLine === false;
    return new ApiError(M.networkError, offline ? 'offline' : 'network');
  }
  const status = error.response.status;
  if (status === 429) {
    const seconds = retryAfterSeconds(error.response);
    return new ApiError(
      tooManyRequestsMessage(seconds),
      'rate-limited',
      429,
      Date.now() + seconds * 1000,
    );
  }
  const { message, error_code: errorCode } = error.response.data ?? {};
  return message
    ? new ApiError(message, 'http', status, undefined, errorCode)
    : new ApiError(M.requestFailed, 'http', status);
}

function report(error: ApiError, config: THttpOptions | undefined) {
  if (config?.silent || appSettings.get().isLoggingOut) return;
  toastError(error);
}

/**
 * The refresh answered sign-in's enrolment challenge instead of tokens (the firm requires 2FA
 * and this client has none; the server has ended the session): on to /login, whose page opens
 * the enrolment step with it, as after a password.
 */
function enrolInstead(challenge: TLoginChallenge): ApiError {
  keepPendingChallenge({ challenge, remember: authStorage.location() === 'local' });
  endSession({ to: paths.login });
  return new ApiError(M.sessionExpired, 'session', 401);
}

/** Ends the session with one of spec §8's messages, shown after the reload to '/'. */
function forceLogout(message: string): ApiError {
  endSession({ flash: { type: 'error', message }, to: '/' });
  return new ApiError(message, 'session', 401);
}

let refreshing: Promise<void> | null = null;
let refreshTimes: number[] = [];

/** Test hook: forget refresh history between tests. */
export function resetRefreshState() {
  refreshing = null;
  refreshTimes = [];
}

/**
 * Refreshes the access token once for every request waiting on it (spec §4): concurrent
 * callers share the same promise, so a burst of 401s causes one refresh.
 */
function refreshAccessToken(): Promise<void> {
  if (refreshing) return refreshing;
  const refreshToken = authStorage.get()?.refresh_token;
  if (!refreshToken) return Promise.reject(forceLogout(M.sessionExpired));
  const now = Date.now();
  refreshTimes = refreshTimes.filter((time) => now - time < REFRESH_WINDOW_MS);
  if (refreshTimes.length >= MAX_REFRESHES_PER_WINDOW) {
    return Promise.reject(forceLogout(M.tooManyAttempts));
  }
  refreshTimes.push(now);
  refreshing = api
    // No body at all: an empty body with a content type is a malformed request.
    .post<TEnvelope<TLoginAnswer>>('/auth/app/v1/refresh', undefined, {
      skipAuth: true,
      silent: true,
      headers: { Authorization: `Bearer ${refreshToken}` },
    })
    .then((response) => {
      const answer = response.data.data;
      if ('challenge_token' in answer) throw enrolInstead(answer);
      authStorage.set(answer);
    })
    .catch((error: unknown) => {
      if (isApiError(error) && (error.kind === 'offline' || error.kind === 'session')) throw error;
      const expired = isApiError(error) && error.status === 401;
      throw forceLogout(expired ? M.sessionExpiredDash : M.tokenRefreshFailed);
    })
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}

/**
 * Refreshes the session for a caller outside HTTP (the quote socket after a 4401), unless
 * the token it was refused with has already been replaced.
 */
export function refreshSession(rejectedToken: string): Promise<void> {
  const pending = sessionEnding();
  if (pending)
    return pending.then(
      () => undefined,
      () => refreshSession(rejectedToken),
    );
  const current = authStorage.get()?.access_token;
  if (current && current !== rejectedToken && !refreshing) return Promise.resolve();
  return refreshAccessToken();
}

async function retryAfterRefresh(config: THttpConfig): Promise<THttpResponse> {
  const attempts = config.retryCount ?? 0;
  if (attempts >= MAX_REFRESH_RETRIES) throw forceLogout(M.tooManyAttempts);
  config.retryCount = attempts + 1;
  const current = authStorage.get()?.access_token;
  // Another request already refreshed while this one was in flight: just retry.
  if (refreshing || !current || current === config.sentToken) await refreshAccessToken();
  return api.request(config);
}

api.interceptors.request.use((config) => {
  if (!config.skipAuth) {
    const token = authStorage.get()?.access_token;
    if (token) {
      config.headers.set('Authorization', `Bearer ${token}`);
      config.sentToken = token;
    }
  }
  return config;
});

api.interceptors.response.use(
  (response) => {
    const body: unknown = response.data;
    const code = isEnvelope(body) ? body.code : response.status;
    if (response.status !== 200 || code !== 200) {
      const message = (isEnvelope(body) && body.message) || M.unknownError;
      const error = new ApiError(message, 'envelope', code);
      report(error, response.config);
      throw error;
    }
    return response;
  },
  async (caught: unknown) => {
    if (isCancel(caught)) throw caught;
    const error = caught as Partial<HttpError<Partial<TEnvelope<unknown>> | undefined>>;
    const config = error.config;
    if (error.response?.status === 401 && config && !config.skipAuth) {
      return retryAfterRefresh(config);
    }
    const apiError = toApiError(error);
    if (apiError.kind === 'offline') {
      goOffline();
      throw apiError;
    }
    report(apiError, config);
    throw apiError;
  },
);

/**
 * Toasts a failure the caller names (the spec's message) and, when the server said why,
 * the server's reason under it.
 */
export function toastFailure(specMessage: string, error: unknown) {
  const reason = isApiError(error) && error.kind !== 'session' ? error.message : undefined;
  if (reason && reason !== specMessage) toastError(reason, specMessage);
  else toastError(specMessage);
}

/** What a call may add to its request: params, headers, a signal, a timeout, `silent`. */
export type THttpRequestOptions = Omit<THttpOptions, 'method' | 'url' | 'data'>;

/** GET and read the envelope's data. */
export async function apiGet<T>(url: string, config?: THttpRequestOptions): Promise<T> {
  const response = await api.get<TEnvelope<T>>(url, config);
  return response.data.data;
}

/** POST JSON and read the envelope's data. */
export async function apiPost<T>(
  url: string,
  body?: unknown,
  config?: THttpRequestOptions,
): Promise<T> {
  // A call without a payload sends no body (and so no content type), not 'null'.
  const response = await api.post<TEnvelope<T>>(url, body ?? undefined, config);
  return response.data.data;
}

/**
 * POST one file as multipart field 'file'. Image uploads get a longer timeout than JSON
 * calls: a 20 MB ID photo cannot cross a mobile connection in 10 s.
 */
export async function apiUpload<T>(
  url: string,
  file: Blob,
  fileName?: string,
  config?: THttpRequestOptions,
): Promise<T> {
  const form = new FormData();
  if (fileName) form.append('file', file, fileName);
  else form.append('file', file);
  const response = await api.post<TEnvelope<T>>(url, form, { timeout: 60_000, ...config });
  return response.data.data;
}
