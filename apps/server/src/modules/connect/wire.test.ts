import { describe, expect, it } from 'vitest';
import { accessTokenExpiry, kiteErrorOf, kiteStatusOf, sessionChecksum } from './wire.ts';

const refusals = { cash: 'short cash', holding: 'short shares' };

describe('the Kite Connect v3 wire', () => {
  it('access tokens end at the next 06:00 IST', () => {
    // 10:00 IST → 06:00 IST the next day; 03:00 IST → 06:00 IST the same day.
    expect(accessTokenExpiry(new Date('2026-11-28T04:30:00Z')).toISOString()).toBe(
      '2026-11-29T00:30:00.000Z',
    );
    expect(accessTokenExpiry(new Date('2026-11-27T21:30:00Z')).toISOString()).toBe(
      '2026-11-28T00:30:00.000Z',
    );
  });

  it('the session checksum is SHA-256 of api_key + request_token + api_secret', () => {
    expect(sessionChecksum('api_key', 'req_token', 'secret')).toBe(
      '1ea9ac313168987b15fcb2dced19718c66cceda0c14982c1d855a2b7a7344037',
    );
  });

  it('errors read as the client library expects', () => {
    expect(kiteErrorOf(401, 'x', refusals)).toEqual({ status: 403, errorType: 'TokenException' });
    expect(kiteErrorOf(400, 'x', refusals)).toEqual({ status: 400, errorType: 'InputException' });
    expect(kiteErrorOf(400, 'short cash', refusals).errorType).toBe('MarginException');
    expect(kiteErrorOf(400, 'short shares', refusals).errorType).toBe('HoldingException');
    expect(kiteErrorOf(429, 'x', refusals)).toEqual({ status: 429, errorType: 'NetworkException' });
    expect(kiteErrorOf(500, 'x', refusals).errorType).toBe('GeneralException');
  });

  it('waiting stops are TRIGGER PENDING; partial fills and expiries end CANCELLED', () => {
    expect(kiteStatusOf({ status: 'awaiting', type: 'sl', triggered_at: null })).toBe(
      'TRIGGER PENDING',
    );
    expect(kiteStatusOf({ status: 'awaiting', type: 'sl', triggered_at: 'x' })).toBe('OPEN');
    expect(kiteStatusOf({ status: 'partially_filled', type: 'limit', triggered_at: null })).toBe(
      'CANCELLED',
    );
    expect(kiteStatusOf({ status: 'filled', type: 'market', triggered_at: null })).toBe('COMPLETE');
  });
});
