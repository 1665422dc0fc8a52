/**
 * A corporate action ends every awaiting order in its scrip at once (release-order.ts
 * `releaseOrders`), on real PostgreSQL: a buy's cash on hold comes back through the ledger, a
 * sell's reserved shares go back to the holding, each order says why and is audited once.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { paiseToRupeeText } from '@sampada/shared';
import { cliActor } from '../../platform/audit.ts';
import { inTransaction } from '../../platform/transaction.ts';
import { sqlRows, type TestApp } from '../../test/helpers.ts';
import { near, openMarketApp, placed, trader, untilSettled } from './test-fixtures.ts';

vi.setConfig({ testTimeout: 180_000, hookTimeout: 180_000 });

let t: TestApp;
beforeAll(async () => {
  t = await openMarketApp();
});
afterAll(() => t.close());

const holding = async (clientId: string) =>
  (
    await sqlRows<{ quantity: string; reserved: string }>(
      t,
      `select quantity, reserved from holdings where client_id = '${clientId}' and symbol = 'TCS'`,
    )
  )[0]!;

describe('a corporate action cancels the awaiting orders in its scrip', () => {
  it("returns a buy's hold and a sell's shares; each order cancelled with the reason, audited", async () => {
    const buyer = await trader(t, 200_000);
    const seller = await trader(t, 200_000);
    const bought = await placed(t, seller, {
      type: 'market',
      symbol: 'TCS',
      side: 'buy',
      quantity: 10,
    });
    await untilSettled(t, seller, bought.id);
    const cash = await t.ctx.ledger.balancesOf(buyer.id);
    const buy = await placed(t, buyer, {
      type: 'limit',
      symbol: 'TCS',
      side: 'buy',
      quantity: 10,
      limit_price: paiseToRupeeText(near(t, 'TCS', 92)),
    });
    const sell = await placed(t, seller, {
      type: 'limit',
      symbol: 'TCS',
      side: 'sell',
      quantity: 8,
      limit_price: paiseToRupeeText(near(t, 'TCS', 108)),
    });
    expect((await t.ctx.ledger.balancesOf(buyer.id)).cash_on_hold).toBeGreaterThan(0n);
    const held = Number((await holding(seller.id)).quantity);
    expect(held).toBeGreaterThanOrEqual(8);
    const applied = await inTransaction(t.ctx.db, (tx) =>
      t.ctx.trading.applyCorporateAction(
        tx,
        {
          id: crypto.randomUUID(),
          symbol: 'TCS',
          kind: 'split',
          ratioNew: 2,
          ratioOld: 1,
          newSymbol: null,
          exDate: '2099-01-01',
          allotDate: '2099-01-01',
        },
        cliActor(),
      ),
    );
    expect(applied).toMatchObject({ ordersCancelled: 2, clients: 1 });
    const orders = await sqlRows<{
      id: string;
      status: string;
      hold_paise: string;
      reason: string;
    }>(
      t,
      `select id, status, hold_paise, reason from orders where id in ('${buy.id}', '${sell.id}')`,
    );
    const reason = 'Cancelled for the split of TCS (ex-date 2099-01-01).';
    expect(orders).toHaveLength(2);
    for (const o of orders)
      expect(o).toMatchObject({ status: 'cancelled', hold_paise: '0', reason });
    expect(await t.ctx.ledger.balancesOf(buyer.id)).toEqual(cash);
    // Held before 2099 (what the market order filled): the split doubles it; none reserved.
    expect(await holding(seller.id)).toEqual({ quantity: String(2 * held), reserved: '0' });
    const audits = await sqlRows<{ subject_id: string }>(
      t,
      `select subject_id from audit_log where action = 'order.corporate_action'
        and subject_id in ('${buy.id}', '${sell.id}')`,
    );
    expect(audits.map((a) => a.subject_id).sort()).toEqual([buy.id, sell.id].sort());
  });
});
