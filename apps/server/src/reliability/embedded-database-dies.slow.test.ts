/**
 * The database dies under load (issue 21, catalogue item 9): the server, run as a child process
 * on its embedded PostgreSQL (fsync and synchronous_commit on), is confirming deposits at full
 * tilt when the postmaster is killed with SIGKILL. Requests in the gap answer a clear 503 (never
 * a hang or a 500), /ready answers 503 and /live 200; the server starts PostgreSQL again by
 * itself (crash recovery), /ready returns to 200 with no restart of the server, the rest of the
 * deposits are confirmed, and every deposit acknowledged with a 200 — before or after — is
 * confirmed in the database exactly once, with a ledger that checks out.
 * Slow: it starts the server and PostgreSQL more than once.
 */
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import {
  call,
  type Firm,
  isAnswer,
  newDataDir,
  openDataDir,
  type Outcome,
  prepareFirm,
  signInDemoStaff,
  startServerProcess,
} from '../test/server-process.ts';

const dataDir = newDataDir('sampada-db-dies-');
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const DEPOSITS = 160;
const postmasterPid = () =>
  Number(readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);
const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the embedded PostgreSQL killed under write load', () => {
  it('answers 503 meanwhile, restarts it by itself, and loses no acknowledged deposit', async () => {
    const firm: Firm = await prepareFirm(dataDir, DEPOSITS);
    const server = await startServerProcess(dataDir);
    try {
      const staffToken = await signInDemoStaff(server.baseUrl, 'ops@sampada.in');
      const firstPid = postmasterPid();

      const outcomes = new Map<string, Outcome>();
      let answered = 0;
      let killed: Promise<void> | null = null;
      const queue = [...firm.depositIds];
      const confirm = (id: string) =>
        call(server.baseUrl, 'POST', `/console/api/v1/funds/deposits/${id}/confirm`, {
          token: staffToken,
          json: {},
          headers: { 'idempotency-key': `confirm-${id}` },
        });
      const worker = async () => {
        for (let id = queue.shift(); id; id = queue.shift()) {
          const outcome = await confirm(id);
          outcomes.set(id, outcome);
          if (isAnswer(outcome) && outcome.status === 200 && ++answered === 30) {
            process.kill(firstPid, 'SIGKILL');
            killed = (async () => {
              let ready = await call(server.baseUrl, 'GET', '/ready');
              for (let i = 0; i < 50 && isAnswer(ready) && ready.status === 200; i++) {
                await sleep(20);
                ready = await call(server.baseUrl, 'GET', '/ready');
              }
              expect(ready, server.output().slice(-3000)).toMatchObject({ status: 503 });
              expect(await call(server.baseUrl, 'GET', '/live')).toMatchObject({ status: 200 });
            })();
          }
        }
      };
      await Promise.all(Array.from({ length: 6 }, worker));
      await killed;

      // PostgreSQL is back by itself: /ready 200 again, from a new postmaster.
      let ready = await call(server.baseUrl, 'GET', '/ready');
      for (let i = 0; i < 300 && !(isAnswer(ready) && ready.status === 200); i++) {
        await sleep(100);
        ready = await call(server.baseUrl, 'GET', '/ready');
      }
      expect(ready).toMatchObject({ status: 200 });
      expect(postmasterPid()).not.toBe(firstPid);
      // The notices' LISTEN connection, its own and not the pool's, is back too (decision 049).
      const listening = /client_notice listener listening again/;
      for (let i = 0; i < 300 && !listening.test(server.output()); i++) await sleep(100);
      expect(server.output()).toMatch(listening);

      // Every request was answered — 200, or a clear 503 in the gap — and none hung or failed.
      const all = [...outcomes.values()];
      expect(all.filter((o) => !isAnswer(o))).toEqual([]);
      const statuses = new Set(all.filter(isAnswer).map((o) => o.status));
      expect([...statuses].filter((s) => s !== 200 && s !== 503)).toEqual([]);
      // Those refused in the gap go through on retry with the same key.
      for (const [id, outcome] of outcomes)
        if (isAnswer(outcome) && outcome.status === 503) outcomes.set(id, await confirm(id));
      const acknowledged = [...outcomes].filter(([, o]) => isAnswer(o) && o.status === 200);
      expect(acknowledged.length).toBe(DEPOSITS);

      // And a SIGTERM after the restart stops it as cleanly as ever: exit 0, its restarted
      // PostgreSQL stopped with it (issue 32: it once hung and left the postmaster orphaned).
      const secondPid = postmasterPid();
      server.child.kill('SIGTERM');
      expect(await server.exited, server.output().slice(-3000)).toEqual({ code: 0, signal: null });
      expect(isAlive(secondPid)).toBe(false);
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }

    const { ctx, database } = await openDataDir(dataDir);
    try {
      const rows = (
        (await ctx.db.execute(sql`
          select d.id, d.status, count(p.id)::int as postings
          from deposits d left join ledger_postings p on p.reference = 'deposit:' || d.id
          where d.id in ${firm.depositIds} group by d.id, d.status`)) as unknown as {
          rows: { id: string; status: string; postings: number }[];
        }
      ).rows;
      expect(rows).toHaveLength(DEPOSITS);
      for (const r of rows) expect(r).toMatchObject({ status: 'confirmed', postings: 1 });
      const balances = await ctx.ledger.balancesOf(firm.clientId);
      expect(balances.cash_available - firm.cashBefore).toBe(BigInt(DEPOSITS) * 100_000n);
      expect((await ctx.ledger.check()).ok).toBe(true);
    } finally {
      await database.close();
    }
  }, 180_000);

  it('a SIGTERM while it restarts PostgreSQL still exits 0 and leaves no postmaster behind', async () => {
    const server = await startServerProcess(dataDir);
    try {
      const pid = postmasterPid();
      process.kill(pid, 'SIGKILL');
      // At once: the server's stop meets the supervisor's restart (its delay or its launch).
      server.child.kill('SIGTERM');
      expect(await server.exited, server.output().slice(-3000)).toEqual({ code: 0, signal: null });
      expect(postgresProcessesOf(dataDir)).toEqual([]);
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }
  }, 120_000);
});

/** PostgreSQL processes started on this data dir (its -D argument), from /proc. */
function postgresProcessesOf(dir: string): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        const argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
        return argv.some((arg) => arg.startsWith(path.join(dir, 'pg')));
      } catch {
        return false;
      }
    })
    .map(Number);
}
