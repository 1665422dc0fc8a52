/**
 * Races over real HTTP. On PostgreSQL (DATABASE_URL set) the requests truly run side by side
 * on separate connections; on PGlite they interleave between statements. Either way the
 * money must come out exactly right.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FM, type TConsoleDeposit, type TDepositView, type TWithdrawalView } from '@sampada/shared';
import {
  buildTestApp,
  signInStaff,
  type SignedInStaff,
  sqlRows,
  type TestApp,
} from '../../test/helpers.ts';
import {
  addCard,
  balancesOf,
  fund,
  keyed,
  moneyClient,
  newKey,
  nextUtr,
  openDeposits,
} from './test-fixtures.ts';

let t: TestApp;
let ops: SignedInStaff;
let ops2: SignedInStaff;
beforeAll(async () => {
  t = await buildTestApp();
  await openDeposits(t);
  ops = await signInStaff(t, 'operations');
  ops2 = await signInStaff(t, 'operations');
});
afterAll(async () => t.close());

describe('concurrent money movement', () => {
  it('50 withdrawals at once against ₹20,000: exactly as many succeed as the balance allows', async () => {
    const c = await moneyClient(t);
    await fund(t, c, 20000);
    const card = await addCard(t, c);
    const replies = await Promise.all(
      Array.from({ length: 50 }, () =>
        t.api.post<TWithdrawalView>(
          '/funds/app/v1/withdrawals',
          { amount: 700, bank_card_id: card.id, pin: c.pin },
          c.token,
          keyed(),
        ),
      ),
    );
    const allowed = Math.floor(20000 / 700); // 28
    expect(replies.filter((r) => r.status === 200)).toHaveLength(allowed);
    const refused = replies.filter((r) => r.status !== 200);
    expect(refused).toHaveLength(50 - allowed);
    expect(new Set(refused.map((r) => `${r.status} ${r.body.message}`))).toEqual(
      new Set([`400 ${FM.beyondBalance}`]),
    );
    expect(await balancesOf(t, c.id)).toMatchObject({
      cash_available: 2_000_000n - BigInt(allowed) * 70_000n,
      cash_on_hold: BigInt(allowed) * 70_000n,
    });
    const check = await t.ctx.ledger.check();
    expect(check.discrepancies).toEqual([]);
    expect(check.ok).toBe(true);
  });

  it('the same deposit confirmed twice at once credits once', async () => {
    const c = await moneyClient(t);
    const deposit = (
      await t.api.post<TDepositView>(
        '/funds/app/v1/deposits',
        { amount: 20000, method: 'NEFT', utr: nextUtr() },
        c.token,
        keyed(),
      )
    ).body.data;
    const replies = await Promise.all(
      [ops, ops2, ops, ops2].map((staff) =>
        t.api.post<TConsoleDeposit>(
          `/console/api/v1/funds/deposits/${deposit.id}/confirm`,
          {},
          staff.token,
          keyed(),
        ),
      ),
    );
    expect(replies.map((r) => r.status).sort()).toEqual([200, 409, 409, 409]);
    expect((await balancesOf(t, c.id)).cash_available).toBe(2_000_000n);
    const postings = await sqlRows(
      t,
      `select id from ledger_postings where reference = 'deposit:${deposit.id}'`,
    );
    expect(postings).toHaveLength(1);
    expect((await t.ctx.ledger.check()).ok).toBe(true);
  });

  it('one UTR submitted by two clients and confirmed at once is credited once', async () => {
    const [a, b] = [await moneyClient(t), await moneyClient(t)];
    const utr = nextUtr();
    const ids = await Promise.all(
      [a, b].map(
        async (c) =>
          (
            await t.api.post<TDepositView>(
              '/funds/app/v1/deposits',
              { amount: 20000, method: 'NEFT', utr },
              c.token,
              keyed(),
            )
          ).body.data.id,
      ),
    );
    const replies = await Promise.all(
      ids.map((id, i) =>
        t.api.post(
          `/console/api/v1/funds/deposits/${id}/confirm`,
          {},
          [ops, ops2][i]!.token,
          keyed(),
        ),
      ),
    );
    expect(replies.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(replies.find((r) => r.status === 409)!.body.message).toBe(FM.utrAlreadyCredited);
    const credited =
      (await balancesOf(t, a.id)).cash_available + (await balancesOf(t, b.id)).cash_available;
    expect(credited).toBe(2_000_000n);
  });

  it('one Idempotency-Key sent 20 times at once: one posting, twenty identical answers', async () => {
    const c = await moneyClient(t);
    await fund(t, c, 20000);
    const card = await addCard(t, c);
    const key = newKey();
    const replies = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.api.post<TWithdrawalView>(
          '/funds/app/v1/withdrawals',
          { amount: 1000, bank_card_id: card.id, pin: c.pin },
          c.token,
          keyed(key),
        ),
      ),
    );
    expect(replies.every((r) => r.status === 200)).toBe(true);
    for (const reply of replies) expect(reply.body).toEqual(replies[0]!.body);
    const holds = await sqlRows(
      t,
      `select id from ledger_postings where client_id = '${c.id}' and kind = 'withdrawal_hold'`,
    );
    expect(holds).toHaveLength(1);
    expect(await balancesOf(t, c.id)).toMatchObject({
      cash_available: 1_900_000n,
      cash_on_hold: 100_000n,
    });
    expect((await t.ctx.ledger.check()).ok).toBe(true);
  });

  it('one key on a console confirmation sent 10 times at once: one credit, identical answers', async () => {
    const c = await moneyClient(t);
    const deposit = (
      await t.api.post<TDepositView>(
        '/funds/app/v1/deposits',
        { amount: 20000, method: 'NEFT', utr: nextUtr() },
        c.token,
        keyed(),
      )
    ).body.data;
    const key = newKey();
    const replies = await Promise.all(
      Array.from({ length: 10 }, () =>
        t.api.post(
          `/console/api/v1/funds/deposits/${deposit.id}/confirm`,
          {},
          ops.token,
          keyed(key),
        ),
      ),
    );
    expect(replies.every((r) => r.status === 200)).toBe(true);
    for (const reply of replies) expect(reply.body).toEqual(replies[0]!.body);
    expect((await balancesOf(t, c.id)).cash_available).toBe(2_000_000n);
  });
});
