/** The ledger on its own: balanced postings, guarded balances, immutability, reconciliation. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FM } from '@sampada/shared';
import { runCommand } from '../../cli/program.ts';
import { buildTestApp, signUpClient, sqlRows, type TestApp } from '../../test/helpers.ts';
import {
  clientAccount,
  FIRM_BUCKETS,
  firmAccount,
  InsufficientBalance,
  type PostingLine,
} from './service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

const deposit = (clientId: string, amount: bigint) =>
  t.ctx.db.transaction((tx) =>
    t.ctx.ledger.transfer(tx, {
      kind: 'deposit',
      clientId,
      memo: 'test deposit',
      from: firmAccount('bank_clearing'),
      to: clientAccount(clientId, 'cash_available'),
      amount,
    }),
  );

async function cli(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCommand(t.ctx, argv, { out: (l) => out.push(l), err: (l) => err.push(l) });
  return { code, out, err };
}

describe('ledger postings', () => {
  it('writes balanced lines with the balance after each, and moves cached balances', async () => {
    const c = await signUpClient(t);
    const firmBefore = (await t.ctx.ledger.firmBalances()).bank_clearing;
    const posted = await deposit(c.id, 2_000_000n);
    expect(posted.lines.map((l) => l.amount)).toEqual([-2_000_000n, 2_000_000n]);
    // The client's line carries the account's balance; the firm's, the bucket's it moved.
    expect(posted.lines[1]!.balanceAfter).toBe(2_000_000n);
    const [bucket] = await sqlRows<{ balance: string }>(
      t,
      `select balance::text from ledger_accounts where id = ${posted.lines[0]!.accountId}`,
    );
    expect(posted.lines[0]!.balanceAfter).toBe(BigInt(bucket!.balance));
    expect((await t.ctx.ledger.balancesOf(c.id)).cash_available).toBe(2_000_000n);
    expect((await t.ctx.ledger.firmBalances()).bank_clearing).toBe(firmBefore - 2_000_000n);
  });

  it('refuses a posting whose lines do not sum to zero, or that has one line', async () => {
    const c = await signUpClient(t);
    await expect(
      t.ctx.db.transaction((tx) =>
        t.ctx.ledger.post(tx, {
          kind: 'adjustment',
          memo: 'off by one',
          lines: [
            { account: clientAccount(c.id, 'cash_available'), amount: 101n },
            { account: firmAccount('bank_clearing'), amount: -100n },
          ],
        }),
      ),
    ).rejects.toThrow(/sum to 1/);
    await expect(
      t.ctx.db.transaction((tx) =>
        t.ctx.ledger.post(tx, {
          kind: 'adjustment',
          memo: 'alone',
          lines: [{ account: clientAccount(c.id, 'cash_available'), amount: 100n }],
        }),
      ),
    ).rejects.toThrow(/two lines/);
  });

  it('never lets a guarded balance go negative, and rolls the whole posting back', async () => {
    const c = await signUpClient(t);
    await deposit(c.id, 500n);
    const error = await t.ctx.db
      .transaction((tx) =>
        t.ctx.ledger.transfer(tx, {
          kind: 'withdrawal_hold',
          clientId: c.id,
          memo: 'too much',
          from: clientAccount(c.id, 'cash_available'),
          to: clientAccount(c.id, 'cash_on_hold'),
          amount: 501n,
        }),
      )
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InsufficientBalance);
    expect((error as InsufficientBalance).message).toBe(FM.beyondBalance);
    const balances = await t.ctx.ledger.balancesOf(c.id);
    expect(balances.cash_available).toBe(500n);
    expect(balances.cash_on_hold).toBe(0n);
    // An account that does not exist yet has nothing to spend.
    const fresh = await signUpClient(t);
    await expect(
      t.ctx.db.transaction((tx) =>
        t.ctx.ledger.transfer(tx, {
          kind: 'withdrawal_hold',
          clientId: fresh.id,
          memo: 'nothing there',
          from: clientAccount(fresh.id, 'cash_available'),
          to: clientAccount(fresh.id, 'cash_on_hold'),
          amount: 1n,
        }),
      ),
    ).rejects.toBeInstanceOf(InsufficientBalance);
  });

  it('rolls back a whole multi-line posting when its guarded line would overdraw, firm lines included', async () => {
    const c = await signUpClient(t);
    await deposit(c.id, 500n);
    const firmBefore = await t.ctx.ledger.firmBalances();
    const [{ count: postingsBefore }] = (await sqlRows<{ count: string }>(
      t,
      `select count(*)::text as count from ledger_postings`,
    )) as [{ count: string }];
    // Firm buckets sort first in the lock order, so fees and taxes have moved inside the
    // database function before the client's debit finds too little.
    const lines: PostingLine[] = [
      { account: firmAccount('fees'), amount: 100n },
      { account: clientAccount(c.id, 'cash_available'), amount: -600n },
      { account: firmAccount('taxes'), amount: 500n },
    ];
    const error = await t.ctx.db
      .transaction(async (tx) => {
        // The caller's earlier work in the same transaction goes too.
        await t.ctx.ledger.transfer(tx, {
          kind: 'deposit',
          clientId: c.id,
          memo: 'earlier in the transaction',
          from: firmAccount('bank_clearing'),
          to: clientAccount(c.id, 'cash_available'),
          amount: 50n,
        });
        return t.ctx.ledger.post(tx, {
          kind: 'trade_buy',
          clientId: c.id,
          memo: 'too dear',
          lines,
        });
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InsufficientBalance);
    expect((error as InsufficientBalance).account).toEqual(clientAccount(c.id, 'cash_available'));
    expect(await t.ctx.ledger.firmBalances()).toEqual(firmBefore);
    expect((await t.ctx.ledger.balancesOf(c.id)).cash_available).toBe(500n);
    expect(await sqlRows(t, `select count(*)::text as count from ledger_postings`)).toEqual([
      { count: postingsBefore },
    ]);
    expect((await t.ctx.ledger.check()).ok).toBe(true);
  });

  it('refuses a second posting under the same idempotency key', async () => {
    const c = await signUpClient(t);
    const once = (key: string) =>
      t.ctx.db.transaction((tx) =>
        t.ctx.ledger.transfer(tx, {
          kind: 'deposit',
          clientId: c.id,
          memo: 'keyed',
          idempotencyKey: key,
          from: firmAccount('bank_clearing'),
          to: clientAccount(c.id, 'cash_available'),
          amount: 700n,
        }),
      );
    await once(`test:${c.id}`);
    await expect(once(`test:${c.id}`)).rejects.toMatchObject({ status: 409 });
    expect((await t.ctx.ledger.balancesOf(c.id)).cash_available).toBe(700n);
  });
});

describe('concurrent postings', () => {
  it('many postings at once through the hot bank_clearing: balances exact, spread over buckets, check OK', async () => {
    const clients = await Promise.all(Array.from({ length: 8 }, () => signUpClient(t)));
    const firmBefore = (await t.ctx.ledger.firmBalances()).bank_clearing;
    const amounts = Array.from({ length: 120 }, (_, i) => BigInt(10_000 + i * 7));
    const posted = await Promise.all(
      amounts.map((amount, i) => deposit(clients[i % clients.length]!.id, amount)),
    );
    const total = amounts.reduce((a, b) => a + b, 0n);
    expect((await t.ctx.ledger.firmBalances()).bank_clearing).toBe(firmBefore - total);
    for (const [n, c] of clients.entries()) {
      const own = amounts.filter((_, i) => i % clients.length === n).reduce((a, b) => a + b, 0n);
      expect((await t.ctx.ledger.balancesOf(c.id)).cash_available).toBe(own);
    }
    // The firm's side landed on more than one row, each within the bucket range.
    const buckets = new Set(posted.map((p) => p.lines[0]!.accountId));
    expect(buckets.size).toBeGreaterThan(1);
    const [range] = await sqlRows<{ low: number; high: number }>(
      t,
      `select min(bucket)::int as low, max(bucket)::int as high from ledger_accounts
       where client_id is null and kind = 'bank_clearing'`,
    );
    expect(range!.low).toBeGreaterThanOrEqual(0);
    expect(range!.high).toBeLessThan(FIRM_BUCKETS);
    const [sums] = await sqlRows<{ cached: string; lines: string }>(
      t,
      `select (select sum(balance) from ledger_accounts
                where client_id is null and kind = 'bank_clearing')::text as cached,
              (select sum(l.amount) from ledger_lines l join ledger_accounts a on a.id = l.account_id
                where a.client_id is null and a.kind = 'bank_clearing')::text as lines`,
    );
    expect(sums!.cached).toBe(sums!.lines);
    expect(await t.ctx.ledger.check()).toMatchObject({ ok: true, discrepancies: [] });
    expect((await cli('ledger', 'check')).code).toBe(0);
  });

  it('of concurrent debits of one client, exactly the affordable ones post', async () => {
    const c = await signUpClient(t);
    await deposit(c.id, 550n);
    const results = await Promise.allSettled(
      Array.from({ length: 12 }, (_, i) =>
        t.ctx.db.transaction((tx) =>
          t.ctx.ledger.transfer(tx, {
            kind: 'withdrawal_paid',
            clientId: c.id,
            memo: `race ${i}`,
            from: clientAccount(c.id, 'cash_available'),
            to: firmAccount('bank_clearing'),
            amount: 100n,
          }),
        ),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(5);
    for (const r of results)
      if (r.status === 'rejected') expect(r.reason).toBeInstanceOf(InsufficientBalance);
    expect((await t.ctx.ledger.balancesOf(c.id)).cash_available).toBe(50n);
    expect((await t.ctx.ledger.check()).ok).toBe(true);
  });
});

/** A deposit's posting as a batch takes it: the firm's bank_clearing down, the client's cash up. */
const credit = (clientId: string, amount: bigint) => ({
  kind: 'deposit',
  clientId,
  memo: 'batch deposit',
  lines: [
    { account: firmAccount('bank_clearing'), amount: -amount },
    { account: clientAccount(clientId, 'cash_available'), amount },
  ],
});

