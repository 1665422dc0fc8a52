import { M, REQUEST_TIMEOUT_MS } from '@sampada/shared';
import type { TEnvelope, THttpRequestOptions } from '../api-client';
import { createHttpClient, isCancel, type HttpError } from '../http';
import { queryClient } from '../query-client';
import { marketConfigQueryOptions } from './market-config';
import { queryKeys } from '../query-keys';

/** A failure of the stock-data API: the server's message or 'Request Failed.' (spec §8). */
export class StockApiError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'StockApiError';
  }
}

/**
 * The stock-data API (/stock/api/v1, spec §7) has its own client: it authenticates with the
 * X-API-KEY header rather than the session's bearer token, and its failures are not toasted
 * by the main client's error catalogue.
 */
export const stockApi = createHttpClient({
  baseURL: '/',
  timeout: REQUEST_TIMEOUT_MS,
  headers: { Accept: 'application/json' },
});

stockApi.interceptors.request.use(async (config) => {
  const { stock_api_key } = await queryClient.ensureQueryData(marketConfigQueryOptions());
  // Before KYC approval there is no key: the server's 401 asks for the config once more (the
  // client may have been approved since), then its message is the answer.
  if (stock_api_key) config.headers.set('X-API-KEY', stock_api_key);
  return config;
});

const messageOf = (body: unknown) =>
  typeof body === 'object' && body !== null && 'message' in body
    ? String((body as { message: unknown }).message || '')
    : '';

stockApi.interceptors.response.use(
  (response) => {
    const body = response.data as Partial<TEnvelope<unknown>> | undefined;
    if (body?.code !== undefined && body.code !== 200) {
      throw new StockApiError(messageOf(body) || M.stockRequestFailed, body.code);
    }
    return response;
  },
  async (caught: unknown) => {
    if (isCancel(caught)) throw caught;
    const error = caught as Partial<HttpError>;
    const config = error.config;
    // The key is rotated when the server restarts without STOCK_API_KEY: fetch it again once.
    if (error.response?.status === 401 && config && !config.keyRetried) {
      config.keyRetried = true;
      queryClient.removeQueries({ queryKey: queryKeys.market.config });
      return stockApi.request(config);
    }
    throw new StockApiError(
      messageOf(error.response?.data) || M.stockRequestFailed,
      error.response?.status,
    );
  },
);

export const isAbort = (error: unknown) =>
  isCancel(error) || (error instanceof Error && error.name === 'AbortError');

export async function stockGet<T>(path: string, config?: THttpRequestOptions): Promise<T> {
  const response = await stockApi.get<TEnvelope<T>>(`/stock/api/v1${path}`, config);
  return response.data.data;
}

export async function stockPost<T>(path: string, body: unknown, config?: THttpRequestOptions) {
  const response = await stockApi.post<TEnvelope<T>>(`/stock/api/v1${path}`, body, config);
  return response.data.data;
}
