/**
 * Logs never carry query values: the Kite ticker's access token, a signed link's token, a
 * mobile searched for. Real server, real requests, its real log stream read back.
 */
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../test/helpers.ts';
import { redactedUrl } from './log-redaction.ts';

let t: TestApp;
let log = '';

beforeAll(async () => {
  const stream = new PassThrough();
  stream.on('data', (chunk: Buffer) => (log += chunk.toString()));
  t = await buildTestApp({ env: { LOG_LEVEL: 'info' }, logStream: stream });
});
afterAll(async () => {
  await t?.close();
});

describe('request logs', () => {
  it('keep the path and the parameter names, never a value', () => {
    expect(redactedUrl('/connect/ws?api_key=k1&access_token=T0K')).toBe(
      '/connect/ws?api_key=…&access_token=…',
    );
    expect(redactedUrl('/files/kyc/a.jpg?token=abc&exp=1')).toBe('/files/kyc/a.jpg?token=…&exp=…');
    expect(redactedUrl('/healthz')).toBe('/healthz');
    expect(redactedUrl('/x?')).toBe('/x?');
  });

  it('a ticker URL with an access token and a search for a mobile leave no value in the log', async () => {
    await fetch(`${t.baseUrl}/connect/ws?api_key=key-in-url&access_token=SECRET-ACCESS-TOKEN`);
    await fetch(`${t.baseUrl}/market/app/v1/search?query=9876543210`);
    // Both requests' lines are written: the positive signal that the log was read in full.
    await vi.waitFor(
      () => {
        expect(log).toContain('/connect/ws?api_key=…&access_token=…');
        expect(log).toContain('/market/app/v1/search?query=…');
      },
      { timeout: 10_000, interval: 50 },
    );
    expect(log).not.toContain('SECRET-ACCESS-TOKEN');
    expect(log).not.toContain('key-in-url');
    expect(log).not.toContain('9876543210');
  });
});
