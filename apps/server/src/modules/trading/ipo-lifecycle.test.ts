/**
 * An IPO from bid through the lottery to its listing date, with refunds, and the default
 * listing date. Each test moves the clock, so each has its own server.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  type TAllotmentResult,
  type TClientNotifications,
  type THolding,
  type TIpoIssue,
  TM,
  type TOrdersPage,
} from '@sampada/shared';
import { signInStaff, type TestApp } from '../../test/helpers.ts';
import { balancesOf, keyed, signInAgain } from '../funds/test-fixtures.ts';
import {
  CONSOLE,
  openMarketApp,
  placed,
  placeOrder,
  publishIpo,
  runMarket,
  trader,
} from './test-fixtures.ts';

// Each test signs up several clients (argon2id) and steps the market: slow on a loaded machine.
vi.setConfig({ testTimeout: 180_000 });

let t: TestApp;
async function market() {
  t = await openMarketApp();
  return t;
}
afterEach(async () => t?.close());

describe('IPO: bid, allotment by lottery, listing', () => {
  it('runs from bid to a listed, tradable holding with refunds', async () => {
    await market();
    let ops = await signInStaff(t, 'operations');
    const issue = await publishIpo(t, ops, {
      symbol: 'NEWCO',
      price_low: '95',
      price_high: '100',
      lot_size: 200,
      shares_offered: 600,
    });
    expect(issue).toMatchObject({
      status: 'open',
      min_lots: 1,
      max_lots: 10,
      min_bid_paise: 2_000_000,
    });
    const bidders = [];
    for (let i = 0; i < 5; i++) bidders.push(await trader(t, 100_000));
    for (const b of bidders) await placed(t, b, { type: 'ipo', offering_id: issue.id, lots: 2 });
    const twice = await placeOrder(t, bidders[0]!, { type: 'ipo', offering_id: issue.id, lots: 1 });
    expect(twice.body.message).toBe(TM.alreadyApplied);
    const capped = await placeOrder(t, await trader(t, 300_000), {
      type: 'ipo',
      offering_id: issue.id,
      lots: 11,
    });
    expect(capped.body.message).toBe(TM.aboveRetailCap);
    expect(await balancesOf(t, bidders[0]!.id)).toMatchObject({ cash_on_hold: 4_000_000n });

    const early = await t.api.post(`${CONSOLE}/ipos/${issue.id}/allot`, {}, ops.token, keyed());
    expect(early.body.message).toBe(TM.ipoNotClosed);
    await t.api.post(`${CONSOLE}/ipos/${issue.id}/close`, {}, ops.token);
    const seed = 'a1b2c3d4e5f60718293a4b5c6d7e8f90';
    const run = await t.api.post<TAllotmentResult>(
      `${CONSOLE}/ipos/${issue.id}/allot`,
      { seed },
      ops.token,
      keyed(),
    );
    expect(run.status).toBe(200);
    // 3 lots for 5 applicants: a lottery of one lot each.
    expect(run.body.data).toMatchObject({
      method: 'lottery',
      seed,
      lots_offered: 3,
      applicants: 5,
      allotted_applicants: 3,
      lots_allotted: 3,
    });
    expect(run.body.data.refunded_paise).toBe(5 * 4_000_000 - 3 * 2_000_000);
    const again = await t.api.post(
      `${CONSOLE}/ipos/${issue.id}/allot`,
      { seed },
      ops.token,
      keyed(),
    );
    expect(again.body.message).toBe(TM.ipoAlreadyAllotted);

    const winners = run.body.data.allotments
      .filter((a) => a.lots_allotted === 1)
      .map((a) => a.order_id);
    for (const b of bidders) {
      const mine = (await t.api.get<TOrdersPage>('/trade/app/v1/orders?type=ipo', b.token)).body
        .data.items[0]!;
      const won = winners.includes(mine.id);
      expect(mine.status).toBe(won ? 'partially_filled' : 'rejected');
      // Engagement's read of the record: every bid counts, an allotted one as an order filled.
      expect((await t.ctx.trading.activity.activityOfMany([b.id])).get(b.id)).toMatchObject({
        ipoBids: 1,
        filledOrdersByType: won ? { ipo: 1 } : {},
      });
      expect(await balancesOf(t, b.id)).toMatchObject({
        cash_on_hold: 0n,
        cash_available: won ? 10_000_000n - 2_000_000n : 10_000_000n,
      });
      // Told as an allotment with its refund, not as a trade or a rejected order.
      const notices = (
        await t.api.get<TClientNotifications>('/client/app/v1/notifications', b.token)
      ).body.data.items.filter((n) => n.subject_id === mine.id);
      expect(notices).toEqual([
        expect.objectContaining({
          kind: won ? 'order.fill_partially' : 'order.reject',
          detail: {
            type: 'ipo',
            symbol: 'NEWCO',
            lots_applied: 2,
            lots_allotted: won ? 1 : 0,
            shares_allotted: won ? 200 : 0,
            price_paise: 10_000,
            refund_paise: won ? 2_000_000 : 4_000_000,
          },
        }),
      ]);
    }
    const holder = [] as THolding[];
    for (const b of bidders) {
      const held = (await t.api.get<THolding[]>('/trade/app/v1/holdings', b.token)).body.data;
      holder.push(...held);
      if (held.length) {
        // Allotted but not listed: the shares cannot be sold yet.
        const early = await placeOrder(t, b, {
          type: 'market',
          symbol: 'NEWCO',
          side: 'sell',
          quantity: 200,
        });
        expect(early.body.message).toBe(TM.notListed);
      }
    }
    expect(holder).toHaveLength(3);
    expect(holder[0]).toMatchObject({
      symbol: 'NEWCO',
      quantity: 200,
      listed: false,
      price_paise: 10_000,
      listing_date: issue.listing_date,
    });

    // The listing date is T+3 working days: listing earlier is refused.
    const soon = await t.api.post(`${CONSOLE}/ipos/${issue.id}/list`, {}, ops.token);
    expect(soon.body.message).toBe(TM.ipoListingDate(issue.listing_date));
    t.clock.set(new Date(`${issue.listing_date}T04:00:00Z`));
    ops = await signInStaff(t, 'operations');
    const listed = await t.api.post<TIpoIssue>(`${CONSOLE}/ipos/${issue.id}/list`, {}, ops.token);
    expect(listed.body.data.status).toBe('listed');
    expect(t.ctx.market.engine.instrument('NEWCO')).toMatchObject({
      refClosePaise: 10_000,
      market: 'NSE',
    });
    // Listed: the holding is valued at the feed's price and can be sold.
    await runMarket(t, 60);
    const holders = [];
    for (const b of bidders) {
      const again = await signInAgain(t, b);
      const held = (await t.api.get<THolding[]>('/trade/app/v1/holdings', again.token)).body.data;
      if (held.length) holders.push({ client: again, held: held[0]! });
    }
    expect(holders).toHaveLength(3);
    expect(holders[0]!.held).toMatchObject({ listed: true, listing_date: null, quantity: 200 });
    expect(holders[0]!.held.price_paise).toBe(t.ctx.market.engine.state('NEWCO')!.last);
    const sell = await placed(t, holders[0]!.client, {
      type: 'market',
      symbol: 'NEWCO',
      side: 'sell',
      quantity: 200,
    });
    expect(sell.status).toBe('awaiting');
    const firm = await t.ctx.ledger.firmBalances();
    expect(firm.ipo_escrow).toBe(0n);
    expect((await t.ctx.ledger.check()).ok).toBe(true);
  });

  it('defaults the listing date to T+3 working days after the close', async () => {
    await market();
    const ops = await signInStaff(t, 'operations');
    const issue = await publishIpo(t, ops, { symbol: 'DATECO' });
    expect(issue.listing_date).toBe(t.ctx.trading.offerings.defaultListingDate(issue.close_date));
    expect(issue.listing_date > issue.close_date).toBe(true);
  });

  it('states the minimum bid as the fewest lots a bid may hold, not one lot', async () => {
    await market();
    const ops = await signInStaff(t, 'operations');
    // One lot is ₹15,000, under the ₹19,000 minimum order: the smallest bid is two lots.
    const issue = await publishIpo(t, ops, {
      symbol: 'LOTCO',
      price_low: '70',
      price_high: '75',
      lot_size: 200,
    });
    expect(issue).toMatchObject({ min_lots: 2, min_bid_paise: 3_000_000 });
    const bidder = await trader(t, 100_000);
    const one = await placeOrder(t, bidder, { type: 'ipo', offering_id: issue.id, lots: 1 });
    expect(one.body.message).toBe(TM.belowMinimum);
    await placed(t, bidder, { type: 'ipo', offering_id: issue.id, lots: 2 });
  });
});
