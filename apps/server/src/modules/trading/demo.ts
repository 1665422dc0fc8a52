/**
 * Demo deals, so a fresh install shows every kind of trade: an institutional allocation, an
 * OTC desk quote and an IPO open today, published by the demo operations desk at the live
 * prices of the moment. Only the demo seed calls this.
 */
import type { Actor } from '../../platform/audit.ts';
import { istDateOf } from '../../platform/ist.ts';
import type { TradingService } from './service.ts';
import { daysInMs } from '@sampada/shared';

export async function seedDemoDeals(
  trading: TradingService,
  deps: { now: Date; staffId: string; actor: Actor; priceOf: (symbol: string) => number | null },
) {
  const { now, staffId, actor } = deps;
  const paiseAt = (symbol: string, factor: number) => {
    const last = deps.priceOf(symbol);
    return last === null ? null : BigInt(Math.round((last * factor) / 10) * 10);
  };
  const allocationPrice = paiseAt('HDFCBANK', 0.99);
  if (allocationPrice)
    await trading.offerings.createAllocation(
      {
        symbol: 'HDFCBANK',
        price: allocationPrice,
        quantity: 5000,
        opens_at: now.toISOString(),
        closes_at: new Date(now.getTime() + daysInMs(14)).toISOString(),
        note: 'Institutional block from a fund rebalancing (demo).',
      },
      staffId,
      actor,
    );
  const quotePrice = paiseAt('RELIANCE', 1.005);
  if (quotePrice)
    await trading.offerings.createQuote(
      {
        symbol: 'RELIANCE',
        side: 'buy',
        price: quotePrice,
        quantity: 2000,
        valid_until: new Date(now.getTime() + daysInMs(7)).toISOString(),
        note: 'Desk inventory (demo).',
      },
      staffId,
      actor,
    );
  const today = istDateOf(now);
  const close = trading.offerings.defaultListingDate(today);
  await trading.offerings.createIpo(
    {
      symbol: 'SAMPADAFIN',
      name: 'Sampada Finserv Ltd (demo issue)',
      sector: 'Financial Services',
      industry: 'Finance',
      price_low: 28_500n,
      price_high: 30_000n,
      lot_size: 50,
      shares_offered: 50_000,
      open_date: today,
      close_date: close,
      description:
        'A demonstration IPO: bid in lots at the cut-off price while it is open; operations run the allotment after it closes and the shares list three working days later.',
    },
    staffId,
    actor,
  );
}
