/**
 * Officers deciding at once, on real PostgreSQL over HTTP: a burst the size of the pool (10)
 * and twice it, of approvals, second approvals and disbursals of one loan, and of disbursals
 * of ten different loans, answers 200 or 409 only — never 503. Each decision reads everything
 * it shows inside its own transaction, so no request waits on a second pool connection while
 * holding one (the lock holder asking the pool behind nine lock waiters was the 503).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, signInStaff, type SignedInStaff, type TestApp } from '../../test/helpers.ts';
import { openDeposits } from '../funds/test-fixtures.ts';
import { applied, borrower, decide, PERSONAL_ID } from './test-fixtures.ts';

vi.setConfig({ testTimeout: 240_000, hookTimeout: 240_000 });

const POOL = 10;
let t: TestApp;
let officers: SignedInStaff[];
beforeAll(async () => {
  t = await buildTestApp();
  await openDeposits(t);
  officers = [];
  for (let i = 0; i < 2 * POOL; i++) officers.push(await signInStaff(t, 'operations'));
});
afterAll(async () => t?.close());

const ledgerOk = async () => expect((await t.ctx.ledger.check()).discrepancies).toEqual([]);
const statuses = (replies: { status: number }[]) => replies.map((r) => r.status).sort();
/** A loan above the maker-checker threshold: it needs two officers. */
const large = async () =>
  applied(t, await borrower(t, { rupees: 0 }), {
    product_id: PERSONAL_ID,
    amount_paise: 30_000_000,
    tenure_months: 12,
  });

describe.each([POOL, 2 * POOL])('a burst of %i officers', (n) => {
  it('approving one two-officer loan at once: one first, one second approval, the rest 409', async () => {
    const loan = await large();
    expect(loan.approvals_required).toBe(2);
    const replies = await Promise.all(
      officers.slice(0, n).map((o) => decide(t, o, loan.id, 'approve')),
    );
    expect(statuses(replies)).toEqual([200, 200, ...Array(n - 2).fill(409)]);
  });

  it('giving the second approval at once: one 200, the rest 409', async () => {
    const loan = await large();
    expect((await decide(t, officers[0]!, loan.id, 'approve')).status).toBe(200);
    const replies = await Promise.all(
      officers.slice(1, n + 1).map((o) => decide(t, o, loan.id, 'approve')),
    );
    expect(statuses(replies)).toEqual([200, ...Array(replies.length - 1).fill(409)]);
  });

  it('disbursing one approved loan at once: one 200 and one posting, the rest 409', async () => {
    const loan = await large();
    await decide(t, officers[0]!, loan.id, 'approve');
    await decide(t, officers[1]!, loan.id, 'approve');
    const replies = await Promise.all(
      officers.slice(0, n).map((o) => decide(t, o, loan.id, 'disburse')),
    );
    expect(statuses(replies)).toEqual([200, ...Array(n - 1).fill(409)]);
    await ledgerOk();
  });

  it('disbursing different approved loans at once: every one 200', async () => {
    const loans = [];
    for (let i = 0; i < n; i++) {
      const loan = await large();
      await decide(t, officers[0]!, loan.id, 'approve');
      await decide(t, officers[1]!, loan.id, 'approve');
      loans.push(loan);
    }
    const replies = await Promise.all(
      loans.map((loan, i) => decide(t, officers[i % officers.length]!, loan.id, 'disburse')),
    );
    expect(statuses(replies)).toEqual(Array(n).fill(200));
    await ledgerOk();
  });
});
