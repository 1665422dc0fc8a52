/**
 * Browser safety headers (issue 21, catalogue item 19), on a page, an API answer, an API
 * refusal, an unknown API path and the API reference: the CSP forbids plugins, <base>, inline
 * and foreign script and framing; HSTS, nosniff and a Referrer-Policy everywhere; API answers
 * are never stored; and a foreign Origin is never echoed back, with or without credentials.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signUpClient, type TestApp } from '../test/helpers.ts';

let t: TestApp;
let dist: string;
let token: string;
beforeAll(async () => {
  dist = mkdtempSync(path.join(os.tmpdir(), 'sampada-dist-'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  t = await buildTestApp({ env: { WEB_DIST: dist } });
  token = (await signUpClient(t)).token;
});
afterAll(async () => {
  await t?.close();
  rmSync(dist, { recursive: true, force: true });
});

const FOREIGN = 'https://evil.example';
const get = (url: string, headers: Record<string, string> = {}) =>
  t.api.raw(url, { headers: { origin: FOREIGN, ...headers } });

/** The CSP's directives by name. */
const directives = (policy: string | null) =>
  Object.fromEntries(
    (policy ?? '')
      .split(';')
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d) => {
        const [name, ...values] = d.split(/\s+/);
        return [name, values];
      }),
  ) as Record<string, string[]>;

function expectBrowserSafety(response: Response) {
  const csp = directives(response.headers.get('content-security-policy'));
  expect(csp['object-src']).toEqual(["'none'"]);
  expect(csp['base-uri']).toEqual(["'none'"]);
  expect(csp['frame-ancestors']).toEqual(["'none'"]);
  expect(csp['script-src']).toBeDefined();
  expect(csp['script-src']).not.toContain("'unsafe-inline'");
  expect(csp['script-src']).not.toContain("'unsafe-eval'");
  expect(csp['script-src-attr']).toEqual(["'none'"]);
  // Plain HTTP here: HSTS only over TLS (below).
  expect(response.headers.get('strict-transport-security')).toBeNull();
  expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  expect(response.headers.get('x-frame-options')).toBe('DENY');
  expect(response.headers.get('referrer-policy')).toBe('no-referrer');
  // No CORS: a foreign origin is never allowed, let alone with credentials.
  expect(response.headers.get('access-control-allow-origin')).toBeNull();
  expect(response.headers.get('access-control-allow-credentials')).toBeNull();
}

describe('security headers', () => {
  it('a page of the client app', async () => {
    const page = await get('/');
    expect(page.status).toBe(200);
    expectBrowserSafety(page);
    // Sockets to our own origin only ('self' covers ws:/wss: of this host).
    expect(directives(page.headers.get('content-security-policy'))['connect-src']).toEqual([
      "'self'",
    ]);
  });

  it('an API answer, a refusal and an unknown API path: never stored', async () => {
    for (const [url, status, auth] of [
      ['/auth/app/v1/client_info', 200, true],
      ['/auth/app/v1/client_info', 401, false],
      ['/funds/app/v1/no-such-call', 404, false],
    ] as const) {
      const response = await get(url, auth ? { authorization: `Bearer ${token}` } : {});
      expect(response.status).toBe(status);
      expectBrowserSafety(response);
      expect([url, status, response.headers.get('cache-control')]).toEqual([
        url,
        status,
        'no-store',
      ]);
    }
  });

  it('the API reference keeps its own script hashes under the same rules', async () => {
    const docs = await get('/docs/static/index.html');
    expect(docs.status).toBe(200);
    expectBrowserSafety(docs);
  });

  it('HSTS only over TLS: a trusted proxy’s https, never a forged header without one', async () => {
    const forged = await get('/', { 'x-forwarded-proto': 'https' });
    expect(forged.headers.get('strict-transport-security')).toBeNull();
    const proxied = await buildTestApp({
      env: { WEB_DIST: dist, TRUST_PROXY: 'true' },
      sharing: t,
    });
    try {
      const overTls = await proxied.api.raw('/', { headers: { 'x-forwarded-proto': 'https' } });
      expect(overTls.headers.get('strict-transport-security')).toMatch(/^max-age=31536000/);
      const plain = await proxied.api.raw('/');
      expect(plain.headers.get('strict-transport-security')).toBeNull();
    } finally {
      await proxied.close();
    }
  }, 120_000);

  it('a preflight from a foreign origin asking for credentials is not granted', async () => {
    const preflight = await t.api.raw('/auth/app/v1/login', {
      method: 'OPTIONS',
      headers: {
        origin: FOREIGN,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type, authorization',
      },
    });
    expect(preflight.status).toBeGreaterThanOrEqual(400);
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    expect(preflight.headers.get('access-control-allow-credentials')).toBeNull();
    expect(preflight.headers.get('access-control-allow-methods')).toBeNull();
  });
});
