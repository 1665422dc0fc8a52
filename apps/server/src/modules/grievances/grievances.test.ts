import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  GRIEVANCE_MSG,
  type TConsoleGrievance,
  type TInvestorCharter,
  type TGrievance,
} from '@sampada/shared';
import { MINUTE } from '../../platform/clock.ts';
import { istDateOf } from '../../platform/ist.ts';
import { buildTestApp, signInStaff, signUpClient, type TestApp } from '../../test/helpers.ts';
import { claimant, claimed } from '../compensation/test-fixtures.ts';
import { dateAfter } from './rules.ts';

const URL = '/client/app/v1/grievances';
const complaint = {
  category: 'contract_note',
  subject: 'No contract note for my trade',
  description: 'I bought 10 INFY on Monday and got no contract note.',
};

describe('investor charter and grievances', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp({ env: { ACCESS_TOKEN_TTL: '86400' } });
  });
  afterAll(async () => t.close());

  it('shows the charter with its escalation matrix to anyone', async () => {
    const reply = await t.api.get<TInvestorCharter>('/client/app/v1/investor-charter');
    expect(reply.status).toBe(200);
    expect(reply.body.data.escalation.map((e) => e.who)).toEqual([
      'Customer support',
      'Compliance officer',
      'SEBI SCORES',
      'SMART ODR (online dispute resolution)',
    ]);
  });

  it('files a complaint due 21 days on, shows it to its client only, refuses an empty one', async () => {
    const client = await signUpClient(t);
    const filed = await t.api.post<TGrievance>(URL, complaint, client.token);
    expect(filed.status).toBe(200);
    expect(filed.body.message).toBe(GRIEVANCE_MSG.filed);
    expect(filed.body.data).toMatchObject({
      kind: 'complaint',
      status: 'open',
      overdue: false,
      due_date: dateAfter(istDateOf(t.clock.now()), 21),
    });
    expect(filed.body.data.reference).toMatch(/^GRV-\d{6}$/);
    const mine = await t.api.get<TGrievance[]>(URL, client.token);
    expect(mine.body.data.map((g) => g.id)).toEqual([filed.body.data.id]);
    const stranger = await signUpClient(t);
    expect((await t.api.get<TGrievance[]>(URL, stranger.token)).body.data).toEqual([]);
    const empty = await t.api.post(URL, { ...complaint, subject: ' ' }, client.token);
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe(GRIEVANCE_MSG.subjectRequired);
  });

  it("lists the client's compensation claims beside their complaints, and only theirs", async () => {
    const client = await claimant(t);
    const claim = await claimed(t, client);
    const filed = (await t.api.post<TGrievance>(URL, complaint, client.token)).body.data;
    const mine = (await t.api.get<TGrievance[]>(URL, client.token)).body.data;
    expect(mine.map((g) => [g.kind, g.reference]).sort()).toEqual(
      [
        ['compensation_claim', claim.reference],
        ['complaint', filed.reference],
      ].sort(),
    );
    expect(mine.find((g) => g.kind === 'compensation_claim')).toMatchObject({
      id: claim.id,
      status: claim.status,
    });
    const stranger = await claimant(t);
    expect((await t.api.get<TGrievance[]>(URL, stranger.token)).body.data).toEqual([]);
  });

  it('flags an open complaint overdue in the console after 21 days, and resolves it once', async () => {
    const client = await signUpClient(t);
    const filed = (await t.api.post<TGrievance>(URL, complaint, client.token)).body.data;
    t.clock.advance(22 * 24 * 60 * MINUTE);
    const ops = await signInStaff(t, 'support');
    const queue = await t.api.get<TConsoleGrievance[]>(
      '/console/api/v1/grievances?status=open',
      ops.token,
    );
    expect(queue.status).toBe(200);
    const row = queue.body.data.find((g) => g.id === filed.id)!;
    expect(row).toMatchObject({
      overdue: true,
      status: 'open',
      client_id: client.id,
      client_uid: (await t.ctx.clients.refsOf([client.id])).get(client.id)!.uid,
      subject: complaint.subject,
      description: complaint.description,
    });
    expect(queue.body.data[0]!.overdue).toBe(true);

    const resolved = await t.api.post<TGrievance>(
      `/console/api/v1/grievances/${filed.id}/resolve`,
      { resolution: 'The note was re-sent to your verified address.' },
      ops.token,
    );
    expect(resolved.status).toBe(200);
    expect(resolved.body.data).toMatchObject({ status: 'resolved', overdue: false });
    const again = await t.api.post(
      `/console/api/v1/grievances/${filed.id}/resolve`,
      { resolution: 'Twice.' },
      ops.token,
    );
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(GRIEVANCE_MSG.alreadyResolved);
    const advisor = await signInStaff(t, 'advisor');
    expect((await t.api.get('/console/api/v1/grievances', advisor.token)).status).toBe(403);
  });
});
