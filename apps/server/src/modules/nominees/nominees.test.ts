import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { md5, NOMINEE_MSG, type TNominee, type TNominees } from '@sampada/shared';
import {
  buildTestApp,
  signInStaff,
  signUpClient,
  type SignedUpClient,
  type TestApp,
} from '../../test/helpers.ts';

const URL = '/client/app/v1/nominees';
const PIN = md5('1357');

const adult = (name: string, share_pct: number): TNominee => ({
  name,
  relationship: 'spouse',
  dob: '1985-04-12',
  id_number: 'ABCDE1234F',
  address: '12 MG Road, Pune 411001',
  share_pct,
  guardian: null,
});

describe('nominees', () => {
  let t: TestApp;
  let client: SignedUpClient;

  beforeAll(async () => {
    t = await buildTestApp();
    client = await signUpClient(t);
    await t.ctx.clients.setPin(client.id, PIN);
  });
  afterAll(async () => t.close());

  it('starts with neither nominees nor an opt-out (Home reminds the client)', async () => {
    const reply = await t.api.get<TNominees>(URL, client.token);
    expect(reply.body.data).toEqual({
      status: 'none',
      nominees: [],
      updated_at: null,
      remind_on_home: true,
    });
  });

  it('refuses shares that do not add up to 100 with a 400 that says what they add up to', async () => {
    const reply = await t.api.put(
      URL,
      { pin: PIN, nominees: [adult('Asha', 60), adult('Ravi', 30)] },
      client.token,
    );
    expect(reply.status).toBe(400);
    expect(reply.body.message).toBe(NOMINEE_MSG.sumNot100('90.00'));
  });

  it('refuses more than ten nominees', async () => {
    const eleven = Array.from({ length: 11 }, (_, i) =>
      adult(`N${i}`, i === 0 ? 0.01 * 1001 : 8.99),
    );
    const reply = await t.api.put(URL, { pin: PIN, nominees: eleven }, client.token);
    expect(reply.status).toBe(400);
    expect(reply.body.message).toBe(NOMINEE_MSG.tooMany);
  });

  it('asks for a guardian for a minor', async () => {
    const minor = { ...adult('Anu', 50), relationship: 'daughter', dob: '2016-02-01' };
    const reply = await t.api.put(
      URL,
      { pin: PIN, nominees: [adult('Asha', 50), minor] },
      client.token,
    );
    expect(reply.status).toBe(400);
    expect(reply.body.message).toBe(NOMINEE_MSG.guardianNeeded('Anu'));
  });

  it('refuses a change with a wrong PIN', async () => {
    const reply = await t.api.put(
      URL,
      { pin: md5('0000'), nominees: [adult('Asha', 100)] },
      client.token,
    );
    expect(reply.status).toBe(400);
    expect((await t.api.get<TNominees>(URL, client.token)).body.data.status).toBe('none');
  });

  it('saves three nominees with shares of 33.33, 33.33 and 33.34 and a minor’s guardian', async () => {
    const minor = {
      ...adult('Anu', 33.34),
      relationship: 'daughter',
      dob: '2016-02-01',
      guardian: { name: 'Asha', relationship: 'mother' },
    };
    const reply = await t.api.put<TNominees>(
      URL,
      { pin: PIN, nominees: [adult('Asha', 33.33), adult('Ravi', 33.33), minor] },
      client.token,
    );
    expect(reply.status).toBe(200);
    expect(reply.body.data.status).toBe('nominated');
    expect((await t.api.get<TNominees>(URL, client.token)).body.data.remind_on_home).toBe(false);
    expect(reply.body.data.nominees.map((n) => n.share_pct)).toEqual([33.33, 33.33, 33.34]);
    expect(reply.body.data.nominees[0]!.id_number).toBe('XXXXXX234F');
    expect(reply.body.data.nominees[2]!.guardian).toEqual({ name: 'Asha', relationship: 'mother' });
  });

  it('confirms a change by e-mail to the verified address', async () => {
    const other = await signUpClient(t);
    await t.ctx.clients.setPin(other.id, PIN);
    await t.ctx.db.execute(
      `insert into client_emails (client_id, address, verified_at) values ('${other.id}', 'k@client.test', now())`,
    );
    const reply = await t.api.post<TNominees>(
      `${URL}/opt-out`,
      { pin: PIN, declaration: true },
      other.token,
    );
    expect(reply.status).toBe(200);
    expect(reply.body.data).toMatchObject({
      status: 'opted_out',
      nominees: [],
      remind_on_home: false,
    });
    expect((await t.api.get<TNominees>(URL, other.token)).body.data.remind_on_home).toBe(false);
    const sent = await t.ctx.mail.sentTo(other.id, 'nominees.changed');
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ to: 'k@client.test', subject: 'You opted out of nomination' });
  });

  it('needs the declaration to opt out', async () => {
    const reply = await t.api.post(
      `${URL}/opt-out`,
      { pin: PIN, declaration: false },
      client.token,
    );
    expect(reply.status).toBe(400);
    expect(reply.body.message).toBe(NOMINEE_MSG.declarationNeeded);
  });

  it('shows the nominees read-only in the console, and only to staff who see the client', async () => {
    const ops = await signInStaff(t, 'operations');
    const reply = await t.api.get<TNominees>(
      `/console/api/v1/clients/${client.id}/nominees`,
      ops.token,
    );
    expect(reply.status).toBe(200);
    expect(reply.body.data.nominees.map((n) => n.name)).toEqual(['Asha', 'Ravi', 'Anu']);
    const otherAdvisor = await signInStaff(t, 'advisor');
    const refused = await t.api.get(
      `/console/api/v1/clients/${client.id}/nominees`,
      otherAdvisor.token,
    );
    expect(refused.status).toBe(403);
  });
});
