/**
 * kill -9 under load (issue 21, catalogue item 8): the server, a child process on its embedded
 * PostgreSQL, is confirming 500 deposits at once when it is killed outright after the 100th
 * answer. Its PostgreSQL outlives it. A new server on the same DATA_DIR takes that orphan over
 * and starts; `sampada ledger check` (forwarded to it) passes; every confirmation that was
 * answered 200 is in the database, none is doubled, and the client's balance is exactly the
 * confirmed deposits. fsync and synchronous_commit are on. Slow: three server starts.
 */
import { execFile } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import {
  call,
  isAnswer,
  newDataDir,
  openDataDir,
  type Outcome,
  prepareFirm,
  signInDemoStaff,
  startServerProcess,
} from '../test/server-process.ts';

const dataDir = newDataDir('sampada-kill9-');
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const OPERATIONS = 500;
const repoRoot = path.resolve(import.meta.dirname, '../../../..');

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('kill -9 during 500 concurrent deposit confirmations', () => {
  it('restarts on the same data: every acknowledged confirmation is there once, the ledger checks out', async () => {
    const firm = await prepareFirm(dataDir, OPERATIONS);
    // All 500 wait for one of ten pooled connections and credit one client's account (so they
    // queue on its row lock): the deadlines are lifted here so that they all wait their turn
    // instead of being shed with a 503 after 1–2 seconds.
    const first = await startServerProcess(dataDir, {
      REQUEST_TIMEOUT_MS: '60000',
      DB_CONNECT_TIMEOUT_MS: '60000',
      DB_LOCK_TIMEOUT_MS: '60000',
    });
    const staffToken = await signInDemoStaff(first.baseUrl, 'ops@sampada.in');

    const outcomes = new Map<string, Outcome>();
    let acknowledged = 0;
    await Promise.all(
      firm.depositIds.map(async (id) => {
        const outcome = await call(
          first.baseUrl,
          'POST',
          `/console/api/v1/funds/deposits/${id}/confirm`,
          { token: staffToken, json: {}, headers: { 'idempotency-key': `confirm-${id}` } },
        );
        outcomes.set(id, outcome);
        if (isAnswer(outcome) && outcome.status === 200 && ++acknowledged === 100)
          first.child.kill('SIGKILL');
      }),
    );
    first.child.kill('SIGKILL'); // (had fewer than 100 been answered, the checks below fail)
    expect(await first.exited).toEqual({ code: null, signal: 'SIGKILL' });
    const answered = [...outcomes].filter(([, o]) => isAnswer(o) && o.status === 200);
    const cutOff = [...outcomes.values()].filter((o) => !isAnswer(o));
    expect(answered.length).toBeGreaterThanOrEqual(100);
    expect(cutOff.length).toBeGreaterThan(0); // the kill did land mid-load

    // The killed server's PostgreSQL is still running, as an orphan.
    const orphan = Number(
      readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0],
    );
    expect(isAlive(orphan)).toBe(true);

    const second = await startServerProcess(dataDir);
    expect(isAlive(orphan)).toBe(false);
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [path.join(repoRoot, 'apps/server/bin/sampada.mjs'), 'ledger', 'check'],
      { cwd: repoRoot, env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' } },
    );
    expect(stdout).toMatch(/^OK: /);
    second.child.kill('SIGTERM');
    expect(await second.exited).toEqual({ code: 0, signal: null });
    expect(existsSync(path.join(dataDir, 'pg', 'postmaster.pid'))).toBe(false);

    const { ctx, database } = await openDataDir(dataDir);
    try {
      const settings = (
        (await ctx.db.execute(
          sql`select current_setting('fsync') as fsync, current_setting('synchronous_commit') as sync`,
        )) as unknown as { rows: { fsync: string; sync: string }[] }
      ).rows[0];
      expect(settings).toEqual({ fsync: 'on', sync: 'on' });
      const rows = (
        (await ctx.db.execute(sql`
          select d.id, d.status, count(p.id)::int as postings
          from deposits d left join ledger_postings p on p.reference = 'deposit:' || d.id
          where d.id in ${firm.depositIds} group by d.id, d.status`)) as unknown as {
          rows: { id: string; status: string; postings: number }[];
        }
      ).rows;
      const byId = new Map(rows.map((r) => [r.id, r]));
      for (const [id] of answered)
        expect(byId.get(id)).toMatchObject({ status: 'confirmed', postings: 1 });
      for (const r of rows) expect(r.postings).toBe(r.status === 'confirmed' ? 1 : 0);
      const confirmed = rows.filter((r) => r.status === 'confirmed').length;
      const { cash_available } = await ctx.ledger.balancesOf(firm.clientId);
      expect(cash_available - firm.cashBefore).toBe(BigInt(confirmed) * 100_000n);
      expect((await ctx.ledger.check()).ok).toBe(true);
      console.info(
        `(8) ${OPERATIONS} confirmations, kill -9 after ${answered.length} answered 200 (${cutOff.length} cut off): ` +
          `${confirmed} committed, every acknowledged one once, ledger check OK`,
      );
    } finally {
      await database.close();
    }
  }, 180_000);
});
