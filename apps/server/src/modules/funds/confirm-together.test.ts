/**
 * Console confirmations served by group commit (decision 069) on real PostgreSQL: those that
 * wait for a slot are confirmed in one transaction, each credited, audited and answered as it
 * would have been alone, and its answer replayed under its key; in a burst over HTTP, the one
 * that cannot be served with the others (a decided deposit, a duplicate UTR, a repeated key)
 * gets its own answer while the rest are confirmed.
 */
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FM, FUNDS_DONE, type TConsoleDeposit } from '@sampada/shared';
import { executeAllOrNothing } from '../../db/one-round-trip.ts';
import { requestHash } from '../../platform/idempotency.ts';
import { transitionsStatement } from '../../platform/transitions-statement.ts';
import { transferPosting } from '../ledger/service.ts';
import { DEPOSIT, depositCredit } from './deposit-lifecycle.ts';
import { pendingWithPostingIds } from './deposit-queries.ts';
import {
  buildTestApp,
  signInStaff,
  type SignedInStaff,
  sqlRows,
  type TestApp,
} from '../../test/helpers.ts';
import {
  balancesOf,
  keyed,
  type MoneyClient,
  moneyClient,
  newKey,
  nextUtr,
  openDeposits,
  requestDeposit,
} from './test-fixtures.ts';

let t: TestApp;
let ops: SignedInStaff;
/** The server's error log lines: a refusal the test does not expect says why in its failure. */
let errors = '';
beforeAll(async () => {
  const log = new PassThrough();
  log.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  t = await buildTestApp({ env: { LOG_LEVEL: 'error' }, logStream: log });
  await openDeposits(t);
  ops = await signInStaff(t, 'operations');
});
afterAll(async () => t.close());

const pendingDeposit = async (c: MoneyClient, rupees: number, utr?: string) =>
  (await requestDeposit(t, c, rupees, utr)).id;

const confirmPath = (id: string) => `/console/api/v1/funds/deposits/${id}/confirm`;
const stats = () => t.ctx.funds.deposits.confirmationStats();