describe('many postings in one call (postMany)', () => {
  it('writes every posting with its lines in the callers order and moves each balance', async () => {
    const [a, b] = [await signUpClient(t), await signUpClient(t)];
    const firmBefore = (await t.ctx.ledger.firmBalances()).bank_clearing;
    const posted = await t.ctx.db.transaction((tx) =>
      t.ctx.ledger.postMany(tx, [credit(a.id, 100n), credit(b.id, 200n), credit(a.id, 300n)]),
    );
    expect(posted.map((p) => p.lines.map((l) => [l.account.kind, l.amount]))).toEqual([
      [
        ['bank_clearing', -100n],
        ['cash_available', 100n],
      ],
      [
        ['bank_clearing', -200n],
        ['cash_available', 200n],
      ],
      [
        ['bank_clearing', -300n],
        ['cash_available', 300n],
      ],
    ]);
    expect(posted.map((p) => p.lines[1]!.balanceAfter)).toEqual([100n, 200n, 400n]);
    expect(new Set(posted.map((p) => p.postingId)).size).toBe(3);
    // One bucket of bank_clearing for the whole batch.
    expect(new Set(posted.map((p) => p.lines[0]!.accountId)).size).toBe(1);
    expect((await t.ctx.ledger.balancesOf(a.id)).cash_available).toBe(400n);
    expect((await t.ctx.ledger.firmBalances()).bank_clearing).toBe(firmBefore - 600n);
    expect((await t.ctx.ledger.check()).ok).toBe(true);
  });

  it('is all or nothing: a guarded debit short in the third posting names its account and writes none', async () => {
    const [a, b] = [await signUpClient(t), await signUpClient(t)];
    await deposit(b.id, 50n);
    const postingsBefore = (await t.ctx.ledger.check()).counts.postings;
    const error = await t.ctx.db
      .transaction((tx) =>
        t.ctx.ledger.postMany(tx, [
          credit(a.id, 100n),
          credit(b.id, 10n),
          {
            kind: 'withdrawal_hold',
            clientId: b.id,
            memo: 'too much',
            lines: [
              { account: clientAccount(b.id, 'cash_available'), amount: -500n },
              { account: clientAccount(b.id, 'cash_on_hold'), amount: 500n },
            ],
          },
        ]),
      )
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InsufficientBalance);
    expect((error as InsufficientBalance).account).toEqual(clientAccount(b.id, 'cash_available'));
    expect((await t.ctx.ledger.balancesOf(a.id)).cash_available).toBe(0n);
    expect((await t.ctx.ledger.balancesOf(b.id)).cash_available).toBe(50n);
    expect((await t.ctx.ledger.check()).counts.postings).toBe(postingsBefore);
  });

  it('with a guarded debit the balance covers, each line still carries its running balance', async () => {
    const c = await signUpClient(t);
    await deposit(c.id, 100n);
    const hold = (amount: bigint) => ({
      kind: 'withdrawal_hold',
      clientId: c.id,
      memo: 'hold',
      lines: [
        { account: clientAccount(c.id, 'cash_available'), amount: -amount },
        { account: clientAccount(c.id, 'cash_on_hold'), amount },
      ],
    });
    // Credits and guarded debits interleaved: 100 + 50 − 120 + 30 − 60 = 0 at the end.
    const posted = await t.ctx.db.transaction((tx) =>
      t.ctx.ledger.postMany(tx, [credit(c.id, 50n), hold(120n), credit(c.id, 30n), hold(60n)]),
    );
    expect(
      posted.map((p) => p.lines.find((l) => l.account.kind === 'cash_available')!.balanceAfter),
    ).toEqual([150n, 30n, 60n, 0n]);
    expect(
      posted.map((p) => p.lines.find((l) => l.account.kind === 'cash_on_hold')?.balanceAfter),
    ).toEqual([undefined, 120n, undefined, 180n]);
    const balances = await t.ctx.ledger.balancesOf(c.id);
    expect([balances.cash_available, balances.cash_on_hold]).toEqual([0n, 180n]);
    expect((await t.ctx.ledger.check()).ok).toBe(true);
  });

  it('batches and single postings over the same clients at once never deadlock, and add up exactly', async () => {
    const clients = [];
    for (let i = 0; i < 6; i++) clients.push(await signUpClient(t));
    const firmBefore = (await t.ctx.ledger.firmBalances()).bank_clearing;
    const work: Promise<unknown>[] = [];
    for (let round = 0; round < 8; round++) {
      // Batches name the clients in different orders; singles cross the firm's buckets too.
      const order = round % 2 ? [...clients].reverse() : clients;
      work.push(
        t.ctx.db.transaction((tx) =>
          t.ctx.ledger.postMany(
            tx,
            order.map((c) => credit(c.id, 10n)),
          ),
        ),
      );
      for (const c of clients) work.push(deposit(c.id, 1n));
    }
    await Promise.all(work);
    for (const c of clients)
      expect((await t.ctx.ledger.balancesOf(c.id)).cash_available).toBe(8n * 11n);
    expect((await t.ctx.ledger.firmBalances()).bank_clearing).toBe(firmBefore - 6n * 8n * 11n);
    expect((await t.ctx.ledger.check()).ok).toBe(true);
  });
});

