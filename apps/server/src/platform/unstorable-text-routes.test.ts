/**
 * Text PostgreSQL cannot store, over real HTTP (issue 32): a lone surrogate or U+FFFE answered
 * 500 on staff routes whose audit row (a jsonb column) could not hold it, and was accepted in
 * KYC names. Both now answer 400 before any handler runs, and nothing is written.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientOfAdvisor, clientWithKyc } from '../test/console-fixtures.ts';
import {
  buildTestApp,
  ensureAdvisor,
  signInStaff,
  sqlRows,
  type TestApp,
} from '../test/helpers.ts';
import { formWith, pngImage } from '../test/images.ts';
import { UNSTORABLE_TEXT_MESSAGE } from './storable-text.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

const UNSTORABLE = { 'a lone surrogate': 'Blurred \ud800 photo', 'U+FFFE': 'Blurred \ufffe photo' };

describe('text PostgreSQL cannot store is a 400, not a 500', () => {
  it('on a staff route that writes the audit log (a KYC rejection reason): nothing is written', async () => {
    const advisor = await ensureAdvisor(t);
    const client = await clientWithKyc(t, advisor.id);
    const admin = await signInStaff(t, 'admin');
    const path = `/console/api/v1/kyc/${client.id}/reject`;
    for (const [what, reason] of Object.entries(UNSTORABLE)) {
      const reply = await t.api.post(path, { reason }, admin.token);
      expect(reply.status, what).toBe(400);
      expect(reply.body.message, what).toBe(UNSTORABLE_TEXT_MESSAGE);
    }
    const audit = `select action from audit_log where subject_id = '${client.id}' and action like 'kyc.%'`;
    const before = await sqlRows(t, audit);
    const [row] = await sqlRows<{ kyc_status: string }>(
      t,
      `select kyc_status from clients where id = '${client.id}'`,
    );
    expect(row!.kyc_status).toBe('pending');
    // The same route with storable text: 200 and its audit row, so the route does write one.
    expect((await t.api.post(path, { reason: 'Blurred photo' }, admin.token)).status).toBe(200);
    expect((await sqlRows(t, audit)).length).toBe(before.length + 1);
  });

  it('in a KYC name: refused, and the client stays unverified', async () => {
    const advisor = await ensureAdvisor(t);
    const client = await clientOfAdvisor(t, advisor.id);
    const upload = async () =>
      (
        await t.api.upload<{ url: string }>(
          '/client/app/v1/image',
          formWith(await pngImage(), 'id.png', 'image/png'),
          client.token,
        )
      ).body.data.url;
    const form = {
      dob: '1990-02-28',
      id_no: 'ABCPI1234F',
      id_front_url: await upload(),
      id_back_url: await upload(),
    };
    for (const [what, text] of Object.entries(UNSTORABLE)) {
      const fullName = text.replace('Blurred', 'Ananya').replace(' photo', ' Iyer');
      const reply = await t.api.post(
        '/identify/app/v1',
        { ...form, full_name: fullName },
        client.token,
      );
      expect(reply.status, what).toBe(400);
      expect(reply.body.message, what).toBe(UNSTORABLE_TEXT_MESSAGE);
    }
    const status = () =>
      sqlRows<{ kyc_status: string }>(
        t,
        `select kyc_status from clients where id = '${client.id}'`,
      );
    expect((await status())[0]!.kyc_status).toBe('unverified');
    const good = await t.api.post(
      '/identify/app/v1',
      { ...form, full_name: 'Ananya Iyer' },
      client.token,
    );
    expect(good.status).toBe(200);
    expect((await status())[0]!.kyc_status).toBe('pending');
  });
});
