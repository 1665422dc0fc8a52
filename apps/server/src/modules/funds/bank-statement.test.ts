/**
 * Matching a bank statement over real HTTP on PostgreSQL: each line confirms the one pending
 * deposit with its UTR and amount, credited once, audited, all or nothing; the rest is said.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FM,
  FUNDS_DONE,
  STATEMENT_LINES_MAX,
  STATEMENT_MISMATCHES,
  type TBankStatementResult,
  type TConsoleDeposit,
  type TDepositView,
} from '@sampada/shared';
import { buildTestApp, signInStaff, type SignedInStaff, type TestApp } from '../../test/helpers.ts';
import { matchStatement } from './bank-statement.ts';
import {
  balancesOf,
  keyed,
  moneyClient,
  type MoneyClient,
  newKey,
  requestDeposit,
  openDeposits,
} from './test-fixtures.ts';

describe('matchStatement (the rule on its own)', () => {
  const pending = (id: string, utr: string, amount: bigint) => ({
    id,
    utr,
    amount,
    status: 'pending',
  });
  it('confirms the one pending deposit with the UTR and exactly the amount', () => {
    const result = matchStatement(
      [
        { utr: 'A1', amountPaise: 100n },
        { utr: 'B2', amountPaise: 200n },
      ],
      [pending('d1', 'A1', 100n), pending('d2', 'B2', 200n)],
    );
    expect(result.matched).toEqual([
      { line: 1, depositId: 'd1' },
      { line: 2, depositId: 'd2' },
    ]);
    expect(result.unmatched).toEqual([]);
  });

  it('leaves every uncertain line to a person, saying why', () => {
    const result = matchStatement(
      [
        { utr: 'NONE', amountPaise: 100n },
        { utr: 'DIFF', amountPaise: 100n },
        { utr: 'DONE', amountPaise: 100n },
        { utr: 'TWO', amountPaise: 100n },
        { utr: 'OK', amountPaise: 100n },
        { utr: 'OK', amountPaise: 100n },
      ],
      [
        pending('d1', 'DIFF', 99n),
        { id: 'd2', utr: 'DONE', amount: 100n, status: 'confirmed' },
        pending('d3', 'TWO', 100n),
        pending('d4', 'TWO', 100n),
        pending('d5', 'OK', 100n),
      ],
    );
    expect(result.matched).toEqual([{ line: 5, depositId: 'd5' }]);
    expect(result.unmatched.map((u) => [u.line, u.reason])).toEqual([
      [1, 'no_pending_deposit'],
      [2, 'amount_differs'],
      [3, 'already_confirmed'],
      [4, 'ambiguous'],
      [6, 'repeated_line'],
    ]);
  });

  it('picks the pending deposit whose amount matches when another client claims the UTR for another amount', () => {
    const result = matchStatement(
      [{ utr: 'SHARED', amountPaise: 500n }],
      [pending('d1', 'SHARED', 400n), pending('d2', 'SHARED', 500n)],
    );
    expect(result.matched).toEqual([{ line: 1, depositId: 'd2' }]);
  });
});

let t: TestApp;
let ops: SignedInStaff;
let alice: MoneyClient;
let bob: MoneyClient;
beforeAll(async () => {
  t = await buildTestApp();
  ops = await signInStaff(t, 'operations');
  [alice, bob] = [await moneyClient(t), await moneyClient(t)];
  await openDeposits(t);
});
afterAll(async () => t.close());

const sendStatement = (
  lines: { utr: string; amount_paise: number }[],
  key = newKey(),
  token = ops.token,
) =>
  t.api.post<TBankStatementResult>(
    '/console/api/v1/funds/deposits/statement',
    { lines },
    token,
    keyed(key),
  );
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

describe('POST /console/api/v1/funds/deposits/statement', () => {
  it('confirms and credits each matched deposit once, with its posting and audit row, and says why the others matched nothing', async () => {
    const a = await requestDeposit(t, alice, 25_000);
    const b = await requestDeposit(t, bob, 30_000.5);
    const differs = await requestDeposit(t, bob, 40_000);
    const [aliceBefore, bobBefore] = [await balancesOf(t, alice.id), await balancesOf(t, bob.id)];
    const clearingBefore = (await t.ctx.ledger.firmBalances()).bank_clearing;

    const reply = await sendStatement([
      { utr: a.utr.toLowerCase(), amount_paise: 2_500_000 },
      { utr: 'NOSUCHUTR00001', amount_paise: 100_000 },
      { utr: differs.utr, amount_paise: 3_999_900 },
      { utr: b.utr, amount_paise: 3_000_050 },
    ]);
    expect(reply.status).toBe(200);
    expect(reply.body.message).toBe(FUNDS_DONE.statementMatched);
    const result = reply.body.data;
    expect(result.confirmed.map((d) => [d.id, d.status, d.client.id])).toEqual([
      [a.id, 'confirmed', alice.id],
      [b.id, 'confirmed', bob.id],
    ]);
    expect(result.confirmed.every((d) => d.posting_id && d.decided_by === ops.email)).toBe(true);
    expect(result.confirmed_total_paise).toBe(5_500_050);
    expect(result.unmatched).toEqual([
      {
        line: 2,
        utr: 'NOSUCHUTR00001',
        amount_paise: 100_000,
        reason: 'no_pending_deposit',
        message: STATEMENT_MISMATCHES.no_pending_deposit,
      },
      {
        line: 3,
        utr: differs.utr,
        amount_paise: 3_999_900,
        reason: 'amount_differs',
        message: STATEMENT_MISMATCHES.amount_differs,
      },
    ]);

    expect((await balancesOf(t, alice.id)).cash_available).toBe(
      aliceBefore.cash_available + 2_500_000n,
    );
    expect((await balancesOf(t, bob.id)).cash_available).toBe(
      bobBefore.cash_available + 3_000_050n,
    );
    expect((await t.ctx.ledger.firmBalances()).bank_clearing).toBe(clearingBefore - 5_500_050n);
    // The client sees the deposit credited, with the posting that credited it.
    const seen = await t.api.get<TDepositView>(`/funds/app/v1/deposits/${a.id}`, alice.token);
    expect(seen.body.data).toMatchObject({ status: 'confirmed', posting_id: expect.any(String) });
    const audit = rowsOf<{ action: string; actor_id: string; after: Record<string, unknown> }>(
      await t.ctx.db.execute(
        `select action, actor_id, after from audit_log where subject_id in ('${a.id}', '${b.id}', '${differs.id}') and action = 'deposit.confirm' order by id`,
      ),
    );
    expect(audit.map((r) => [r.action, r.actor_id, r.after.via])).toEqual([
      ['deposit.confirm', ops.id, 'bank_statement'],
      ['deposit.confirm', ops.id, 'bank_statement'],
    ]);
    expect((await t.ctx.ledger.check()).ok).toBe(true);

    // Sent again as a new statement, the confirmed lines are said to be done already.
    const again = await sendStatement([{ utr: a.utr, amount_paise: 2_500_000 }]);
    expect(again.body.data.confirmed).toEqual([]);
    expect(again.body.data.unmatched[0]!.reason).toBe('already_confirmed');
  });

  it('replays the same answer for the same Idempotency-Key and credits nothing twice', async () => {
    const d = await requestDeposit(t, alice, 20_000);
    const before = (await balancesOf(t, alice.id)).cash_available;
    const key = newKey();
    const lines = [{ utr: d.utr, amount_paise: 2_000_000 }];
    const first = await sendStatement(lines, key);
    const replay = await sendStatement(lines, key);
    expect(replay.status).toBe(200);
    expect(replay.body).toEqual(first.body);
    expect((await balancesOf(t, alice.id)).cash_available).toBe(before + 2_000_000n);
  });

  it('races: five statements naming the same deposits at once credit each exactly once', async () => {
    const ds = [
      await requestDeposit(t, alice, 21_000),
      await requestDeposit(t, bob, 22_000),
      await requestDeposit(t, alice, 23_000),
    ];
    const lines = ds.map((d) => ({ utr: d.utr, amount_paise: Number(d.amount_paise) }));
    const [aliceBefore, bobBefore] = [
      (await balancesOf(t, alice.id)).cash_available,
      (await balancesOf(t, bob.id)).cash_available,
    ];
    const replies = await Promise.all(
      Array.from({ length: 5 }, (_, i) => sendStatement(i % 2 ? [...lines].reverse() : lines)),
    );
    expect(replies.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    const confirmed = replies.flatMap((r) => r.body.data.confirmed.map((d) => d.id));
    expect(confirmed.sort()).toEqual(ds.map((d) => d.id).sort());
    expect((await balancesOf(t, alice.id)).cash_available).toBe(aliceBefore + 4_400_000n);
    expect((await balancesOf(t, bob.id)).cash_available).toBe(bobBefore + 2_200_000n);
    expect((await t.ctx.ledger.check()).ok).toBe(true);
  });

  it('races a single confirmation of the same deposit: exactly one of them credits it', async () => {
    const d = await requestDeposit(t, bob, 26_000);
    const before = (await balancesOf(t, bob.id)).cash_available;
    const [statement, single] = await Promise.all([
      sendStatement([{ utr: d.utr, amount_paise: 2_600_000 }]),
      t.api.post<TConsoleDeposit>(
        `/console/api/v1/funds/deposits/${d.id}/confirm`,
        {},
        ops.token,
        keyed(),
      ),
    ]);
    const credits = (statement.body.data?.confirmed.length ?? 0) + (single.status === 200 ? 1 : 0);
    expect(credits).toBe(1);
    expect((await balancesOf(t, bob.id)).cash_available).toBe(before + 2_600_000n);
    expect((await t.ctx.ledger.check()).ok).toBe(true);
  });

  it('is for operations: support staff are refused, and nothing moves', async () => {
    const support = await signInStaff(t, 'support');
    const d = await requestDeposit(t, alice, 20_000);
    const reply = await sendStatement(
      [{ utr: d.utr, amount_paise: 2_000_000 }],
      newKey(),
      support.token,
    );
    expect(reply.status).toBe(403);
    const seen = await t.api.get<TDepositView>(`/funds/app/v1/deposits/${d.id}`, alice.token);
    expect(seen.body.data.status).toBe('pending');
  });

  it('answers 400 with a clear message for an empty, oversized or malformed statement', async () => {
    const empty = await sendStatement([]);
    expect([empty.status, empty.body.message]).toEqual([400, FM.statementEmpty]);
    const many = await sendStatement(
      Array.from({ length: STATEMENT_LINES_MAX + 1 }, (_, i) => ({
        utr: `UTR${i}`,
        amount_paise: 100,
      })),
    );
    expect([many.status, many.body.message]).toEqual([
      400,
      FM.statementTooManyLines(STATEMENT_LINES_MAX),
    ]);
    for (const amount of [0, -5, 10.5, '100']) {
      const bad = await sendStatement([{ utr: 'UTR1', amount_paise: amount as number }]);
      expect([bad.status, bad.body.message]).toEqual([400, FM.statementAmountInvalid]);
    }
    const noUtr = await sendStatement([{ utr: ' ', amount_paise: 100 }]);
    expect([noUtr.status, noUtr.body.message]).toEqual([400, FM.utrRequired]);
    const noKey = await t.api.post(
      '/console/api/v1/funds/deposits/statement',
      { lines: [] },
      ops.token,
    );
    expect(noKey.status).toBe(400);
  });
});
