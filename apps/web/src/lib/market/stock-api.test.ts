import { M } from '@sampada/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { fail, mockApi, ok } from '../../test/http';
import { queryClient } from '../query-client';
import { StockApiError, stockGet, stockPost } from './stock-api';

const config = (key: string) =>
  ok({ stock_api_key: key, ws_path: '/ws/app/v1', coalesce_ms: 250, heartbeat_ms: 15000 });

beforeEach(() => queryClient.clear());

describe('stock-data API client (spec §7, §8)', () => {
  it('sends the X-API-KEY read once from the market config and returns the data field', async () => {
    const http = mockApi({
      'GET /market/app/v1/config': config('key-1'),
      'GET /stock/api/v1/company': ok({ symbol: 'TCS' }),
    });
    await expect(stockGet('/company', { params: { s: 'TCS' } })).resolves.toEqual({
      symbol: 'TCS',
    });
    await stockGet('/company');
    expect(http.callsTo('GET /stock/api/v1/company').map((call) => call.apiKey)).toEqual([
      'key-1',
      'key-1',
    ]);
    expect(http.callsTo('GET /market/app/v1/config')).toHaveLength(1);
  });

  it("rejects with the server's message, or 'Request Failed.' without one", async () => {
    mockApi({
      'GET /market/app/v1/config': config('key-1'),
      'GET /stock/api/v1/stock_detail': fail(404, 'Unknown symbol.'),
      'POST /stock/api/v1/stock': { status: 400, body: {} },
      'GET /stock/api/v1/chart_data': { status: 0, error: 'network' },
    });
    await expect(stockGet('/stock_detail')).rejects.toThrow('Unknown symbol.');
    await expect(stockPost('/stock', {})).rejects.toThrow(M.stockRequestFailed);
    const error = await stockGet('/chart_data').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StockApiError);
    expect((error as Error).message).toBe('Request Failed.');
  });

  it('fetches the key again once when the server refuses it (a restart rotated it)', async () => {
    const http = mockApi({
      'GET /market/app/v1/config': [config('old'), config('new')],
      'GET /stock/api/v1/company': (request) =>
        request.headers.get('X-API-KEY') === 'new'
          ? ok({ symbol: 'TCS' })
          : fail(401, 'A valid X-API-KEY header is required.'),
    });
    await expect(stockGet('/company')).resolves.toEqual({ symbol: 'TCS' });
    expect(http.callsTo('GET /stock/api/v1/company').map((call) => call.apiKey)).toEqual([
      'old',
      'new',
    ]);
  });
});
