/**
 * Decision 062 over HTTP: a claim's amount and a partial approval's go on the wire as rupee
 * text (`amount`), read to the paisa and paid as such; the old `amount_paise` is still read for
 * one release (compensation.test.ts sends it unchanged); both sent disagreeing is a 400 that
 * files nothing.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { FM, type TClaimDetail } from '@sampada/shared';
import {
  buildTestApp,
  signInStaff,
  type SignedInStaff,
  sqlRows,
  type TestApp,
} from '../../test/helpers.ts';
import { balancesOf, openDeposits } from '../funds/test-fixtures.ts';
import { applyClaim, claimant, decide } from './test-fixtures.ts';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

let t: TestApp;
let ops1: SignedInStaff;
let ops2: SignedInStaff;
beforeAll(async () => {
  t = await buildTestApp();
  await openDeposits(t);
  ops1 = await signInStaff(t, 'operations');
  ops2 = await signInStaff(t, 'operations');
});
afterAll(async () => t?.close());

const claimsOf = async (clientId: string) =>
  (
    await sqlRows<{ n: number }>(
      t,
      `select count(*)::int as n from compensation_claims where client_id = '${clientId}'`,
    )
  )[0]!.n;
const about = {
  category: 'wrong_charge' as const,
  description: 'DP charge applied twice on one sell.',
};

describe('a claim’s amount in rupees on the wire', () => {
  it('files the rupees typed, approves part in rupees and pays it to the paisa', async () => {
    const c = await claimant(t);
    const filed = await applyClaim(t, c, { ...about, amount: '4000.29' });
    expect(filed.status).toBe(200);
    const claim: TClaimDetail = filed.body.data;
    expect(claim.amount_claimed_paise).toBe(400_029);
    const part = await decide(t, ops1, claim.id, 'approve', {
      amount: '1500.07',
      reason: 'Only the second charge was wrong.',
    });
    expect([part.status, part.body.data.status]).toEqual([200, 'partly_approved']);
    expect(part.body.data.amount_approved_paise).toBe(150_007);
    expect((await decide(t, ops2, claim.id, 'pay')).status).toBe(200);
    expect((await balancesOf(t, c.id)).cash_available).toBe(150_007n);
  });

  it('refuses bad rupee text and a disagreeing old field, and files nothing', async () => {
    const c = await claimant(t);
    const bad = await applyClaim(t, c, { ...about, amount: '25.5.0' });
    expect([bad.status, bad.body.message]).toEqual([400, FM.amountNotNumber]);
    const both = await applyClaim(t, c, { ...about, amount: '2500', amount_paise: 2500 });
    expect([both.status, both.body.message]).toEqual([
      400,
      'Send the amount once: `amount` is ₹2,500.00 but the deprecated `amount_paise` is ₹25.00.',
    ]);
    expect(await claimsOf(c.id)).toBe(0);
  });
});
