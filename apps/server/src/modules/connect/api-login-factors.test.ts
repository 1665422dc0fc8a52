/**
 * The API's sign-in page asks what the app's sign-in asks, followed over real HTTP: the
 * password counts toward the app's own lockout (per mobile and source, before the hash), and
 * the second step is the client's TOTP or a recovery code when 2FA is on — wrong codes
 * counted, a used code refused — the trading PIN only without 2FA, and a client the firm
 * requires to enrol is sent to the app first.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiMessage, ConnectMessage, md5, TwoFactorMessage as TM } from '@sampada/shared';
import { totpAt, type TestApp } from '../../test/helpers.ts';
import { type MoneyClient, PIN, system } from '../funds/test-fixtures.ts';
import { trader } from '../trading/test-fixtures.ts';
import {
  clientWithTotp,
  connectWorld,
  type ConnectWorld,
  createApiApp,
  type Receiver,
} from './test-fixtures.ts';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

let world: ConnectWorld;
let t: TestApp;
let receiver: Receiver;

beforeAll(async () => {
  // Each scenario signs in from its own address (X-Forwarded-For), as the lockout is per source.
  world = await connectWorld({ env: { TRUST_PROXY: 'true' } });
  ({ t, receiver } = world);
});
afterAll(async () => world?.close());

let nextSource = 1;
const post = (path: string, fields: Record<string, string>, from: string) =>
  fetch(`${t.baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': from },
    body: new URLSearchParams(fields).toString(),
  });
const loginTokenIn = (html: string) => /name="login_token" value="([^"]*)"/.exec(html)?.[1] ?? '';

/** A client (own app, own source address) and the two steps of its login. */
async function signer(client: MoneyClient, totpSecret?: string) {
  const app = await createApiApp(t, client, { redirect_url: receiver.url }, totpSecret);
  const from = `198.51.100.${nextSource++}`;
  const password = (typed = client.password) =>
    post('/connect/login', { api_key: app.api_key, mobile: client.mobile, password: typed }, from);
  const consent = (loginToken: string, secret: { pin?: string; code?: string }) =>
    post('/connect/login/consent', { login_token: loginToken, ...secret }, from);
  return { app, from, password, consent };
}

describe('the API sign-in with a second factor', () => {
  it('2FA on: the TOTP is asked (not the PIN), a used code is refused, wrong codes lock the source', async () => {
    const { client, secret } = await clientWithTotp(t);
    const s = await signer(client, secret);
    const first = await s.password();
    const html = await first.text();
    expect(first.status).toBe(200);
    expect(html).toContain('name="code"');
    expect(html).not.toContain('name="pin"');
    const token = loginTokenIn(html);
    // The PIN is not this client's second factor.
    const pinOnly = await s.consent(token, { pin: PIN });
    expect(pinOnly.status).toBe(400);
    expect(await pinOnly.text()).toContain(TM.codeRequired);

    const code = totpAt(t, secret);
    const allowed = await s.consent(token, { code });
    expect(allowed.url.startsWith(s.app.redirect_url)).toBe(true);
    expect(receiver.calls.at(-1)!.get('request_token')).toMatch(/^[a-z0-9]{32}$/i);

    // The same code again, on a new login: a replay, refused and counted.
    const again = loginTokenIn(await (await s.password()).text());
    const replay = await s.consent(again, { code });
    expect(replay.status).toBe(400);
    expect(await replay.text()).toContain(TM.badCode);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 4; i++) {
      const refused = await s.consent(again, { code: wrong });
      expect(await refused.text()).toContain(TM.badCode);
    }
    // Five failures from this source: the next code is not even tried, here or in the app.
    t.clock.advance(30_000);
    const locked = await s.consent(again, { code: totpAt(t, secret) });
    expect(locked.status).toBe(429);
    expect(await locked.text()).toContain(ApiMessage.tooManySignIns);
    const inApp = await t.api.post(
      '/auth/app/v1/login',
      { username: client.mobile, password: md5(client.password) },
      undefined,
      { 'x-forwarded-for': s.from },
    );
    expect(inApp.status).toBe(429);
    expect(inApp.body.message).toBe(ApiMessage.tooManySignIns);
  });

  it('without 2FA the PIN is asked; when the firm requires 2FA the client is sent to the app first', async () => {
    const client = await trader(t, 0);
    const s = await signer(client);
    const html = await (await s.password()).text();
    expect(html).toContain('name="pin"');
    expect(html).not.toContain('name="code"');
    await t.ctx.settings.update('client_2fa_required', true, system);
    try {
      const refused = await s.password();
      expect(refused.status).toBe(400);
      const text = await refused.text();
      expect(text).toContain(ConnectMessage.enrolFirst.split('.')[0]);
      expect(text).not.toContain('login_token');
      // A login begun before the firm's change cannot finish with the PIN either.
      const begun = await s.consent(loginTokenIn(html), { pin: PIN });
      expect(begun.status).toBe(400);
      expect(begun.url.startsWith(s.app.redirect_url)).toBe(false);
    } finally {
      await t.ctx.settings.update('client_2fa_required', false, system);
    }
    const pinned = await s.consent(loginTokenIn(await (await s.password()).text()), { pin: PIN });
    expect(pinned.url.startsWith(s.app.redirect_url)).toBe(true);
  });

  it('6 wrong passwords at once: at most 5 are checked, then the app’s own lockout answers', async () => {
    const client = await trader(t, 0);
    const s = await signer(client);
    const replies = await Promise.all(Array.from({ length: 6 }, () => s.password('not-it-123')));
    const texts = await Promise.all(replies.map((r) => r.text()));
    const checked = texts.filter((x) => x.includes(ApiMessage.badCredentials));
    const locked = replies.filter((r) => r.status === 429);
    expect(checked.length).toBeLessThanOrEqual(5);
    expect(checked.length + locked.length).toBe(6);
    expect(locked.length).toBeGreaterThanOrEqual(1);
    for (const r of locked) expect(texts[replies.indexOf(r)]).toContain(ApiMessage.tooManySignIns);
    // The right password is locked out too, here and in the app, from this source.
    const right = await s.password();
    expect(right.status).toBe(429);
    const inApp = await t.api.post(
      '/auth/app/v1/login',
      { username: client.mobile, password: md5(client.password) },
      undefined,
      { 'x-forwarded-for': s.from },
    );
    expect(inApp.body.message).toBe(ApiMessage.tooManySignIns);
  });
});
