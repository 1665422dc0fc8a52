/**
 * Engagement's recomputation as a bounded, coalescing projection, on real PostgreSQL: a burst
 * of one client's events while their computation runs makes one more computation, a change
 * made while it runs is in the follow-up, many clients' events are computed together (one
 * computation of all, decision 076), `recompute()` awaited after a change sees it, and a failing computation spoils nothing else.
 *
 * A computation is held "running" by the test holding the client's `engagement_status` row
 * (the computation reads the facts, then waits for that row's lock); computations are counted
 * by a trigger on that row's updates (one per computation), so other test processes' events
 * heard over a shared Redis do not disturb the counts.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TDepositView } from '@sampada/shared';
import { transitionChannel } from '../../platform/transitions.ts';
import { buildTestApp, ensureAdvisor, sqlRows, type TestApp } from '../../test/helpers.ts';
import {
  fund,
  keyed,
  type MoneyClient,
  moneyClient,
  nextUtr,
  openDeposits,
  system,
} from '../funds/test-fixtures.ts';
import { mergedReason, RECOMPUTE_CONCURRENCY } from './service.ts';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await openDeposits(t);
  await t.ctx.db.execute(`create table computations_seen (client_id uuid not null)`);
  await t.ctx.db.execute(`create function computation_seen() returns trigger language plpgsql
    as $$ begin insert into computations_seen values (new.client_id); return new; end $$`);
  // A computation's own write sets computed_at; the row lock it takes first (an upsert that
  // sets only client_id) is not counted.
  await t.ctx.db.execute(`create trigger computation_seen after update of computed_at
    on engagement_status for each row execute function computation_seen()`);
});
afterAll(async () => t?.close());

const computationsOf = async (clientId: string) =>
  Number(
    (
      await sqlRows<{ n: string }>(
        t,
        `select count(*)::text as n from computations_seen where client_id = '${clientId}'`,
      )
    )[0]!.n,
  );

/** A client whose first computations (KYC approval's) are done, and the count since. */
async function settledClient(): Promise<MoneyClient> {
  const c = await moneyClient(t);
  await t.ctx.engagement.recompute(c.id, 'Settled');
  await t.ctx.db.execute(`delete from computations_seen where client_id = '${c.id}'`);
  return c;
}

/** Holds clients' status rows in another connection: their computations wait at the lock. */
async function holdStatusRows(clientIds: string[]) {
  const holder = new pg.Client({ connectionString: t.ctx.config.databaseUrl });
  await holder.connect();
  await holder.query('begin');
  await holder.query(
    `select 1 from engagement_status where client_id = any($1::uuid[]) for update`,
    [clientIds],
  );
  return async () => {
    await holder.query('commit');
    await holder.end();
  };
}

/** Statements (a computation's, by default at a status row) waiting at a lock now. */
const waitingAtLock = async (query = '%engagement_status%') =>
  Number(
    (
      await sqlRows<{ n: string }>(
        t,
        `select count(*)::text as n from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock'
            and query ilike '${query}'`,
      )
    )[0]!.n,
  );

