import { describe, expect, it } from 'vitest';
import {
  buyCost,
  canMoveOrder,
  computeCharges,
  DEFAULT_CHARGES,
  ORDER_STATUSES,
  ORDER_TRANSITIONS,
  orderCost,
  rupeePrice,
  TM,
  ZOrderRequest,
} from './trading.ts';

describe('charges on an Indian delivery schedule (worked examples)', () => {
  it('buy 100 × ₹1,500: brokerage capped at ₹20, STT to the rupee, stamp duty on the buy side', () => {
    expect(computeCharges(DEFAULT_CHARGES, 'buy', 15_000_000n)).toEqual({
      brokerage_paise: 2000, // 0.1% would be ₹150; the cap is ₹20
      stt_paise: 15_000, // 0.1% = ₹150
      exchange_paise: 446, // 0.00297% = ₹4.455, half up
      sebi_paise: 15, // ₹10 per crore
      stamp_paise: 2250, // 0.015% = ₹22.50
      dp_paise: 0,
      gst_paise: 443, // 18% of ₹24.61 = ₹4.4298
      total_paise: 20_154,
      vip_discount_paise: 0,
    });
    expect(buyCost(DEFAULT_CHARGES, 15_000_000n)).toBe(15_020_154n);
  });

  it('a VIP tier of 25% takes a quarter of the capped brokerage off, and GST follows', () => {
    const c = computeCharges(DEFAULT_CHARGES, 'buy', 15_000_000n, { discountBps: 2500 });
    expect(c.vip_discount_paise).toBe(500); // 25% of the ₹20 cap
    expect(c.brokerage_paise).toBe(1500);
    expect(c.gst_paise).toBe(353); // 18% of ₹19.61
    expect(c.total_paise).toBe(20_154 - 500 - 90);
  });

  it('sell 10 × ₹2,345.60: no stamp duty, STT rounded to the rupee', () => {
    expect(computeCharges(DEFAULT_CHARGES, 'sell', 2_345_600n)).toEqual({
      brokerage_paise: 2000,
      stt_paise: 2300, // ₹23.456 → ₹23
      exchange_paise: 70, // 69.66 paise
      sebi_paise: 2,
      stamp_paise: 0,
      dp_paise: 0, // not the first sell of the day: no DP charge
      gst_paise: 373, // 18% of ₹20.72
      total_paise: 4745,
      vip_discount_paise: 0,
    });
  });

  it('the ₹19,000 minimum: brokerage under the cap', () => {
    expect(computeCharges(DEFAULT_CHARGES, 'buy', 1_900_000n)).toEqual({
      brokerage_paise: 1900,
      stt_paise: 1900,
      exchange_paise: 56,
      sebi_paise: 2,
      stamp_paise: 285,
      dp_paise: 0,
      gst_paise: 352,
      total_paise: 4495,
      vip_discount_paise: 0,
    });
  });

  it('a zero-brokerage schedule charges only the statutory items', () => {
    const free = { ...DEFAULT_CHARGES, brokerage_pct: '0', brokerage_max_paise: 0 };
    const c = computeCharges(free, 'buy', 15_000_000n);
    expect(c.brokerage_paise).toBe(0);
    expect(c.gst_paise).toBe(83); // 18% of ₹4.61
  });
});

describe('orderCost: one rule for the ticket, the hold and the fill', () => {
  it('a limit buy holds its value and charges; a market-like buy adds the 3% buffer first', () => {
    const limit = orderCost(DEFAULT_CHARGES, {
      side: 'buy',
      valuePaise: 15_000_000n,
      marketLike: false,
    });
    expect(limit.charges).toEqual(computeCharges(DEFAULT_CHARGES, 'buy', 15_000_000n));
    expect(limit.hold).toBe(15_020_154n);
    const market = orderCost(DEFAULT_CHARGES, {
      side: 'buy',
      valuePaise: 15_000_000n,
      marketLike: true,
    });
    expect(market.charges).toEqual(limit.charges); // charged on the value, not the buffer
    expect(market.hold).toBe(buyCost(DEFAULT_CHARGES, 15_450_000n));
  });

  it('a sell holds no cash; its charges come out of the proceeds, DP included', () => {
    const sell = orderCost(
      DEFAULT_CHARGES,
      { side: 'sell', valuePaise: 2_345_600n, marketLike: true },
      { dp: true },
    );
    expect(sell.hold).toBe(0n);
    expect(sell.charges).toEqual(computeCharges(DEFAULT_CHARGES, 'sell', 2_345_600n, { dp: true }));
  });
});

