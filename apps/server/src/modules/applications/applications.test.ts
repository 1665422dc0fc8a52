/**
 * The applications page's API: every application of the client — KYC, deposits, withdrawals,
 * compensation claims, bonus claims — newest first, filtered by kind and status, each with
 * its timeline; nobody else's; bad filters 400.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TApplicationList } from '@sampada/shared';
import { buildTestApp, type TestApp } from '../../test/helpers.ts';
import { claimant, claimed } from '../compensation/test-fixtures.ts';
import { fund, openDeposits } from '../funds/test-fixtures.ts';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await openDeposits(t);
});
afterAll(async () => t?.close());

const list = (token: string, query = '') =>
  t.api.get<TApplicationList>(`/client/app/v1/applications${query}`, token);

describe('applications', () => {
  it('gathers every kind, newest first, with timelines and filters', async () => {
    const c = await claimant(t);
    t.clock.advance(60_000);
    await fund(t, c, 25_000);
    t.clock.advance(60_000);
    const claim = await claimed(t, c);
    const all = await list(c.token);
    expect(all.status).toBe(200);
    const kinds = all.body.data.items.map((a) => a.kind);
    expect(kinds).toEqual(['compensation', 'deposit', 'kyc']);
    const created = all.body.data.items.map((a) => a.created_at);
    expect([...created].sort().reverse()).toEqual(created);
    const kyc = all.body.data.items.find((a) => a.kind === 'kyc')!;
    expect(kyc.status).toBe('approved');
    expect(kyc.timeline.map((s) => s.label)).toEqual(['Submitted', 'Approved']);
    const deposit = all.body.data.items.find((a) => a.kind === 'deposit')!;
    expect(deposit.timeline.map((s) => s.label)).toEqual(['Requested', 'Confirmed']);

    const open = await list(c.token, '?status=open');
    expect(open.body.data.items.map((a) => a.id)).toEqual([claim.id]);
    const closed = await list(c.token, '?status=closed');
    expect(closed.body.data.items.map((a) => a.kind)).toEqual(['deposit', 'kyc']);
    const onlyKyc = await list(c.token, '?kind=kyc');
    expect(onlyKyc.body.data.items).toHaveLength(1);
    const byStatus = await list(c.token, '?status=submitted');
    expect(byStatus.body.data.items.map((a) => a.reference)).toEqual([claim.reference]);

    const stranger = await claimant(t);
    const theirs = await list(stranger.token);
    expect(theirs.body.data.items.map((a) => a.kind)).toEqual(['kyc']);
  });

  it('a bad kind or status is a 400; no token is a 401', async () => {
    const c = await claimant(t);
    expect((await list(c.token, '?kind=mortgage')).status).toBe(400);
    expect((await list(c.token, '?status=DROP%20TABLE')).status).toBe(400);
    expect((await t.api.get('/client/app/v1/applications')).status).toBe(401);
  });
});
