/**
 * The built apps' files (issue 14): served precompressed by Accept-Encoding, cached by kind,
 * and never counted against the per-IP limit that API routes share.
 */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/helpers.ts';

const SCRIPT = `export const answer = ${JSON.stringify('x'.repeat(4000))};\n`;
const INDEX = '<!doctype html><html><body><div id="root"></div></body></html>';
/** The build's static copies of first screens (scripts/vite-prerender.ts). */
const LOGIN_PAGE =
  '<!doctype html><html><body><div id="root"><div data-prerendered="/login">Sign in</div></div></body></html>';
const NESTED_PAGE =
  '<!doctype html><html><body><div id="root"><div data-prerendered="/me/profile"></div></div></body></html>';

/** A tiny dist like Vite's: index.html, a hashed chunk with .br/.gz beside it, a favicon. */
function writeFixtureDist(): string {
  const dist = mkdtempSync(path.join(os.tmpdir(), 'sampada-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  const chunk = path.join(dist, 'assets/index-Abc123XY.js');
  writeFileSync(chunk, SCRIPT);
  writeFileSync(`${chunk}.br`, brotliCompressSync(SCRIPT));
  writeFileSync(`${chunk}.gz`, gzipSync(SCRIPT));
  writeFileSync(path.join(dist, 'index.html'), INDEX);
  mkdirSync(path.join(dist, 'prerendered'));
  writeFileSync(path.join(dist, 'prerendered/login.html'), LOGIN_PAGE);
  writeFileSync(path.join(dist, 'prerendered/me--profile.html'), NESTED_PAGE);
  writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return dist;
}

// Scale 0.01: the shared per-IP API limit of 600 a minute becomes 6.
const API_LIMIT = 6;
let t: TestApp;
let dist: string;

beforeAll(async () => {
  dist = writeFixtureDist();
  t = await buildTestApp({ env: { WEB_DIST: dist, RATE_LIMIT_SCALE: '0.01' } });
});

afterAll(async () => {
  await t?.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, encoding?: string) =>
  t.api.raw(url, encoding ? { headers: { 'accept-encoding': encoding } } : {});

describe('API responses', () => {
  it('are never stored and carry the security headers', async () => {
    const reply = await get('/system/app/v1/settings');
    expect(reply.headers.get('cache-control')).toBe('no-store');
    expect(reply.headers.get('x-content-type-options')).toBe('nosniff');
    expect(reply.headers.get('content-security-policy')).toContain("default-src 'self'");
  });

  it('compress JSON above 1 kB for a client that accepts br', async () => {
    const reply = await get('/docs/json', 'br');
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-encoding')).toBe('br');
    const raw = Buffer.from(await (await rawBody('/docs/json', 'br')).arrayBuffer());
    expect(JSON.parse(brotliDecompressSync(raw).toString('utf8'))).toHaveProperty('openapi');
  });
});

describe('static files of the client app', () => {
  it('sends the brotli file to a browser that accepts br, gzip to one that only takes gzip', async () => {
    const br = await get('/assets/index-Abc123XY.js', 'gzip, deflate, br');
    expect(br.status).toBe(200);
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('content-type')).toMatch(/javascript/);
    expect(br.headers.get('vary')).toMatch(/accept-encoding/i);
    // fetch decodes on its own; what arrived must still be the script.
    expect(await br.text()).toBe(SCRIPT);

    const gz = await get('/assets/index-Abc123XY.js', 'gzip');
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(await gz.text()).toBe(SCRIPT);

    const plain = await get('/assets/index-Abc123XY.js', 'identity');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(SCRIPT);
  });

  it('caches hashed assets for a year and revalidates index.html and other files', async () => {
    const chunk = await get('/assets/index-Abc123XY.js', 'br');
    expect(chunk.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const page = await get('/dashboard', 'br');
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('no-cache');
    expect(await page.text()).toBe(INDEX);
    const icon = await get('/favicon.svg');
    expect(icon.headers.get('cache-control')).toBe('no-cache');
  });

  it('answers a path with the page the build prerendered for it, and index.html elsewhere', async () => {
    for (const [url, html] of [
      ['/login', LOGIN_PAGE],
      ['/login/', LOGIN_PAGE],
      ['/login?next=%2Fmarket', LOGIN_PAGE],
      ['/me/profile', NESTED_PAGE],
      ['/me', INDEX],
      ['/market', INDEX],
    ]) {
      const page = await get(url!, 'br');
      expect(page.status, url).toBe(200);
      expect(page.headers.get('cache-control'), url).toBe('no-cache');
      expect(page.headers.get('content-type'), url).toMatch(/text\/html/);
      expect(await page.text(), url).toBe(html);
    }
  });

  it('never answers 429 for files and pages while an API route from the same address is limited', async () => {
    // Earlier tests spent part of this address's API allowance; spend the rest.
    const apiStatuses: number[] = [];
    for (let i = 0; i <= API_LIMIT; i++) {
      apiStatuses.push((await get('/system/app/v1/settings')).status);
    }
    expect(apiStatuses).toContain(200);
    expect(apiStatuses.at(-1)).toBe(429);

    const fileStatuses: number[] = [];
    for (let i = 0; i < API_LIMIT * 5; i++) {
      for (const url of ['/assets/index-Abc123XY.js', '/favicon.svg', '/login', '/market']) {
        fileStatuses.push((await get(url, 'br')).status);
      }
    }
    expect(new Set(fileStatuses)).toEqual(new Set([200]));
    // The API is still limited afterwards: the files did not reset or bypass its count.
    expect((await get('/system/app/v1/settings')).status).toBe(429);
  });
});

/** The body as sent, without fetch's automatic decoding (node's http keeps it encoded). */
async function rawBody(url: string, encoding: string): Promise<Blob> {
  const { request } = await import('node:http');
  return new Promise((resolve, reject) => {
    request(`${t.baseUrl}${url}`, { headers: { 'accept-encoding': encoding } }, (res) => {
      const parts: Buffer[] = [];
      res.on('data', (part: Buffer) => parts.push(part));
      res.on('end', () => resolve(new Blob(parts)));
      res.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}
