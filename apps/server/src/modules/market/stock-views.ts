/** One stock's pages: its detail, its company, its chart, and its daily closes. */
import {
  MARKET_INDICES,
  type TCandleInterval,
  type TChartData,
  type TCompany,
  type TMarket,
  type TStockDetail,
} from '@sampada/shared';
import { istDateOf } from '../../platform/ist.ts';
import { candlesBetween, recentCandles } from './candles.ts';
import { companyProfile } from './instruments.ts';
import type { MarketDeps } from './market-deps.ts';
import { instrumentOf, marketCapOf, quoteOf } from './market-reads.ts';
import { bandFor } from './model.ts';
import { paiseToRupees, tickSizeFor } from './ticks.ts';

export function stockDetail(
  { engine, calendar, clock }: Pick<MarketDeps, 'engine' | 'calendar' | 'clock'>,
  symbol: string,
  market: TMarket,
): TStockDetail {
  const instrument = instrumentOf(engine, symbol, market);
  const state = engine.state(symbol)!;
  const indices = MARKET_INDICES.filter((x) =>
    engine.constituentsOf(x).some((c) => c.symbol === symbol),
  );
  const fixedBand = instrument.market === 'NSE' && !instrument.fno;
  return {
    ...quoteOf(engine, symbol),
    isin: instrument.isin,
    industry: instrument.industry,
    tick_size: paiseToRupees(tickSizeFor(state.tickBasis)),
    band_pct: fixedBand && bandFor(instrument, state) ? (instrument.bandPct ?? 20) : null,
    fno: instrument.fno,
    market_cap: instrument.sharesOutstanding ? marketCapOf(engine, symbol) : null,
    avg_volume: instrument.avgDailyVolume,
    session: calendar.sessionAt(clock.now()).session,
    indices,
  };
}

export async function companyOf(
  { db, engine, videos }: Pick<MarketDeps, 'db' | 'engine' | 'videos'>,
  symbol: string,
  market: TMarket,
): Promise<TCompany> {
  const instrument = instrumentOf(engine, symbol, market);
  const [profile, uploaded] = await Promise.all([
    companyProfile(db, symbol),
    videos.urlOf(instrument.symbol),
  ]);
  return {
    symbol: instrument.symbol,
    market: instrument.market,
    name: instrument.name,
    isin: instrument.isin,
    sector: instrument.sector,
    industry: instrument.industry,
    description: profile?.description ?? '',
    founded: profile?.founded ?? null,
    headquarters: profile?.headquarters ?? null,
    website: profile?.website ?? null,
    // A video staff uploaded comes before the reference data's link.
    video_url: uploaded ?? profile?.videoUrl ?? null,
  };
}

export async function chartOf(
  { db, engine }: Pick<MarketDeps, 'db' | 'engine'>,
  symbol: string,
  market: TMarket,
  interval: TCandleInterval,
  limit: number,
): Promise<TChartData> {
  const instrument = instrumentOf(engine, symbol, market);
  const rows = await recentCandles(db, instrument.symbol, interval, limit);
  return chartData(instrument, interval, rows);
}

/** The candles that start within [from, to], however old (the API's historical candles). */
export async function chartBetween(
  { db, engine }: Pick<MarketDeps, 'db' | 'engine'>,
  symbol: string,
  market: TMarket,
  interval: TCandleInterval,
  range: { from: Date; to: Date },
): Promise<TChartData> {
  const instrument = instrumentOf(engine, symbol, market);
  const rows = await candlesBetween(db, instrument.symbol, interval, range);
  return chartData(instrument, interval, rows);
}

function chartData(
  instrument: { symbol: string; market: TMarket },
  interval: TCandleInterval,
  rows: Awaited<ReturnType<typeof recentCandles>>,
): TChartData {
  return {
    symbol: instrument.symbol,
    market: instrument.market,
    interval,
    candles: rows.map((r) => ({
      time: Math.floor(r.start.getTime() / 1000),
      open: paiseToRupees(r.open),
      high: paiseToRupees(r.high),
      low: paiseToRupees(r.low),
      close: paiseToRupees(r.close),
      volume: r.volume,
    })),
  };
}

/** Daily closes in paise by IST day, oldest first: the portfolio's returns and benchmark. */
export async function dailyCloses(
  { db }: Pick<MarketDeps, 'db'>,
  symbol: string,
  limit: number,
): Promise<{ day: string; close: number }[]> {
  const rows = await recentCandles(db, symbol, '1d', limit);
  return rows.map((r) => ({ day: istDateOf(r.start), close: r.close }));
}