async function until(ok: () => Promise<boolean>, what: string, ms = 20_000) {
  const end = Date.now() + ms;
  while (!(await ok())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/**
 * Counts the watched events heard for some clients. Subscribed after engagement's listener,
 * so when this one has heard an event, engagement has already queued its computation.
 */
function heard(name: 'deposit', clientIds: string[]) {
  let n = 0;
  const off = t.ctx.bus.subscribe(transitionChannel(name), (message) => {
    if (clientIds.includes((JSON.parse(message) as { clientId?: string }).clientId ?? '')) n++;
  });
  return { count: () => n, off };
}

const depositEvent = (clientId: string, i: number) =>
  JSON.stringify({
    subject: 'deposit',
    id: `burst-${i}`,
    action: 'deposit.confirm',
    from: 'pending',
    to: 'confirmed',
    at: new Date().toISOString(),
    clientId,
  });

describe('a burst of events for one client', () => {
  it('fifty events while its computation runs make one more computation, and the standing is right', async () => {
    const c = await settledClient();
    const release = await holdStatusRows([c.id]);
    const ears = heard('deposit', [c.id]);
    try {
      const first = t.ctx.engagement.recompute(c.id, 'Before the burst');
      await until(async () => (await waitingAtLock()) === 1, 'the computation at the lock');
      for (let i = 0; i < 50; i++)
        t.ctx.bus.publish(transitionChannel('deposit'), depositEvent(c.id, i));
      await until(async () => ears.count() === 50, 'the fifty events');
      // Awaited now, this joins the follow-up the fifty events queued (it has not started).
      const followUp = t.ctx.engagement.recompute(c.id, 'Deposit confirmed');
      await release();
      await Promise.all([first, followUp]);
    } finally {
      ears.off();
    }
    // Nothing is left to run once the queue is idle, so the count is final.
    await until(async () => {
      const stats = t.ctx.engagement.computationStats();
      return stats.running === 0 && stats.waiting === 0;
    }, 'the queue to drain');
    expect(await computationsOf(c.id)).toBe(2);
    // The stored standing is what a fresh computation gives.
    const [stored] = await sqlRows<{ score: number; vip: number }>(
      t,
      `select score, vip from clients where id = '${c.id}'`,
    );
    const fresh = await t.ctx.engagement.recompute(c.id, 'Check');
    expect(stored).toEqual({ score: fresh.score, vip: fresh.vip });
  });

  it('a deposit confirmed while its computation runs is in the follow-up computation', async () => {
    const c = await settledClient();
    const before = await t.ctx.engagement.score(c.id);
    const release = await holdStatusRows([c.id]);
    const ears = heard('deposit', [c.id]);
    let first: Promise<{ score: number }>;
    try {
      first = t.ctx.engagement.recompute(c.id, 'Running');
      await until(async () => (await waitingAtLock()) === 1, 'the computation at the lock');
      await fund(t, c, 200_000);
      await until(async () => ears.count() >= 1, "the deposit's event");
    } finally {
      ears.off();
      await release();
    }
    // The running computation read the facts before the deposit.
    expect((await first).score).toBe(before.score);
    await until(
      async () => (await t.ctx.engagement.score(c.id)).score === before.score + 5,
      'the follow-up computation',
    );
    const after = await t.ctx.engagement.score(c.id);
    expect(after.parts.find((p) => p.key === 'deposits')!.detail).toMatch(/1 deposit/);
    expect(after.history[0]!.reason).toBe('Deposit confirmed');
    expect(await computationsOf(c.id)).toBe(2);
  });

  it('recompute() awaited after a change sees the change, even while a computation runs', async () => {
    const c = await settledClient();
    const before = await t.ctx.engagement.score(c.id);
    const staff = await ensureAdvisor(t);
    const release = await holdStatusRows([c.id]);
    let first: Promise<{ score: number }>;
    let second: Promise<{ score: number }>;
    try {
      first = t.ctx.engagement.recompute(c.id, 'Running');
      await until(async () => (await waitingAtLock()) === 1, 'the computation at the lock');
      await t.ctx.db.execute(
        `insert into score_adjustments (client_id, points, reason, staff_id, at)
         values ('${c.id}', 5, 'Met in person', '${staff.id}', now())`,
      );
      second = t.ctx.engagement.recompute(c.id, 'Staff adjustment +5: Met in person');
    } finally {
      await release();
    }
    expect((await first).score).toBe(before.score);
    expect((await second).score).toBe(before.score + 5);
  });
});

describe('many clients at once', () => {
  it('events for six clients are computed together, in one computation of all six', async () => {
    const clients = [];
    for (let i = 0; i < 6; i++) clients.push(await settledClient());
    const ids = clients.map((c) => c.id);
    const before = await Promise.all(ids.map((id) => computationsOf(id)));
    const release = await holdStatusRows(ids);
    const ears = heard('deposit', ids);
    try {
      ids.forEach((id, i) => t.ctx.bus.publish(transitionChannel('deposit'), depositEvent(id, i)));
      await until(async () => ears.count() === 6, 'the six events');
      // One computation waits at the status rows' locks, and it holds all six clients.
      await until(
        async () => t.ctx.engagement.computationStats().running === 6,
        'the six in a computation',
      );
      await until(async () => (await waitingAtLock()) === 1, 'the computation at the lock');
      expect(t.ctx.engagement.computationStats()).toMatchObject({ running: 6, waiting: 0 });
    } finally {
      ears.off();
      await release();
    }
    await until(async () => t.ctx.engagement.computationStats().running === 0, 'the computation');
    const after = await Promise.all(ids.map((id) => computationsOf(id)));
    expect(after.map((n, i) => n - before[i]!)).toEqual([1, 1, 1, 1, 1, 1]);
    // What the computation of six stored is what each alone computes.
    for (const id of ids) {
      const [stored] = await sqlRows<{ score: number; vip: number }>(
        t,
        `select score, vip from clients where id = '${id}'`,
      );
      const fresh = await t.ctx.engagement.recompute(id, 'Check');
      expect(stored).toEqual({ score: fresh.score, vip: fresh.vip });
    }
    expect(t.ctx.engagement.computationStats().peak).toBeLessThanOrEqual(RECOMPUTE_CONCURRENCY);
  });

  it("a client's row another transaction holds does not hold up the others' stored standing", async () => {
    const clients = [];
    for (let i = 0; i < 3; i++) clients.push(await settledClient());
    const ids = clients.map((c) => c.id);
    const [, held] = ids;
    // Each row's score made wrong (one off what the computation stores), so that a store shows.
    await t.ctx.db.execute(`update clients c set score = case when s.score < 100 then s.score + 1
        else s.score - 1 end from engagement_status s
      where s.client_id = c.id and c.id = any('{${ids.join(',')}}')`);
    const stored = async (id: string) =>
      (
        await sqlRows<{ ok: boolean }>(
          t,
          `select c.score = s.score as ok from clients c
            join engagement_status s on s.client_id = c.id where c.id = '${id}'`,
        )
      )[0]!.ok;
    const holder = new pg.Client({ connectionString: t.ctx.config.databaseUrl });
    await holder.connect();
    await holder.query('begin');
    // The lock a step's write to the row takes (a trade's order_num, a KYC status).
    await holder.query(`select 1 from clients where id = $1 for no key update`, [held]);
    try {
      ids.forEach((id, i) => t.ctx.bus.publish(transitionChannel('deposit'), depositEvent(id, i)));
      // The two free rows are written at once; the held one waits alone for its lock.
      await until(
        async () => (await stored(ids[0]!)) && (await stored(ids[2]!)),
        'the free rows stored',
      );
      await until(
        async () => (await waitingAtLock('update "clients"%')) === 1,
        'the held row waiting',
      );
      expect(await stored(held!)).toBe(false);
    } finally {
      await holder.query('commit');
      await holder.end();
    }
    await until(async () => stored(held!), 'the held row stored');
  });

  it("a hundred deposits confirmed at once for ten clients: every client's standing ends right", async () => {
    const clients = [];
    for (let i = 0; i < 10; i++) clients.push(await settledClient());
    const pending: string[] = [];
    for (const c of clients)
      for (let i = 0; i < 10; i++) {
        const reply = await t.api.post<TDepositView>(
          '/funds/app/v1/deposits',
          { amount: 20_000 + i, method: 'NEFT', utr: nextUtr() },
          c.token,
          keyed(),
        );
        expect(reply.status).toBe(200);
        pending.push(reply.body.data.id);
      }
    const staffId = (await ensureAdvisor(t)).id;
    const ears = heard(
      'deposit',
      clients.map((c) => c.id),
    );
    try {
      await Promise.all(
        pending.map((id) =>
          t.ctx.funds.deposits.decide(id, 'confirm', {
            staffId,
            actor: system,
            baseUrl: t.baseUrl,
          }),
        ),
      );
      await until(async () => ears.count() === 100, 'the hundred events');
    } finally {
      ears.off();
    }
    const idle = () => {
      const stats = t.ctx.engagement.computationStats();
      return stats.running === 0 && stats.waiting === 0;
    };
    await until(async () => idle(), 'the computations to drain');
    // No computation asked for by the test: the events' merged ones saw all ten deposits.
    for (const c of clients) {
      const score = await t.ctx.engagement.score(c.id);
      expect(score.parts.find((p) => p.key === 'deposits')!.detail).toMatch(/^10 deposits/);
      const [stored] = await sqlRows<{ score: number }>(
        t,
        `select score from clients where id = '${c.id}'`,
      );
      expect(stored!.score).toBe(score.score);
      expect(await computationsOf(c.id)).toBeLessThanOrEqual(10);
    }
  });

  it("a failing computation rejects its own caller only, and the others' go on", async () => {
    const c = await settledClient();
    const missing = '00000000-0000-4000-8000-000000000000';
    const [failed, ok] = await Promise.allSettled([
      t.ctx.engagement.recompute(missing, 'Nobody'),
      t.ctx.engagement.recompute(c.id, 'Somebody'),
    ]);
    expect(failed.status).toBe('rejected');
    expect(ok.status).toBe('fulfilled');
    expect(await computationsOf(c.id)).toBe(1);
    await expect(t.ctx.engagement.recompute(c.id, 'Again')).resolves.toMatchObject({
      vip: expect.any(Number),
    });
  });
});

describe('the reason a merged computation writes in the history', () => {
  it('one reason, or many of one kind, reads as before', () => {
    expect(mergedReason(['Order filled'])).toBe('Order filled');
  });

  it("several kinds are joined in their events' order, and a long list is cut with a count", () => {
    expect(mergedReason(['Deposit confirmed', 'Order filled'])).toBe(
      'Deposit confirmed; Order filled',
    );
    const many = Array.from({ length: 30 }, (_, i) => `Staff adjustment +1: visit ${i}`);
    const text = mergedReason(many);
    expect(text.length).toBeLessThanOrEqual(200);
    expect(text).toMatch(/^Staff adjustment \+1: visit 0; .*; \+\d+ more$/);
  });
});

describe('the durable mark a step leaves (decision 034)', () => {
  const marksOf = async (clientId: string) =>
    sqlRows<{ asks: number }>(t, `select asks from engagement_due where client_id = '${clientId}'`);

  it("a confirmation marks its client in its own transaction, and the client's computation clears it", async () => {
    const c = await settledClient();
    // The computation waits at the status row's lock, so the mark is there to be seen.
    const release = await holdStatusRows([c.id]);
    try {
      await fund(t, c, 100_000);
      expect(await marksOf(c.id)).toHaveLength(1);
    } finally {
      await release();
    }
    await until(async () => (await marksOf(c.id)).length === 0, 'the mark cleared');
    const score = await t.ctx.engagement.score(c.id);
    expect(score.parts.find((p) => p.key === 'deposits')!.detail).toMatch(/1 deposit/);
  });

  it('a mark whose event never arrived (a crash after the commit) is computed by the sweep', async () => {
    const c = await settledClient();
    const before = await t.ctx.engagement.score(c.id);
    const staff = await ensureAdvisor(t);
    // Untouched for a minute by the app's clock (the tests' clock is manual).
    const minuteAgo = new Date(t.clock.now().getTime() - 60_000).toISOString();
    // The facts change and the mark is written, but no event is published.
    await t.ctx.db.execute(
      `insert into score_adjustments (client_id, points, reason, staff_id, at)
       values ('${c.id}', 5, 'Met in person', '${staff.id}', now())`,
    );
    await t.ctx.db.execute(
      `insert into engagement_due (client_id, reasons, asked_at)
       values ('${c.id}', array['Deposit confirmed'], '${minuteAgo}')`,
    );
    expect(await t.ctx.engagement.sweep()).toBeGreaterThanOrEqual(1);
    expect((await t.ctx.engagement.score(c.id)).score).toBe(before.score + 5);
    expect(await marksOf(c.id)).toHaveLength(0);
  });
});
