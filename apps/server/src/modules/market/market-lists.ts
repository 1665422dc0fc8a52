/** The market's lists: the sector heatmap, most active, rankings, the filter, the themes. */
import type {
  THeatmapSector,
  TMarketFilter,
  TMarketListItem,
  TQuote,
  TRankingType,
  TTheme,
} from '@sampada/shared';
import { decodeCursor, encodeCursor } from '../../platform/cursor.ts';
import type { MarketEngine } from './engine.ts';
import type { MarketDeps } from './market-deps.ts';
import { equityQuotes, knownQuotes, marketCapOf } from './market-reads.ts';

export function heatmap(engine: MarketEngine): THeatmapSector[] {
  const sectors = new Map<string, THeatmapSector>();
  for (const quote of equityQuotes(engine)) {
    const cap = marketCapOf(engine, quote.symbol);
    const name = quote.sector ?? 'Other';
    const sector = sectors.get(name) ?? {
      sector: name,
      change_pct: 0,
      market_cap: 0,
      stocks: [],
    };
    sector.stocks.push({
      symbol: quote.symbol,
      name: quote.name,
      price: quote.price,
      change_pct: quote.change_pct,
      market_cap: cap,
    });
    sector.market_cap += cap;
    sectors.set(name, sector);
  }
  return [...sectors.values()]
    .map((s) => ({
      ...s,
      change_pct: s.market_cap
        ? Math.round(
            (s.stocks.reduce((sum, x) => sum + x.change_pct * x.market_cap, 0) / s.market_cap) *
              100,
          ) / 100
        : 0,
      stocks: s.stocks.sort((a, b) => b.market_cap - a.market_cap),
    }))
    .sort((a, b) => b.market_cap - a.market_cap);
}

export function mostActive(engine: MarketEngine, by: 'volume' | 'value', limit: number): TQuote[] {
  return equityQuotes(engine)
    .sort((a, b) => b[by] - a[by] || a.symbol.localeCompare(b.symbol))
    .slice(0, limit);
}

export function rankings(engine: MarketEngine, type: TRankingType, limit: number): TQuote[] {
  const quotes = equityQuotes(engine);
  const nearness = (q: TQuote) =>
    type === 'week52_high' ? q.price / q.week52_high : q.week52_low / q.price;
  const order: Record<TRankingType, (a: TQuote, b: TQuote) => number> = {
    gainers: (a, b) => b.change_pct - a.change_pct,
    losers: (a, b) => a.change_pct - b.change_pct,
    week52_high: (a, b) => nearness(b) - nearness(a),
    week52_low: (a, b) => nearness(b) - nearness(a),
  };
  return quotes
    .sort((a, b) => order[type](a, b) || a.symbol.localeCompare(b.symbol))
    .slice(0, limit);
}

/** The market filter (spec §3): equities by symbol, then the desk's OTC quotes and IPOs. */
export async function marketList(
  { engine, deals }: Pick<MarketDeps, 'engine' | 'deals'>,
  filter: TMarketFilter,
  cursor: string | undefined,
  limit: number,
) {
  const stocks: TMarketListItem[] =
    filter === 'all' || filter === 'stock'
      ? equityQuotes(engine).map((q) => ({
          kind: 'stock',
          id: q.symbol,
          symbol: q.symbol,
          name: q.name,
          price: q.price,
          change_pct: q.change_pct,
          detail: q.sector,
        }))
      : [];
  const otc = filter === 'all' || filter === 'otc' ? await deals.otc() : [];
  const ipo = filter === 'all' || filter === 'ipo' ? await deals.ipo() : [];
  // Deals first: they are what the desk is offering now.
  const rows = [...otc, ...ipo, ...stocks];
  const after = decodeCursor(cursor, 2);
  const start = after ? rows.findIndex((r) => r.kind === after[0] && r.id === after[1]) + 1 : 0;
  const items = rows.slice(start, start + limit);
  const last = items.at(-1);
  return {
    items,
    next_cursor: start + limit < rows.length && last ? encodeCursor([last.kind, last.id]) : null,
  };
}

export function themes({ engine, themes }: Pick<MarketDeps, 'engine' | 'themes'>): TTheme[] {
  return themes.map((theme) => {
    const stocks = knownQuotes(engine, theme.symbols);
    const change = stocks.reduce((sum, q) => sum + q.change_pct, 0) / Math.max(1, stocks.length);
    return {
      id: theme.id,
      title: theme.title,
      description: theme.description,
      change_pct: Math.round(change * 100) / 100,
      stocks,
    };
  });
}
