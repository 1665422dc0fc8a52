/**
 * Running-account settlement on real PostgreSQL over real HTTP: a batch over clients with and
 * without open orders, pending withdrawals, unsettled sales and a bank account; the maker
 * cannot approve; the checker's approval posts exact payouts through the withdrawal path with
 * a clean ledger; re-runs change nothing; a client's own withdrawals racing the payout never
 * overdraw; each client reads only their own retention statement.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  addIstDays,
  asIstDay,
  istDayOf,
  paiseToRupeeText,
  SETTLEMENT_MSG as SM,
  type TRetentionStatements,
  type TSettlementBatch,
  type TSettlementPreference,
  type TWithdrawalView,
} from '@sampada/shared';
import { runCommand } from '../../cli/program.ts';
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
  openDeposits,
  type MoneyClient,
} from '../funds/test-fixtures.ts';
import { near, placed, trader, untilSettled } from '../trading/test-fixtures.ts';

vi.setConfig({ testTimeout: 240_000, hookTimeout: 240_000 });

const BASE = '/console/api/v1/settlement/batches';
let t: TestApp;
let maker: SignedInStaff;
let checker: SignedInStaff;
let date: string;

beforeAll(async () => {
  t = await buildTestApp({ env: { MARKET_ALWAYS_OPEN: 'true' } });
  await openDeposits(t);
  maker = await signInStaff(t, 'operations');
  checker = await signInStaff(t, 'operations');
  date = t.ctx.settlement.dates.last(istDayOf(t.clock.now()), 'quarterly');
});
afterAll(async () => t?.close());

const withdraw = (c: MoneyClient, cardId: string, rupees: number) =>
  t.api.post<TWithdrawalView>(
    '/funds/app/v1/withdrawals',
    { amount: rupees, bank_card_id: cardId, pin: c.pin },
    c.token,
    keyed(),
  );
const statements = async (c: MoneyClient) =>
  (await t.api.get<TRetentionStatements>('/funds/app/v1/settlement/statements', c.token)).body.data
    .items;
const lineOf = (b: TSettlementBatch, c: MoneyClient) => b.lines.find((l) => l.client_id === c.id)!;
const ledgerOk = async () => expect((await t.ctx.ledger.check()).discrepancies).toEqual([]);
const postingCount = async () =>
  Number(
    (await sqlRows<{ n: string }>(t, 'select count(*)::text as n from ledger_postings'))[0]!.n,
  );

describe('a settlement batch', () => {
  let plain: MoneyClient;
  let busy: MoneyClient;
  let seller: MoneyClient;
  let cardless: MoneyClient;
  let batch: TSettlementBatch;
  let sellerProceeds: bigint;

  it('is prepared by one officer with the retention computed from real holds', async () => {
    plain = await moneyClient(t);
    await fund(t, plain, 20_000);
    await addCard(t, plain);

    busy = await trader(t, 50_000);
    const busyCard = await addCard(t, busy);
    const price = near(t, 'INFY', 90);
    const order = await placed(t, busy, {
      type: 'limit',
      symbol: 'INFY',
      side: 'buy',
      quantity: Math.ceil(2_500_000 / price),
      limit_price: paiseToRupeeText(price),
    });
    expect(order.status).toBe('awaiting');
    expect((await withdraw(busy, busyCard.id, 1_000)).status).toBe(200);

    seller = await trader(t, 100_000);
    const lots = Math.ceil(2_500_000 / near(t, 'TCS', 100));
    await addCard(t, seller);
    const buy = await placed(t, seller, {
      type: 'market',
      symbol: 'TCS',
      side: 'buy',
      quantity: lots,
    });
    expect((await untilSettled(t, seller, buy.id)).status).toBe('filled');
    const sell = await placed(t, seller, {
      type: 'market',
      symbol: 'TCS',
      side: 'sell',
      quantity: lots,
    });
    const sold = await untilSettled(t, seller, sell.id);
    expect(sold.status).toBe('filled');
    const [net] = await sqlRows<{ n: string }>(
      t,
      `select sum(value_paise - charges_paise)::text as n from fills where order_id = '${sell.id}'`,
    );
    sellerProceeds = BigInt(net!.n);

    cardless = await moneyClient(t);
    await fund(t, cardless, 20_000);

    const reply = await t.api.post<TSettlementBatch>(BASE, { date }, maker.token);
    expect(reply.status).toBe(200);
    batch = reply.body.data;
    expect(batch).toMatchObject({ date, status: 'prepared', prepared_by: maker.email });

    expect(lineOf(batch, plain)).toMatchObject({
      cash_available_paise: 2_000_000,
      retained: [],
      payout_paise: 2_000_000,
      status: 'pending',
    });
    const b = await balancesOf(t, busy.id);
    expect(lineOf(batch, busy)).toMatchObject({
      cash_on_hold_paise: Number(b.cash_on_hold),
      retained: [
        { kind: 'open_orders', amount_paise: order.hold_paise },
        { kind: 'pending_withdrawals', amount_paise: 100_000 },
      ],
      payout_paise: Number(b.cash_available),
    });
    const s = await balancesOf(t, seller.id);
    expect(lineOf(batch, seller)).toMatchObject({
      retained: [{ kind: 'unsettled_sales', amount_paise: Number(sellerProceeds) }],
      payout_paise: Number(s.cash_available - sellerProceeds),
    });
    // Nothing moved yet.
    expect((await balancesOf(t, plain.id)).cash_available).toBe(2_000_000n);
  });

  it('cannot be approved by the officer who prepared it', async () => {
    const self = await t.api.post(`${BASE}/${batch.id}/approve`, {}, maker.token);
    expect(self.status).toBe(409);
    expect(self.body.message).toBe(SM.sameOfficer);
  });

  it('is approved by a second officer: exact payouts through withdrawals, the ledger clean', async () => {
    const before = {
      busy: await balancesOf(t, busy.id),
      seller: await balancesOf(t, seller.id),
    };
    const reply = await t.api.post<TSettlementBatch>(
      `${BASE}/${batch.id}/approve`,
      {},
      checker.token,
    );
    expect(reply.status).toBe(200);
    const done = reply.body.data;
    expect(done).toMatchObject({ status: 'paid', decided_by: checker.email });
    expect(lineOf(done, plain)).toMatchObject({ status: 'paid', paid_paise: 2_000_000 });
    expect(lineOf(done, cardless)).toMatchObject({ status: 'no_bank_account', paid_paise: 0 });
    expect(await balancesOf(t, plain.id)).toMatchObject({ cash_available: 0n, cash_on_hold: 0n });
    expect(await balancesOf(t, busy.id)).toMatchObject({
      cash_available: 0n,
      cash_on_hold: before.busy.cash_on_hold,
    });
    expect(await balancesOf(t, seller.id)).toMatchObject({ cash_available: sellerProceeds });
    expect((await balancesOf(t, cardless.id)).cash_available).toBe(2_000_000n);
    expect(lineOf(done, seller).paid_paise).toBe(
      Number(before.seller.cash_available - sellerProceeds),
    );

    const [w] = await sqlRows<{ status: string; amount: string; bank_reference: string }>(
      t,
      `select status, amount::text, bank_reference from withdrawals where id = '${lineOf(done, plain).withdrawal_id}'`,
    );
    expect(w).toMatchObject({ status: 'paid', amount: '2000000' });
    expect(w!.bank_reference).toContain(date);
    // The client's notice of the payout names the account it went to, masked.
    const [told] = await sqlRows<{ detail: unknown }>(
      t,
      `select detail from client_notifications where kind = 'withdrawal.pay' and subject_id = '${lineOf(done, plain).withdrawal_id}'`,
    );
    expect(told?.detail).toMatchObject({
      amount_paise: 2_000_000,
      bank: { name: 'State Bank of India', last4: '9012' },
    });
    await ledgerOk();

    const audit = await sqlRows<{ action: string; actor_id: string }>(
      t,
      `select action, actor_id from audit_log where subject_id = '${batch.id}' order by id`,
    );
    expect(audit).toEqual([
      { action: 'settlement.prepare', actor_id: maker.id },
      { action: 'settlement.approve', actor_id: checker.id },
      { action: 'settlement.complete', actor_id: checker.id },
    ]);
  });

  it('re-runs change nothing: no second batch, no second payout', async () => {
    const postings = await postingCount();
    const again = await t.api.post(BASE, { date }, maker.token);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(SM.batchExists(date));
    const approve = await t.api.post(`${BASE}/${batch.id}/approve`, {}, checker.token);
    expect(approve.status).toBe(409);
    await t.ctx.settlement.resume(batch.id, { type: 'system', id: 'test' });
    const out: string[] = [];
    const code = await runCommand(
      t.ctx,
      ['settlement', 'run', '--date', date, '--as', maker.email],
      {
        out: (l) => out.push(l),
        err: (l) => out.push(l),
      },
    );
    expect(code).toBe(0);
    expect(out[0]).toContain(`${batch.id}  ${date}  paid`);
    expect(await postingCount()).toBe(postings);
    await ledgerOk();
  });

  it('shows each client only their own retention statement', async () => {
    const mine = await statements(busy);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      id: lineOf(batch, busy).id,
      settlement_date: date,
      time_zone: 'Asia/Kolkata',
      status: 'paid',
    });
    expect(mine[0]!.retained.map((r) => r.kind)).toEqual(['open_orders', 'pending_withdrawals']);
    const theirs = await statements(plain);
    expect(theirs.map((s) => s.id)).toEqual([lineOf(batch, plain).id]);
    expect(theirs[0]).toMatchObject({ paid_paise: 2_000_000, retained_paise: 0 });
  });

  it('refuses a day that is not a settlement date, and one still to come', async () => {
    const plainDay = await t.api.post(BASE, { date: '2026-11-12' }, maker.token);
    expect(plainDay.status).toBe(400);
    // From tomorrow: on a settlement date itself, today's date has come.
    const tomorrow = addIstDays(asIstDay(istDayOf(t.clock.now())), 1);
    const next = t.ctx.settlement.dates.next(tomorrow, 'monthly');
    expect(plainDay.body.message).toBe(SM.notSettlementDate('2026-11-12', '2026-12-04'));
    const future = await t.api.post(BASE, { date: next }, maker.token);
    expect(future.status).toBe(400);
    expect(future.body.message).toBe(SM.dateNotCome);
    expect((await t.api.post(BASE, { date: 'soon' }, maker.token)).status).toBe(400);
    const support = await signInStaff(t, 'support');
    expect((await t.api.post(BASE, { date }, support.token)).status).toBe(403);
  });
});

describe('a client’s withdrawals racing the payout', () => {
  it('never overdraw: whatever order they run in, the balance ends at exactly zero', async () => {
    const monthly = t.ctx.settlement.dates.last(istDayOf(t.clock.now()), 'monthly');
    const c = await moneyClient(t);
    await fund(t, c, 20_000);
    const card = await addCard(t, c);
    const pref = await t.api.put<TSettlementPreference>(
      '/funds/app/v1/settlement/preference',
      { cycle: 'monthly' },
      c.token,
    );
    expect(pref.status).toBe(200);
    expect(pref.body.data.cycle).toBe('monthly');
    const prepared = await t.api.post<TSettlementBatch>(BASE, { date: monthly }, maker.token);
    expect(prepared.status).toBe(200);
    expect(prepared.body.data.lines.map((l) => l.client_id)).toEqual([c.id]);
    const [approval, ...replies] = await Promise.all([
      t.api.post<TSettlementBatch>(`${BASE}/${prepared.body.data.id}/approve`, {}, checker.token),
      ...Array.from({ length: 8 }, () => withdraw(c, card.id, 6_000)),
    ]);
    expect(approval.status).toBe(200);
    const accepted = replies.filter((r) => r.status === 200).length;
    const paid = BigInt(approval.body.data.lines[0]!.paid_paise!);
    expect(paid + BigInt(accepted) * 600_000n).toBe(2_000_000n);
    expect(await balancesOf(t, c.id)).toMatchObject({
      cash_available: 0n,
      cash_on_hold: BigInt(accepted) * 600_000n,
    });
    await ledgerOk();
  });
});
