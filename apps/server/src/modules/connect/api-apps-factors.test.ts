/**
 * Creating an API app and rotating its secret owe the client's second factor, over real HTTP:
 * with 2FA on a TOTP or a recovery code (the PIN alone refused, a used code refused, wrong
 * codes counted toward the sign-in lockout), without it the PIN, and a client the firm requires
 * to enrol is refused until they do.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  ApiMessage,
  ConnectMessage,
  md5,
  PIN_REQUIRED,
  type TApiAppWithSecret,
  TwoFactorMessage as TM,
} from '@sampada/shared';
import { buildTestApp, totpAt, type TestApp } from '../../test/helpers.ts';
import { system } from '../funds/test-fixtures.ts';
import { trader } from '../trading/test-fixtures.ts';
import { clientWithTotp } from './test-fixtures.ts';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

let t: TestApp;
beforeAll(async () => {
  // Each scenario comes from its own address (X-Forwarded-For), as the lockout is per source.
  t = await buildTestApp({ env: { TRUST_PROXY: 'true' } });
});
afterAll(async () => t?.close());

const BASE = '/client/app/v1/api-apps';
const settings = {
  name: 'Alerts bridge',
  redirect_url: 'https://bridge.example/callback',
  allowed_ips: ['203.0.113.7'],
};
let nextSource = 1;

/** Posts as the client from one source address. */
function from(token: string) {
  const source = { 'x-forwarded-for': `198.51.100.${nextSource++}` };
  return {
    source,
    post: <T = unknown>(path: string, body: object) => t.api.post<T>(path, body, token, source),
  };
}

describe('the second factor of creating and rotating an API app', () => {
  it('2FA on: the code is owed (the PIN alone refused), each code works once, recovery codes too', async () => {
    const { client, secret } = await clientWithTotp(t);
    const as = from(client.token);
    const pinOnly = await as.post(BASE, { ...settings, pin: client.pin });
    expect(pinOnly.status).toBe(400);
    expect(pinOnly.body.message).toBe(TM.codeRequired);

    const code = totpAt(t, secret);
    const created = await as.post<TApiAppWithSecret>(BASE, { ...settings, totp_code: code });
    expect(created.status).toBe(200);
    const app = created.body.data;
    expect(app.api_secret).toMatch(/^[a-z0-9]{32}$/);

    const rotate = (body: object) =>
      as.post<TApiAppWithSecret>(`${BASE}/${app.id}/rotate-secret`, body);
    // The same code again is a replay, and the PIN does not stand in for the code.
    expect((await rotate({ totp_code: code })).body.message).toBe(TM.badCode);
    expect((await rotate({ pin: client.pin })).body.message).toBe(TM.codeRequired);
    t.clock.advance(30_000);
    const rotated = await rotate({ totp_code: totpAt(t, secret), pin: client.pin });
    expect(rotated.status).toBe(200);
    expect(rotated.body.data.api_secret).not.toBe(app.api_secret);

    // A recovery code stands in for the phone, once.
    t.clock.advance(30_000);
    const fresh = await t.api.post<{ recovery_codes: string[] }>(
      '/client/app/v1/totp/recovery_codes',
      { code: totpAt(t, secret) },
      client.token,
    );
    expect(fresh.status).toBe(200);
    const recovery = fresh.body.data.recovery_codes[0]!;
    expect((await rotate({ totp_code: recovery })).status).toBe(200);
    expect((await rotate({ totp_code: recovery })).body.message).toBe(TM.badCode);
  });

  it('wrong codes count toward the sign-in lockout: after five, neither a good code nor sign-in is tried', async () => {
    const { client, secret } = await clientWithTotp(t);
    const as = from(client.token);
    const good = totpAt(t, secret);
    const wrong = good === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const refused = await as.post(BASE, { ...settings, totp_code: wrong });
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe(TM.badCode);
    }
    const locked = await as.post(BASE, { ...settings, totp_code: good });
    expect(locked.status).toBe(429);
    expect(locked.body.message).toBe(ApiMessage.tooManySignIns);
    const signIn = await t.api.post(
      '/auth/app/v1/login',
      { username: client.mobile, password: md5(client.password) },
      undefined,
      as.source,
    );
    expect(signIn.status).toBe(429);
    expect((await t.api.get<unknown[]>(BASE, client.token)).body.data).toEqual([]);
  });

  it('without 2FA the PIN as before; when the firm requires 2FA, a client not enrolled is refused', async () => {
    const client = await trader(t, 0);
    const as = from(client.token);
    expect((await as.post(BASE, settings)).body.message).toBe(PIN_REQUIRED);
    expect((await as.post(BASE, { ...settings, pin: md5('000000') })).status).toBe(400);
    const created = await as.post<TApiAppWithSecret>(BASE, { ...settings, pin: client.pin });
    expect(created.status).toBe(200);
    const rotatePath = `${BASE}/${created.body.data.id}/rotate-secret`;
    expect((await as.post(rotatePath, { pin: client.pin })).status).toBe(200);

    await t.ctx.settings.update('client_2fa_required', true, system);
    try {
      for (const refused of [
        await as.post(BASE, { ...settings, pin: client.pin }),
        await as.post(rotatePath, { pin: client.pin, totp_code: '123456' }),
      ]) {
        expect(refused.status).toBe(400);
        expect(refused.body.message).toBe(ConnectMessage.enrolFirst);
      }
    } finally {
      await t.ctx.settings.update('client_2fa_required', false, system);
    }
    expect((await t.api.get<unknown[]>(BASE, client.token)).body.data).toHaveLength(1);
  });
});
