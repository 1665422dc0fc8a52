/**
 * A batch whose payouts stopped part-way — the approval committed, then the process died before
 * the lines were paid — is finished from the console: an officer resumes it, each pending line
 * is paid once (two officers resuming at once included), the batch ends paid with a clean
 * ledger, and a batch in any other state says why it cannot be resumed. The console's front page
 * counts the batches that wait for an officer.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  istDayOf,
  SETTLEMENT_MSG as SM,
  type TDashboard,
  type TSettlementBatch,
} from '@sampada/shared';
import {
  buildTestApp,
  signInStaff,
  type SignedInStaff,
  sqlRows,
  type TestApp,
} from '../../test/helpers.ts';
import {
  addCard,
  fund,
  moneyClient,
  openDeposits,
  type MoneyClient,
} from '../funds/test-fixtures.ts';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

const BASE = '/console/api/v1/settlement/batches';
let t: TestApp;
let maker: SignedInStaff;
let checker: SignedInStaff;
let other: SignedInStaff;
let date: string;

beforeAll(async () => {
  t = await buildTestApp({ env: { MARKET_ALWAYS_OPEN: 'true' } });
  await openDeposits(t);
  maker = await signInStaff(t, 'operations');
  checker = await signInStaff(t, 'operations');
  other = await signInStaff(t, 'operations');
  date = t.ctx.settlement.dates.last(istDayOf(t.clock.now()), 'quarterly');
});
afterAll(async () => t?.close());

const resume = (id: string, staff: SignedInStaff) =>
  t.api.post<TSettlementBatch>(`${BASE}/${id}/resume`, {}, staff.token);
const waiting = async (staff: SignedInStaff) =>
  (await t.api.get<TDashboard>('/console/api/v1/dashboard', staff.token)).body.data.queues
    .settlement_waiting;
const lineOf = (b: TSettlementBatch, c: MoneyClient) => b.lines.find((l) => l.client_id === c.id)!;

describe('resuming a batch from the console', () => {
  let first: MoneyClient;
  let second: MoneyClient;
  let batch: TSettlementBatch;

  it('a prepared batch cannot be resumed: it needs its checker first', async () => {
    first = await moneyClient(t);
    await fund(t, first, 20_000);
    await addCard(t, first);
    second = await moneyClient(t);
    await fund(t, second, 30_000);
    await addCard(t, second);
    const prepared = await t.api.post<TSettlementBatch>(BASE, { date }, maker.token);
    expect(prepared.status).toBe(200);
    batch = prepared.body.data;

    const early = await resume(batch.id, other);
    expect(early.status).toBe(409);
    expect(early.body.message).toBe(SM.notResumable('prepared'));
    // The console's front page tells operations a batch waits; support does not work it.
    expect(await waiting(other)).toBe(1);
    expect(await waiting(await signInStaff(t, 'support'))).toBeUndefined();
  });

  it('support may not resume; two officers resuming at once pay each line once', async () => {
    // The state a crash leaves between the approval's commit and the payouts.
    await sqlRows(
      t,
      `update settlement_batches set status = 'approved', decided_by = '${checker.id}', decided_at = now()
       where id = '${batch.id}'`,
    );
    const support = await signInStaff(t, 'support');
    expect((await resume(batch.id, support)).status).toBe(403);

    const answers = await Promise.all([resume(batch.id, other), resume(batch.id, maker)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200]);
    const done = answers[0]!.body.data;
    expect(done.status).toBe('paid');
    expect(lineOf(done, first)).toMatchObject({ status: 'paid', paid_paise: 2_000_000 });
    expect(lineOf(done, second)).toMatchObject({ status: 'paid', paid_paise: 3_000_000 });
    expect(answers.some((a) => a.body.message === SM.resumed)).toBe(true);

    const payouts = await sqlRows<{ client_id: string; n: string }>(
      t,
      `select client_id, count(*)::text as n from withdrawals
       where bank_reference like 'RAS ${date}%' group by client_id`,
    );
    expect(payouts.sort((a, b) => a.client_id.localeCompare(b.client_id))).toEqual(
      [first.id, second.id].sort().map((id) => ({ client_id: id, n: '1' })),
    );
    expect((await t.ctx.ledger.check()).discrepancies).toEqual([]);
    const completed = await sqlRows<{ n: string }>(
      t,
      `select count(*)::text as n from audit_log
       where subject_id = '${batch.id}' and action = 'settlement.complete'`,
    );
    expect(completed[0]!.n).toBe('1');
    expect(await waiting(other)).toBe(0);
  });

  it('a paid batch says so, and an unknown one is 404', async () => {
    const again = await resume(batch.id, other);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(SM.notResumable('paid'));
    const unknown = await resume('00000000-0000-4000-8000-000000000000', other);
    expect(unknown.status).toBe(404);
  });
});
