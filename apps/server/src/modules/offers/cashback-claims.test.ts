/**
 * Cashback bonuses end to end on real PostgreSQL: the brokerage comes from real fills (market
 * orders over HTTP, matched by the engine), the claim goes over HTTP, and the ledger is read
 * back. With the default schedule a buy worth ₹20,000 or more pays brokerage at its ₹20.00
 * cap (0.1% capped at 2,000 paise), so each fill below brings exactly 2,000 paise and the
 * figures can be worked by hand: each test names its own.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { OM, type TConsoleOffer, type TOfferClaim, type TOfferInput } from '@sampada/shared';
import { signInStaff, type SignedInStaff, sqlRows, type TestApp } from '../../test/helpers.ts';
import { setFlags } from '../compensation/test-fixtures.ts';
import { balancesOf, keyed, type MoneyClient } from '../funds/test-fixtures.ts';
import { openMarketApp, placed, trader, untilSettled } from '../trading/test-fixtures.ts';

vi.setConfig({ testTimeout: 180_000, hookTimeout: 120_000 });

let t: TestApp;
let ops: SignedInStaff;
beforeAll(async () => {
  t = await openMarketApp();
  ops = await signInStaff(t, 'operations');
});
afterAll(async () => t?.close());

const HOUR = 3_600_000;
/** 60 INFY is well over ₹20,000 at any price the simulated market reaches. */
const CAPPED_BUY = { type: 'market', symbol: 'INFY', side: 'buy', quantity: 60 } as const;

async function cashbackOffer(input: Partial<TOfferInput>): Promise<TConsoleOffer> {
  const now = t.clock.now().getTime();
  const reply = await t.api.post<TConsoleOffer>(
    '/console/api/v1/offers',
    {
      title: 'Brokerage back',
      body: 'A share of your brokerage, back in cash.',
      kind: 'bonus',
      bonus_kind: 'cashback',
      cashback_bps: 1_250,
      cashback_cap_paise: 100_000,
      budget_paise: 1_000_000,
      valid_from: new Date(now - HOUR).toISOString(),
      valid_until: new Date(now + 24 * HOUR).toISOString(),
      status: 'published',
      ...input,
    },
    ops.token,
  );
  if (reply.status !== 200) throw new Error(`publish refused: ${JSON.stringify(reply.body)}`);
  return reply.body.data;
}

/** A funded client with allow_bonus. */
async function bonusTrader(): Promise<MoneyClient> {
  const client = await trader(t, 500_000);
  await setFlags(t, client.id, { allow_bonus: true });
  return client;
}

/** One filled market buy whose brokerage is the ₹20.00 cap (checked, so the sums hold). */
async function cappedFill(client: MoneyClient) {
  const order = await placed(t, client, CAPPED_BUY);
  const done = await untilSettled(t, client, order.id);
  expect(done.status).toBe('filled');
  expect(done.fills.map((f) => f.charges.brokerage_paise)).toEqual(done.fills.map(() => 2_000));
  return done.fills.length * 2_000;
}

const claim = (client: MoneyClient, offerId: string) =>
  t.api.post<TOfferClaim>(`/offer/app/v1/${offerId}/claim`, undefined, client.token, keyed());

/** The lines of a claim's posting: which account, and the signed amount. */
async function postingOf(offerId: string, clientId: string) {
  return sqlRows<{ kind: string; client_id: string | null; amount: string; key: string }>(
    t,
    `select a.kind, a.client_id, l.amount::text as amount, p.idempotency_key as key
       from offer_claims c
       join ledger_postings p on p.id = c.posting_id
       join ledger_lines l on l.posting_id = p.id
       join ledger_accounts a on a.id = l.account_id
      where c.offer_id = '${offerId}' and c.client_id = '${clientId}'
      order by l.amount`,
  );
}

async function budgetOf(offerId: string) {
  const [row] = await sqlRows<{ used: string; claims: number }>(
    t,
    `select budget_used_paise::text as used, claims from offers where id = '${offerId}'`,
  );
  return row!;
}

const ledgerOk = async () => expect((await t.ctx.ledger.check()).discrepancies).toEqual([]);

