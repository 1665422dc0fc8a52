/**
 * The console's one HTTP client: bearer token from the session, the envelope unwrapped,
 * every failure turned into an ApiError carrying the server's message. A 401 means the
 * session is over (expired, revoked or signed out elsewhere): the session is cleared and
 * the router's guard sends the user to sign-in.
 */
import { M, REQUEST_TIMEOUT_MS } from '@sampada/shared';
import axios, { type AxiosError } from 'axios';
import { API_BASE } from '../config/paths';
import { session } from './session';

export type TEnvelope<T> = { code: number; message: string; data: T };

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

async function envelopeOf(
  data: Partial<TEnvelope<unknown>> | Blob | undefined,
): Promise<Partial<TEnvelope<unknown>> | undefined> {
  if (!(data instanceof Blob)) return data;
  try {
    return JSON.parse(await data.text()) as Partial<TEnvelope<unknown>>;
  } catch {
    return undefined;
  }
}

export const http = axios.create({
  baseURL: API_BASE,
  timeout: REQUEST_TIMEOUT_MS,
  headers: { Accept: 'application/json' },
});

http.interceptors.request.use((config) => {
  const token = session.token();
  if (token) config.headers.set('Authorization', `Bearer ${token}`);
  return config;
});

http.interceptors.response.use(
  (response) => response,
  async (error: AxiosError<Partial<TEnvelope<unknown>> | Blob>) => {
    if (!error.response) {
      const timeout = error.code === 'ECONNABORTED' || error.code === 'ETIMEDOUT';
      return Promise.reject(new ApiError(timeout ? M.requestTimeout : M.networkError));
    }
    const { status } = error.response;
    // A file download asked for a blob: its refusal is the envelope as JSON inside it.
    const data = await envelopeOf(error.response.data);
    const sentToken = Boolean(error.config?.headers?.Authorization);
    if (status === 401 && sentToken) session.clear();
    return Promise.reject(new ApiError(data?.message || M.requestFailed, status));
  },
);

/** GET a console path; resolves to the envelope's data. */
export async function apiGet<T>(url: string, params?: Record<string, unknown>): Promise<T> {
  const { data } = await http.get<TEnvelope<T>>(url, { params });
  return data.data;
}

/** POST to a console path; resolves to the envelope's data and message. */
export async function apiPost<T>(
  url: string,
  body: unknown = {},
): Promise<{ data: T; message: string }> {
  const { data } = await http.post<TEnvelope<T>>(url, body);
  return { data: data.data, message: data.message };
}

/**
 * A POST that moves money or decides for a client: carries its Idempotency-Key (see
 * lib/idempotency.ts); resolves to the envelope's data and message.
 */
export async function apiPostWithKey<T>(
  url: string,
  body: unknown,
  idempotencyKey: string,
): Promise<{ data: T; message: string }> {
  const { data } = await http.post<TEnvelope<T>>(url, body, {
    headers: { 'Idempotency-Key': idempotencyKey },
  });
  return { data: data.data, message: data.message };
}

/** POST one file as multipart field `file`; the server judges it by content, not name or type. */
export async function apiUpload<T>(url: string, file: File): Promise<{ data: T; message: string }> {
  const form = new FormData();
  form.append('file', file, file.name);
  const { data } = await http.post<TEnvelope<T>>(url, form);
  return { data: data.data, message: data.message };
}

/** PUT to a console path; resolves to the envelope's data and message. */
export async function apiPut<T>(url: string, body: unknown): Promise<{ data: T; message: string }> {
  const { data } = await http.put<TEnvelope<T>>(url, body);
  return { data: data.data, message: data.message };
}

/** Query parameters without the empty ones. */
export const compact = (params: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(params).filter(([, v]) => v !== undefined && v !== null && v !== ''),
  );

/** DELETE a console path; resolves to the envelope's message. */
export async function apiDelete(url: string): Promise<{ message: string }> {
  const { data } = await http.delete<TEnvelope<null>>(url);
  return { message: data.message };
}
