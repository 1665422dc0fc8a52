import {
  formatPaise,
  paiseToRupeeNumber,
  type TMarketListItem,
  formatCount,
} from '@sampada/shared';
import type { Ipos } from './ipos.ts';
import type { OtcQuotes } from './otc-quotes.ts';

/** The open OTC quotes and IPOs as items of the market filter's lists. */
export function createMarketDeals(offerings: Pick<OtcQuotes, 'quotes'> & Pick<Ipos, 'ipos'>) {
  return {
    async otc(): Promise<TMarketListItem[]> {
      const quotes = await offerings.quotes('open');
      return quotes.map((q) => ({
        kind: 'otc',
        id: q.id,
        symbol: q.symbol,
        name: q.name,
        price: paiseToRupeeNumber(q.price_paise),
        change_pct: null,
        detail: `${q.side === 'buy' ? 'Buy' : 'Sell'} ${formatCount(q.remaining)} @ ${formatPaise(q.price_paise)}`,
      }));
    },
    async ipo(): Promise<TMarketListItem[]> {
      const issues = await offerings.ipos('open');
      return issues.map((i) => ({
        kind: 'ipo',
        id: i.id,
        symbol: i.symbol,
        name: i.name,
        price: paiseToRupeeNumber(i.price_high_paise),
        change_pct: null,
        detail: `Band ${formatPaise(i.price_low_paise)}–${formatPaise(i.price_high_paise)} · lot ${i.lot_size} · ${i.status === 'open' ? `closes ${i.close_date}` : `opens ${i.open_date}`}`,
      }));
    },
  };
}