describe('cashback arithmetic on real fills', () => {
  it('12.5% of the ₹40.00 paid during the offer is ₹5.00; the ₹20.00 paid before it does not count; promotions −500, cash +500', async () => {
    const c = await bonusTrader();
    const before = await cappedFill(c); // ₹20.00, before the offer starts
    expect(before).toBe(2_000);
    t.clock.advance(60_000);
    const now = t.clock.now().getTime();
    const offer = await cashbackOffer({
      cashback_bps: 1_250,
      valid_from: new Date(now).toISOString(),
      valid_until: new Date(now + 24 * HOUR).toISOString(),
    });
    t.clock.advance(1_000);
    const during = (await cappedFill(c)) + (await cappedFill(c)); // ₹40.00
    expect(during).toBe(4_000);
    const cashBefore = (await balancesOf(t, c.id)).cash_available;

    const reply = await claim(c, offer.id);
    // 4,000 × 1,250 / 10,000 = 500 paise exactly.
    expect(reply.status).toBe(200);
    expect(reply.body.data.amount_paise).toBe(500);
    expect((await balancesOf(t, c.id)).cash_available - cashBefore).toBe(500n);

    const lines = await postingOf(offer.id, c.id);
    expect(lines).toEqual([
      { kind: 'promotions', client_id: null, amount: '-500', key: `offer:${offer.id}:${c.id}` },
      { kind: 'cash_available', client_id: c.id, amount: '500', key: `offer:${offer.id}:${c.id}` },
    ]);
    expect(lines.reduce((sum, l) => sum + BigInt(l.amount), 0n)).toBe(0n);
    expect(await budgetOf(offer.id)).toEqual({ used: '500', claims: 1 });
    await ledgerOk();
  });

  it('3.33% of ₹20.00 is 66.6 paise: 66 credited (rounded down), 66 taken from the budget', async () => {
    const offer = await cashbackOffer({ cashback_bps: 333 });
    const c = await bonusTrader();
    await cappedFill(c);
    const reply = await claim(c, offer.id);
    // 2,000 × 333 / 10,000 = 66.6 → 66.
    expect(reply.body.data.amount_paise).toBe(66);
    const lines = await postingOf(offer.id, c.id);
    expect(lines.map((l) => [l.kind, l.amount])).toEqual([
      ['promotions', '-66'],
      ['cash_available', '66'],
    ]);
    expect(await budgetOf(offer.id)).toEqual({ used: '66', claims: 1 });
    await ledgerOk();
  });

  it('the cap holds: 50% of ₹20.00 is ₹10.00, capped at ₹7.50 → 750 paise', async () => {
    const offer = await cashbackOffer({ cashback_bps: 5_000, cashback_cap_paise: 750 });
    const c = await bonusTrader();
    await cappedFill(c);
    const reply = await claim(c, offer.id);
    expect(reply.body.data.amount_paise).toBe(750);
    expect((await postingOf(offer.id, c.id)).map((l) => l.amount)).toEqual(['-750', '750']);
    await ledgerOk();
  });

  it('the minimum is one paisa: 0.01% of ₹20.00 (0.2 paise) and no brokerage at all are refused, nothing posted', async () => {
    const offer = await cashbackOffer({ cashback_bps: 1 });
    const traded = await bonusTrader();
    await cappedFill(traded);
    const idle = await bonusTrader();
    const cashBefore = (await balancesOf(t, traded.id)).cash_available;

    const tiny = await claim(traded, offer.id);
    expect(tiny.status).toBe(400);
    expect(tiny.body.message).toBe(OM.cashbackUnderPaisa);
    const none = await claim(idle, offer.id);
    expect(none.status).toBe(400);
    expect(none.body.message).toBe(OM.noBrokerage);

    expect((await balancesOf(t, traded.id)).cash_available).toBe(cashBefore);
    expect(await budgetOf(offer.id)).toEqual({ used: '0', claims: 0 });
    const [posted] = await sqlRows<{ n: number }>(
      t,
      `select count(*)::int as n from ledger_postings where reference = 'offer:${offer.id}'`,
    );
    expect(posted!.n).toBe(0);
  });

  it('a claim larger than the budget left is refused whole, not trimmed: ₹12.00 budget, ₹10.00 each → one credited, ₹2.00 stays', async () => {
    // 50% of ₹20.00 = ₹10.00 (1,000 paise) per client, under a ₹15.00 cap.
    const offer = await cashbackOffer({
      cashback_bps: 5_000,
      cashback_cap_paise: 1_500,
      budget_paise: 1_200,
    });
    const first = await bonusTrader();
    const second = await bonusTrader();
    await cappedFill(first);
    await cappedFill(second);
    const secondCash = (await balancesOf(t, second.id)).cash_available;

    const won = await claim(first, offer.id);
    expect(won.body.data.amount_paise).toBe(1_000);
    // 1,200 − 1,000 = 200 paise left; the second's 1,000 does not fit.
    const lost = await claim(second, offer.id);
    expect(lost.status).toBe(400);
    expect(lost.body.message).toBe(OM.exhausted);

    expect(await budgetOf(offer.id)).toEqual({ used: '1000', claims: 1 });
    expect((await balancesOf(t, second.id)).cash_available).toBe(secondCash);
    expect(await postingOf(offer.id, second.id)).toEqual([]);
    const [total] = await sqlRows<{ sum: string }>(
      t,
      `select coalesce(sum(l.amount), 0)::text as sum from ledger_lines l
         join ledger_postings p on p.id = l.posting_id
         join ledger_accounts a on a.id = l.account_id
        where p.reference = 'offer:${offer.id}' and a.kind = 'promotions'`,
    );
    expect(total!.sum).toBe('-1000');
    await ledgerOk();
  });
});