describe('deposit confirmations served together', () => {
  it('confirms those that waited for a slot in one batch, each credited, audited and replayable as alone', async () => {
    const [a, b] = [await moneyClient(t), await moneyClient(t)];
    const owners = [a, b, a, b, a, b];
    const ids = [];
    for (const [n, c] of owners.entries()) ids.push(await pendingDeposit(c, 20_000 + n));
    const before = stats();
    const keys = ids.map(() => newKey());
    // Submitted as the console's route does, all at once: one finds the slot, five wait.
    const outcomes = await Promise.all(
      ids.map((id, n) =>
        t.ctx.funds.deposits.confirmTogether({
          depositId: id,
          staffId: ops.id,
          staffEmail: ops.email,
          actor: { type: 'staff', id: ops.id, ip: '127.0.0.1' },
          baseUrl: 'http://sampada.test',
          claim: {
            scope: `staff:${ops.id}`,
            key: keys[n]!,
            hash: requestHash('POST', confirmPath(id), {}),
            message: FUNDS_DONE.depositConfirmed,
          },
        }),
      ),
    );
    expect(stats()).toEqual({ batches: before.batches + 2, items: before.items + 6 });
    expect(outcomes.map((o) => o.kind)).toEqual(Array(6).fill('done'));
    const answers = outcomes.map((o) => (o.kind === 'done' ? o.answer : null)!);
    for (const [n, answer] of answers.entries()) {
      const data = answer.data as TConsoleDeposit;
      expect(answer.message).toBe(FUNDS_DONE.depositConfirmed);
      expect(data).toMatchObject({
        id: ids[n],
        status: 'confirmed',
        amount_paise: (20_000 + n) * 100,
      });
      expect(data.posting_id).toBeTruthy();
      expect(data.decided_by).toBe(ops.email);
      // The client's refs, read with the deposits in the batch's one read.
      const [stored] = await sqlRows<{ uid: string }>(
        t,
        `select uid from clients where id = '${owners[n]!.id}'`,
      );
      expect(data.client).toMatchObject({
        id: owners[n]!.id,
        uid: stored!.uid,
        mobile: owners[n]!.mobile,
      });
    }
    expect((await balancesOf(t, a.id)).cash_available).toBe((20_000n + 20_002n + 20_004n) * 100n);
    expect((await balancesOf(t, b.id)).cash_available).toBe((20_001n + 20_003n + 20_005n) * 100n);
    const audits = await sqlRows<{ subject_id: string; actor_id: string }>(
      t,
      `select subject_id, actor_id from audit_log
       where action = 'deposit.confirm' and subject_id = any('{${ids.join(',')}}')`,
    );
    expect(audits.map((r) => r.subject_id).sort()).toEqual([...ids].sort());
    expect(new Set(audits.map((r) => r.actor_id))).toEqual(new Set([ops.id]));

    // The same key again over HTTP: the batch's stored answer, replayed.
    const replay = await t.api.raw(confirmPath(ids[3]!), {
      method: 'POST',
      headers: {
        authorization: `Bearer ${ops.token}`,
        'content-type': 'application/json',
        ...keyed(keys[3]),
      },
      body: '{}',
    });
    expect(replay.status).toBe(200);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(await replay.json()).toEqual(answers[3]);
    expect((await t.ctx.ledger.check()).ok).toBe(true);
  });

  it('gives the decided deposit, the duplicate UTR and the repeated key their own answers in a burst', async () => {
    const [a, b] = [await moneyClient(t), await moneyClient(t)];
    const plain = [];
    for (let n = 0; n < 8; n++) plain.push(await pendingDeposit(n % 2 ? a : b, 20_000));
    const rejected = await pendingDeposit(a, 21_000);
    await t.api.post(
      `/console/api/v1/funds/deposits/${rejected}/reject`,
      { reason: 'No such credit on the statement' },
      ops.token,
      keyed(),
    );
    const utr = nextUtr();
    const twins = [await pendingDeposit(a, 22_000, utr), await pendingDeposit(b, 22_000, utr)];
    const repeated = await pendingDeposit(b, 23_000);
    const repeatedKey = newKey();
    const before = stats();

    const confirm = (id: string, key = newKey()) =>
      t.api.post<TConsoleDeposit>(confirmPath(id), {}, ops.token, keyed(key));
    const [plainReplies, rejectedReply, twinReplies, repeatedReplies] = await Promise.all([
      Promise.all(plain.map((id) => confirm(id))),
      confirm(rejected),
      Promise.all(twins.map((id) => confirm(id))),
      Promise.all([confirm(repeated, repeatedKey), confirm(repeated, repeatedKey)]),
    ]);

    expect(
      plainReplies.map((r) => r.status),
      errors,
    ).toEqual(Array(8).fill(200));
    expect(rejectedReply).toMatchObject({
      status: 409,
      body: { message: FM.alreadyDecided('deposit', 'rejected') },
    });
    expect(twinReplies.map((r) => r.status).sort(), errors).toEqual([200, 409]);
    expect(twinReplies.find((r) => r.status === 409)!.body.message).toBe(FM.utrAlreadyCredited);
    expect(repeatedReplies.map((r) => r.status)).toEqual([200, 200]);
    expect(repeatedReplies[0]!.body).toEqual(repeatedReplies[1]!.body);
    // Served together: fewer batches than the confirmations they took.
    const after = stats();
    expect(after.batches - before.batches).toBeLessThan(after.items - before.items);

    expect((await balancesOf(t, a.id)).cash_available).toBe(
      4n * 2_000_000n + (await twinCredit(a.id)),
    );
    expect((await balancesOf(t, b.id)).cash_available).toBe(
      4n * 2_000_000n + 2_300_000n + (await twinCredit(b.id)),
    );
    const credits = await sqlRows(
      t,
      `select id from ledger_postings where reference = 'deposit:${repeated}'`,
    );
    expect(credits).toHaveLength(1);
    expect((await t.ctx.ledger.check()).ok).toBe(true);
  });

  it('writes nothing of a batch whose deposit was decided between its read and its write', async () => {
    const c = await moneyClient(t);
    const [kept, decided] = [await pendingDeposit(c, 24_000), await pendingDeposit(c, 24_001)];
    const { db, ledger } = t.ctx;
    const read = await pendingWithPostingIds(
      db,
      ledger.nextPostingId(),
      t.ctx.clients.refsToJoin(),
    ).execute({ ids: [kept, decided] });
    const at = new Date();
    const step = transitionsStatement(DEPOSIT, 'confirm', {
      rows: read.map((r) => r.row),
      at,
      set: (row) => ({
        decidedAt: at,
        decidedByStaffId: ops.id,
        reason: null,
        postingId: read.find((r) => r.row.id === row.id)!.postingId,
      }),
      audit: { actor: { type: 'staff', id: ops.id } },
    });
    // Another officer rejects one after the batch read it, before its statement.
    await t.api.post(
      `/console/api/v1/funds/deposits/${decided}/reject`,
      { reason: 'No such credit on the statement' },
      ops.token,
      keyed(),
    );
    await expect(
      executeAllOrNothing(
        db,
        [
          step.update,
          {
            statement: ledger.postManyStatement(
              step.rows.map((row) => transferPosting(depositCredit(row))),
              step.rows.map((row) => row.postingId!),
            ),
            rows: step.rows.length,
            what: 'deposit credits',
          },
        ],
        step.record,
      ),
    ).rejects.toMatchObject({ cause: { code: 'SB001' } });
    const statuses = await sqlRows<{ id: string; status: string }>(
      t,
      `select id, status from deposits where id in ('${kept}', '${decided}')`,
    );
    expect(Object.fromEntries(statuses.map((r) => [r.id, r.status]))).toEqual({
      [kept]: 'pending',
      [decided]: 'rejected',
    });
    expect((await balancesOf(t, c.id)).cash_available).toBe(0n);
    const audits = await sqlRows(
      t,
      `select 1 from audit_log where action = 'deposit.confirm' and subject_id in ('${kept}', '${decided}')`,
    );
    expect(audits).toEqual([]);
    expect((await t.ctx.ledger.check()).ok).toBe(true);
  });
});

/** What the client's twin-UTR deposit credited: ₹22,000 if theirs was the one confirmed. */
async function twinCredit(clientId: string): Promise<bigint> {
  const rows = await sqlRows(
    t,
    `select id from deposits where client_id = '${clientId}' and amount = 2200000 and status = 'confirmed'`,
  );
  return BigInt(rows.length) * 2_200_000n;
}