describe('a batch whose ids are reserved first (reserveMany)', () => {
  it('writes the postings under the ids it reserved, once however often post() is called', async () => {
    const [a, b] = [await signUpClient(t), await signUpClient(t)];
    const { reserved, posted, again } = await t.ctx.db.transaction(async (tx) => {
      const batch = await t.ctx.ledger.reserveMany(tx, [credit(a.id, 100n), credit(b.id, 250n)]);
      const posted = await batch.post();
      return { reserved: batch.postingIds, posted, again: await batch.post() };
    });
    expect(posted.map((p) => p.postingId)).toEqual(reserved);
    expect(again).toBe(posted);
    const rows = await sqlRows<{ id: string; client_id: string }>(
      t,
      `select id::text, client_id from ledger_postings where id in (${reserved.join(',')}) order by id`,
    );
    expect(rows.map((r) => [Number(r.id), r.client_id])).toEqual([
      [reserved[0], a.id],
      [reserved[1], b.id],
    ]);
    expect((await t.ctx.ledger.balancesOf(b.id)).cash_available).toBe(250n);
    expect((await t.ctx.ledger.check()).ok).toBe(true);
  });

  it('locks no account until post(): a posting to the same client meanwhile neither waits nor is lost', async () => {
    const c = await signUpClient(t);
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let reservedIt!: () => void;
    const reserved = new Promise<void>((resolve) => (reservedIt = resolve));
    const batch = t.ctx.db.transaction(async (tx) => {
      const credits = await t.ctx.ledger.reserveMany(tx, [credit(c.id, 1_000n)]);
      reservedIt();
      await released;
      return credits.post();
    });
    await reserved;
    // With the client's row locked this would wait for the batch, which waits for it: the
    // lock timeout would fail it. Reserved ids lock nothing.
    await t.ctx.db.transaction(async (tx) => {
      await tx.execute(`set local lock_timeout = '200ms'`);
      return t.ctx.ledger.transfer(tx, {
        kind: 'deposit',
        clientId: c.id,
        memo: 'meanwhile',
        from: firmAccount('bank_clearing'),
        to: clientAccount(c.id, 'cash_available'),
        amount: 5n,
      });
    });
    release();
    const [posted] = await batch;
    expect(posted!.lines[1]!.balanceAfter).toBe(1_005n);
    expect((await t.ctx.ledger.balancesOf(c.id)).cash_available).toBe(1_005n);
    expect((await t.ctx.ledger.check()).ok).toBe(true);
  });

  it('an id reserved and never posted leaves no posting, and what named it cannot commit', async () => {
    const c = await signUpClient(t);
    const postingsBefore = (await t.ctx.ledger.check()).counts.postings;
    const [pending] = await sqlRows<{ id: string }>(
      t,
      `insert into deposits (client_id, amount, method, utr, status, created_at)
       values ('${c.id}', 100000, 'NEFT', 'RESERVED000001', 'pending', now()) returning id`,
    );
    // The deposit's foreign key to its posting is checked at commit, so it may name a reserved
    // posting first; a posting that never came makes the commit fail.
    const failed = await t.ctx.db
      .transaction(async (tx) => {
        const credits = await t.ctx.ledger.reserveMany(tx, [credit(c.id, 100_000n)]);
        await tx.execute(
          `update deposits set posting_id = ${credits.postingIds[0]} where id = '${pending!.id}'`,
        );
      })
      .catch((e: unknown) => e);
    expect(String((failed as Error)?.cause ?? failed)).toMatch(/foreign key/);
    expect((await t.ctx.ledger.check()).counts.postings).toBe(postingsBefore);
    expect((await t.ctx.ledger.balancesOf(c.id)).cash_available).toBe(0n);
  });
});

