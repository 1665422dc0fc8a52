/**
 * API apps over real HTTP and the operator CLI: created with the PIN (the secret shown once
 * and kept sealed), listed, the secret rotated, deleted; a client sees only their own.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ConnectMessage, md5, type TApiApp, type TApiAppWithSecret } from '@sampada/shared';
import { runCommand } from '../../cli/program.ts';
import { buildTestApp, signInStaff, sqlRows, type TestApp } from '../../test/helpers.ts';
import { moneyClient } from '../funds/test-fixtures.ts';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const BASE = '/client/app/v1/api-apps';
const settings = {
  name: 'Alerts bridge',
  redirect_url: 'https://bridge.example/callback',
  postback_url: 'https://bridge.example/postback',
  allowed_ips: ['203.0.113.7', '2001:db8::1'],
};

describe('API apps', () => {
  it('a client creates an app with the PIN; the secret is shown once and not stored as text', async () => {
    const c = await moneyClient(t);
    const wrong = await t.api.post(BASE, { ...settings, pin: md5('000000') }, c.token);
    expect(wrong.status).toBe(400);
    const created = await t.api.post<TApiAppWithSecret>(BASE, { ...settings, pin: c.pin }, c.token);
    expect(created.status).toBe(200);
    const app = created.body.data;
    expect(app).toMatchObject({ ...settings, disabled: false });
    expect(app.api_key).toMatch(/^[a-z0-9]{16}$/);
    expect(app.api_secret).toMatch(/^[a-z0-9]{32}$/);
    const rows = await sqlRows<{ secret_sealed: string }>(
      t,
      `select secret_sealed from connect_apps where id = '${app.id}'`,
    );
    expect(rows[0]!.secret_sealed).not.toContain(app.api_secret);
    const list = await t.api.get<TApiApp[]>(BASE, c.token);
    expect(list.body.data).toEqual([
      expect.not.objectContaining({ api_secret: expect.anything() }),
    ]);
  });

  it('refuses a bad address, a bad URL and a sixth IP', async () => {
    const c = await moneyClient(t);
    const bad = (patch: object) => t.api.post(BASE, { ...settings, ...patch, pin: c.pin }, c.token);
    expect((await bad({ allowed_ips: ['not-an-ip'] })).body.message).toBe(ConnectMessage.ipInvalid);
    expect((await bad({ redirect_url: 'ftp://x' })).body.message).toBe(ConnectMessage.urlInvalid);
    const six = ['1.1.1.1', '1.1.1.2', '1.1.1.3', '1.1.1.4', '1.1.1.5', '1.1.1.6'];
    expect((await bad({ allowed_ips: six })).body.message).toBe(ConnectMessage.ipsRequired);
  });

  it('rotates the secret and deletes the app; another client can do neither', async () => {
    const owner = await moneyClient(t);
    const other = await moneyClient(t);
    const app = (
      await t.api.post<TApiAppWithSecret>(BASE, { ...settings, pin: owner.pin }, owner.token)
    ).body.data;
    const stranger = await t.api.post(
      `${BASE}/${app.id}/rotate-secret`,
      { pin: other.pin },
      other.token,
    );
    expect(stranger.status).toBe(404);
    expect((await t.api.get<TApiApp[]>(BASE, other.token)).body.data).toEqual([]);
    const rotated = await t.api.post<TApiAppWithSecret>(
      `${BASE}/${app.id}/rotate-secret`,
      { pin: owner.pin },
      owner.token,
    );
    expect(rotated.body.data.api_key).toBe(app.api_key);
    expect(rotated.body.data.api_secret).not.toBe(app.api_secret);
    expect((await t.api.del(`${BASE}/${app.id}`, other.token)).status).toBe(404);
    expect((await t.api.del(`${BASE}/${app.id}`, owner.token)).status).toBe(200);
    expect((await t.api.get<TApiApp[]>(BASE, owner.token)).body.data).toEqual([]);
  });

  it('the operator CLI creates an app (key and secret on two lines) and lists them', async () => {
    const c = await moneyClient(t);
    const out: string[] = [];
    const io = { out: (l: string) => out.push(l), err: () => {} };
    const code = await runCommand(
      t.ctx,
      [
        'api-app',
        'create',
        '--mobile',
        c.mobile,
        '--name',
        'Sheet',
        '--redirect',
        'https://sheet.example/cb',
        '--ip',
        '198.51.100.4',
        '--ip',
        '198.51.100.5',
      ],
      io,
    );
    expect(code).toBe(0);
    expect(out).toHaveLength(2);
    expect(out[0]).toMatch(/^[a-z0-9]{16}$/);
    expect(out[1]).toMatch(/^[a-z0-9]{32}$/);
    const listed: string[] = [];
    await runCommand(t.ctx, ['api-app', 'list', '--mobile', c.mobile], {
      out: (l) => listed.push(l),
      err: () => {},
    });
    expect(listed).toEqual([
      `${out[0]}\tSheet\thttps://sheet.example/cb\t198.51.100.4 198.51.100.5\tenabled`,
    ]);
    const noIp = await runCommand(
      t.ctx,
      ['api-app', 'create', '--mobile', c.mobile, '--name', 'X', '--redirect', 'https://x.example'],
      io,
    );
    expect(noIp).not.toBe(0);
  });

  it('staff see a client’s apps; operations disable one (audited) and support may not', async () => {
    const c = await moneyClient(t);
    const app = (await t.api.post<TApiAppWithSecret>(BASE, { ...settings, pin: c.pin }, c.token))
      .body.data;
    const ops = await signInStaff(t, 'operations');
    const support = await signInStaff(t, 'support');
    const listed = await t.api.get<TApiApp[]>(
      `/console/api/v1/clients/${c.id}/api-apps`,
      support.token,
    );
    expect(listed.status).toBe(200);
    expect(listed.body.data.map((a) => a.api_key)).toEqual([app.api_key]);
    expect(JSON.stringify(listed.body.data)).not.toContain(app.api_secret);

    const path = `/console/api/v1/api-apps/${app.id}/disabled`;
    expect((await t.api.post(path, { disabled: true }, support.token)).status).toBe(403);
    expect((await t.api.post(path, { disabled: 'yes' }, ops.token)).status).toBe(400);
    const off = await t.api.post<TApiApp>(path, { disabled: true }, ops.token);
    expect(off.status).toBe(200);
    expect(off.body.data.disabled).toBe(true);
    expect((await t.api.get<TApiApp[]>(BASE, c.token)).body.data[0]!.disabled).toBe(true);
    const audit = await sqlRows<{ actor_type: string; actor_id: string }>(
      t,
      `select actor_type, actor_id from audit_log where action = 'api_app.disable' and subject_id = '${app.id}'`,
    );
    expect(audit).toEqual([{ actor_type: 'staff', actor_id: ops.id }]);
    const missing = await t.api.post(
      `/console/api/v1/api-apps/${crypto.randomUUID()}/disabled`,
      { disabled: true },
      ops.token,
    );
    expect(missing.status).toBe(404);
  });
});