describe('DP charge: flat per scrip per day on delivery sells, GST on top', () => {
  const zeroBrokerage = { ...DEFAULT_CHARGES, brokerage_pct: '0', brokerage_max_paise: 0 };

  it('a ₹1,00,000 delivery buy still costs ₹118.62, as the published calculator says', () => {
    expect(computeCharges(zeroBrokerage, 'buy', 10_000_000n, { dp: true })).toEqual({
      brokerage_paise: 0,
      stt_paise: 10_000, // ₹100
      exchange_paise: 297, // ₹2.97
      sebi_paise: 10, // ₹0.10
      stamp_paise: 1500, // ₹15
      dp_paise: 0, // a buy never pays it
      gst_paise: 55, // 18% of ₹3.07
      total_paise: 11_862,
      vip_discount_paise: 0,
    });
  });

  it('a ₹1,00,000 delivery sell, first of the scrip today: ₹13.50 DP + 18% GST → ₹119.55', () => {
    expect(computeCharges(zeroBrokerage, 'sell', 10_000_000n, { dp: true })).toEqual({
      brokerage_paise: 0,
      stt_paise: 10_000,
      exchange_paise: 297,
      sebi_paise: 10,
      stamp_paise: 0,
      dp_paise: 1350,
      gst_paise: 298, // 18% of ₹16.57 = ₹2.9826 (₹0.55 on the fees + ₹2.43 on the DP charge)
      total_paise: 11_955,
      vip_discount_paise: 0,
    });
    // A second sell of the same scrip that day pays no DP charge.
    expect(computeCharges(zeroBrokerage, 'sell', 10_000_000n).dp_paise).toBe(0);
  });

  it('the flat amount is configurable, zero switching it off', () => {
    const dearer = { ...zeroBrokerage, dp_charge_paise: 1590 };
    expect(computeCharges(dearer, 'sell', 10_000_000n, { dp: true }).dp_paise).toBe(1590);
    const none = { ...zeroBrokerage, dp_charge_paise: 0 };
    expect(computeCharges(none, 'sell', 10_000_000n, { dp: true }).total_paise).toBe(10_362);
  });
});

describe('order lifecycle table', () => {
  it('only awaiting moves, and only to a final status', () => {
    for (const from of ORDER_STATUSES)
      for (const to of ORDER_STATUSES)
        expect(canMoveOrder(from, to)).toBe(from === 'awaiting' && to !== 'awaiting');
    expect(ORDER_TRANSITIONS.filled).toEqual([]);
    expect(canMoveOrder('cancelled', 'filled')).toBe(false);
    expect(canMoveOrder('partially_filled', 'filled')).toBe(false);
  });
});

describe('order requests', () => {
  it('parses a limit price exactly and refuses bad ones', () => {
    expect(rupeePrice('x').parse('1402.05')).toBe(140_205n);
    expect(rupeePrice('x').parse(99.5)).toBe(9950n);
    expect(rupeePrice('x').safeParse('1.234').error?.issues[0]?.message).toBe(TM.priceInvalid);
    expect(rupeePrice('x').safeParse('0').error?.issues[0]?.message).toBe(TM.priceInvalid);
  });

  it('tells order types apart and names what is wrong', () => {
    const ok = ZOrderRequest.parse({
      type: 'market',
      symbol: 'infy',
      side: 'buy',
      quantity: '20',
      pin: 'a'.repeat(32),
    });
    expect(ok).toMatchObject({ symbol: 'INFY', quantity: 20 });
    const bad = ZOrderRequest.safeParse({
      type: 'market',
      symbol: 'INFY',
      side: 'buy',
      quantity: 1.5,
      pin: 'a'.repeat(32),
    });
    expect(bad.error?.issues[0]?.message).toBe(TM.quantityInvalid);
    const ipo = ZOrderRequest.safeParse({
      type: 'ipo',
      offering_id: crypto.randomUUID(),
      lots: 0,
      pin: 'a'.repeat(32),
    });
    expect(ipo.error?.issues[0]?.message).toBe(TM.lotsInvalid);
  });
});