describe('the database itself', () => {
  it('refuses to change or delete postings and lines', async () => {
    const c = await signUpClient(t);
    await deposit(c.id, 900n);
    await expect(t.ctx.db.execute(`update ledger_lines set amount = amount + 1`)).rejects.toThrow();
    await expect(t.ctx.db.execute(`delete from ledger_postings`)).rejects.toThrow();
    await expect(t.ctx.db.execute(`truncate ledger_lines cascade`)).rejects.toThrow();
    expect((await t.ctx.ledger.check()).ok).toBe(true);
  });

  // Hand-written SQL, as a careless operator might write it: the database holds the rule
  // itself, checked at commit (migration 0006) — every posting has two lines or more, and
  // they sum to zero.
  const bankClearing = async () =>
    (
      await sqlRows<{ id: string }>(
        t,
        `select id::text from ledger_accounts where client_id is null and kind = 'bank_clearing' order by bucket limit 1`,
      )
    )[0]!.id;
  const forged = (id: number) =>
    `insert into ledger_postings (id, kind, memo, created_at) values (${id}, 'adjustment', 'forged', now())`;
  const lines = (id: number, account: string, ...amounts: number[]) =>
    `insert into ledger_lines (posting_id, account_id, amount, balance_after, created_at) values ${amounts
      .map((a) => `(${id}, ${account}, ${a}, 0, now())`)
      .join(', ')}`;
  const postingExists = async (id: number) =>
    (await sqlRows(t, `select id from ledger_postings where id = ${id}`)).length === 1;

  it('refuses at commit a hand-written posting that does not balance', async () => {
    const account = await bankClearing();
    const failed = await t.ctx.db
      .transaction(async (tx) => {
        await tx.execute(forged(999_999));
        await tx.execute(lines(999_999, account, 5));
      })
      .catch((e: unknown) => e);
    expect(String((failed as Error)?.cause ?? failed)).toMatch(
      /ledger posting 999999 does not balance: 5 paise over 1 lines/,
    );
    expect(await postingExists(999_999)).toBe(false);
  });

  it('keeps a hand-written posting whose lines balance', async () => {
    const account = await bankClearing();
    await t.ctx.db.transaction(async (tx) => {
      await tx.execute(forged(999_998));
      await tx.execute(lines(999_998, account, 7, -7));
    });
    expect(await postingExists(999_998)).toBe(true);
    expect((await t.ctx.ledger.check()).ok).toBe(true);
  });

  it('refuses a line added to an old posting that balanced', async () => {
    const account = await bankClearing();
    const [old] = await sqlRows<{ id: string }>(
      t,
      `select max(id)::text as id from ledger_postings`,
    );
    const failed = await t.ctx.db
      .execute(lines(Number(old!.id), account, 1))
      .catch((e: unknown) => e);
    expect(String((failed as Error)?.cause ?? failed)).toMatch(
      new RegExp(`ledger posting ${old!.id} does not balance`),
    );
    expect((await t.ctx.ledger.check()).ok).toBe(true);
  });

  it('refuses at commit a hand-written posting left with no lines', async () => {
    const failed = await t.ctx.db
      .transaction(async (tx) => {
        await tx.execute(forged(999_996));
      })
      .catch((e: unknown) => e);
    expect(String((failed as Error)?.cause ?? failed)).toMatch(
      /ledger posting 999996 does not balance: 0 paise over 0 lines/,
    );
    expect(await postingExists(999_996)).toBe(false);
  });
});

