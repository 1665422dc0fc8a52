/**
 * The external chat (settings name a chat project and its https script): the client's history
 * answers the script, and the client app's page lets exactly that script's origin run — the
 * page's Content-Security-Policy otherwise allows no foreign script, so the widget would never
 * load in a browser. The console's page stays as strict as ever.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILTIN_CHAT_SERVICE, type TChatHistory, type TFirmSettings } from '@sampada/shared';
import {
  buildTestApp,
  signInStaff,
  signUpClient,
  type SignedInStaff,
  type TestApp,
} from '../../test/helpers.ts';
import { CONTENT_SECURITY_POLICY } from '../../platform/security-headers.ts';
import { CHAT } from './test-fixtures.ts';

const SCRIPT = 'https://widget.chat-vendor.example/v2/loader.js';
const ORIGIN = 'https://widget.chat-vendor.example';

let t: TestApp;
let admin: SignedInStaff;
let dist: string;

beforeAll(async () => {
  dist = mkdtempSync(path.join(os.tmpdir(), 'sampada-chat-dist-'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  t = await buildTestApp({ env: { WEB_DIST: dist, CONSOLE_DIST: dist } });
  admin = await signInStaff(t, 'admin');
});
afterAll(async () => {
  await t?.close();
  rmSync(dist, { recursive: true, force: true });
});

const save = async (body: Partial<TFirmSettings>) =>
  expect((await t.api.post('/console/api/v1/settings', body, admin.token)).status).toBe(200);
const policyOf = async (url: string) =>
  (await t.api.raw(url)).headers.get('content-security-policy') ?? '';
const directive = (policy: string, name: string) =>
  policy.split(';').find((d) => d.startsWith(`${name} `)) ?? '';

describe('an external chat script named in settings', () => {
  it('is answered to the client and allowed on the client app page only while it is set', async () => {
    const client = await signUpClient(t);
    const chat = (await t.api.get<TFirmSettings>('/console/api/v1/settings', admin.token)).body.data
      .chat;
    await save({ chat_service: 'vendor-project-7', chat: { ...chat, script_url: SCRIPT } });

    const history = await t.api.get<TChatHistory>(`${CHAT}/messages`, client.token);
    expect(history.body.data.conversation).toMatchObject({
      service: 'vendor-project-7',
      script_url: SCRIPT,
    });
    const page = await policyOf('/trade');
    expect(directive(page, 'script-src')).toBe(`script-src 'self' ${ORIGIN}`);
    expect(directive(page, 'connect-src')).toContain(ORIGIN);
    expect(directive(page, 'frame-src')).toBe(`frame-src 'self' ${ORIGIN}`);
    expect(directive(page, 'script-src-attr')).toBe("script-src-attr 'none'");
    expect(await policyOf('/console/support')).toBe(CONTENT_SECURITY_POLICY);
    expect(await policyOf('/system/app/v1/settings')).toBe(CONTENT_SECURITY_POLICY);

    // Back to the built-in chat: the script is neither answered nor allowed.
    await save({ chat_service: null });
    const builtIn = await t.api.get<TChatHistory>(`${CHAT}/messages`, client.token);
    expect(builtIn.body.data.conversation).toMatchObject({
      service: BUILTIN_CHAT_SERVICE,
      script_url: null,
    });
    expect(await policyOf('/trade')).toBe(CONTENT_SECURITY_POLICY);
  });
});