describe('reconciliation', () => {
  it('passes on an honest ledger; `sampada ledger check` prints OK with counts', async () => {
    const result = await t.ctx.ledger.check();
    expect(result).toMatchObject({ ok: true, discrepancies: [] });
    expect(result.counts.postings).toBeGreaterThan(0);
    const run = await cli('ledger', 'check');
    expect(run.code).toBe(0);
    expect(run.out).toEqual([
      `OK: ${result.counts.accounts} accounts, ${result.counts.postings} postings, ${result.counts.lines} lines`,
    ]);
  });

  it('finds a cached balance that drifted from its lines and a negative guarded balance; the CLI exits 1', async () => {
    const c = await signUpClient(t);
    await deposit(c.id, 1_000n);
    // Tampering behind the service's back: the check must notice.
    await t.ctx.db.execute(
      `alter table ledger_accounts drop constraint ledger_accounts_non_negative`,
    );
    await t.ctx.db.execute(
      `update ledger_accounts set balance = -5 where client_id = '${c.id}' and kind = 'cash_available'`,
    );
    const result = await t.ctx.ledger.check();
    expect(result.ok).toBe(false);
    expect(result.discrepancies.map((d) => d.check).sort()).toEqual([
      'account_balance',
      'negative_balance',
    ]);
    const run = await cli('ledger', 'check');
    expect(run.code).toBe(1);
    expect(run.out.some((l) => l.startsWith('account_balance: Account'))).toBe(true);
    expect(run.err[0]).toMatch(/^Ledger check failed: 2 discrepancies/);
    // Put it back so the file's other tests see an honest ledger.
    await t.ctx.db.execute(
      `update ledger_accounts set balance = 1000 where client_id = '${c.id}' and kind = 'cash_available'`,
    );
    expect((await t.ctx.ledger.check()).ok).toBe(true);
  });
});
