/** The market's pure rules: ticks and bands, sessions, randomness, candles, indices, search. */
import { describe, expect, it } from 'vitest';
import { createCalendar, istInstant } from './calendar.ts';
import { aggregate, bucketStart } from './candles.ts';
import { indexLevel } from './indices.ts';
import type { Instrument, QuoteState } from './model.ts';
import { referenceData } from './reference-data.ts';
import { createSearchIndex, editDistance, searchInstruments } from './search.ts';
import { createSimulatedFeed } from './simulator.ts';
import { priceBand, roundToTick, tickSizeFor } from './ticks.ts';

describe('NSE tick sizes and bands', () => {
  it.each([
    [249_99, 1],
    [250_00, 5],
    [1_000_00, 5],
    [1_000_05, 10],
    [5_000_00, 10],
    [5_000_50, 50],
    [10_000_00, 50],
    [15_000_00, 100],
    [20_000_00, 100],
    [25_000_00, 500],
  ])('a basis of %i paise trades in ticks of %i paise', (basis, tick) => {
    expect(tickSizeFor(basis)).toBe(tick);
  });

  it('rounds bands inward to whole ticks', () => {
    expect(priceBand(1_234_50, 5, 10)).toEqual({ lower: 1_172_80, upper: 1_296_20 });
    const band = priceBand(101_03, 20, 1);
    expect(band).toEqual({ lower: 80_83, upper: 121_23 });
  });
});

describe('NSE sessions in Asia/Kolkata', () => {
  const calendar = createCalendar(referenceData().holidays, { alwaysOpen: false });
  const at = (iso: string) => calendar.sessionAt(new Date(iso));

  it('knows pre-open, normal market and after hours on a trading day', () => {
    // Friday 20 Nov 2026: 08:59 IST is 03:29 UTC.
    expect(at('2026-11-20T03:29:00Z')).toMatchObject({ session: 'closed', reason: 'before_hours' });
    expect(at('2026-11-20T03:30:00Z').session).toBe('pre_open');
    expect(at('2026-11-20T03:44:59Z').session).toBe('pre_open');
    expect(at('2026-11-20T03:45:00Z').session).toBe('open');
    expect(at('2026-11-20T09:59:59Z').session).toBe('open');
    expect(at('2026-11-20T10:00:00Z')).toMatchObject({ session: 'closed', reason: 'after_hours' });
  });

  it('is closed on weekends and holidays, and finds the next open', () => {
    expect(at('2026-11-21T05:00:00Z')).toMatchObject({ session: 'closed', reason: 'weekend' });
    expect(at('2026-11-24T05:00:00Z')).toMatchObject({ session: 'closed', reason: 'holiday' });
    // Saturday → Monday 23 Nov 09:15 IST.
    expect(calendar.nextOpen(new Date('2026-11-21T05:00:00Z'))).toEqual(
      istInstant('2026-11-23', 555),
    );
    // Monday after hours → Tuesday is Guru Nanak Jayanti → Wednesday.
    expect(calendar.nextOpen(new Date('2026-11-23T11:00:00Z'))).toEqual(
      istInstant('2026-11-25', 555),
    );
    expect(calendar.previousTradingDate('2026-11-25')).toBe('2026-11-23');
  });

  it('can be kept open for demos and tests', () => {
    const open = createCalendar([], { alwaysOpen: true });
    expect(open.sessionAt(new Date('2026-11-22T20:00:00Z')).session).toBe('open');
    expect(open.status(new Date()).always_open).toBe(true);
  });
});

function fixture() {
  const ref = referenceData();
  const instruments: Instrument[] = ref.instruments.map((i) => ({
    ...i,
    market: 'NSE',
    bandPct: null,
    baseValuePaise: null,
  }));
  const states = new Map<string, QuoteState>(
    instruments.map((i) => [
      i.symbol,
      {
        symbol: i.symbol,
        tradingDate: '2026-11-20',
        last: i.refClosePaise,
        open: null,
        high: null,
        low: null,
        prevClose: i.refClosePaise,
        volume: 0,
        valuePaise: 0,
        tickBasis: i.refClosePaise,
        rangePct: null,
        week52High: i.refClosePaise,
        week52Low: i.refClosePaise,
        updatedAt: new Date(0),
      },
    ]),
  );
  return { instruments, states };
}

function run(seed: number, steps: number, stepMs = 500) {
  const { instruments, states } = fixture();
  const feed = createSimulatedFeed(seed);
  const prints: string[] = [];
  for (let step = 1; step <= steps; step++) {
    const trades = feed.step({
      step,
      stepMs,
      minute: 600,
      tradingDate: '2026-11-20',
      instruments,
      states,
    });
    for (const trade of trades) {
      states.get(trade.symbol)!.last = trade.price;
      prints.push(`${trade.symbol}:${trade.price}:${trade.volume}`);
    }
  }
  return { prints, instruments, states };
}

describe('simulated feed', () => {
  it('is reproducible for a seed and differs across seeds', () => {
    expect(run(7, 50).prints).toEqual(run(7, 50).prints);
    expect(run(7, 50).prints).not.toEqual(run(8, 50).prints);
  });

  it('prints only on the tick grid and inside the band, with positive volume', () => {
    // An hour a step: large moves, so bands are reached.
    const { instruments, states } = fixture();
    const feed = createSimulatedFeed(3);
    for (let step = 1; step <= 300; step++) {
      for (const trade of feed.step({
        step,
        stepMs: 3_600_000,
        minute: 600,
        tradingDate: '2026-11-20',
        instruments,
        states,
      })) {
        const state = states.get(trade.symbol)!;
        const tick = tickSizeFor(state.tickBasis);
        expect(trade.price % tick).toBe(0);
        const band = priceBand(state.prevClose, 20, tick);
        expect(trade.price).toBeGreaterThanOrEqual(band.lower);
        expect(trade.price).toBeLessThanOrEqual(band.upper);
        expect(trade.volume).toBeGreaterThan(0);
        state.last = trade.price;
      }
    }
  });

  it('moves a sector together more than across sectors', () => {
    const { instruments } = fixture();
    const feed = createSimulatedFeed(11);
    const { states } = fixture();
    const returns = new Map<string, number[]>();
    for (let step = 1; step <= 400; step++) {
      const before = new Map([...states].map(([s, q]) => [s, q.last]));
      feed
        .step({ step, stepMs: 60_000, minute: 600, tradingDate: '2026-11-20', instruments, states })
        .forEach((t) => {
          states.get(t.symbol)!.last = t.price;
        });
      for (const [symbol, state] of states) {
        const list = returns.get(symbol) ?? [];
        list.push(Math.log(state.last / before.get(symbol)!));
        returns.set(symbol, list);
      }
    }
    const corr = (a: number[], b: number[]) => {
      const mean = (x: number[]) => x.reduce((s, v) => s + v, 0) / x.length;
      const [ma, mb] = [mean(a), mean(b)];
      let num = 0;
      let da = 0;
      let db = 0;
      a.forEach((v, i) => {
        num += (v - ma) * (b[i]! - mb);
        da += (v - ma) ** 2;
        db += (b[i]! - mb) ** 2;
      });
      return num / Math.sqrt(da * db);
    };
    const banks = corr(returns.get('HDFCBANK')!, returns.get('ICICIBANK')!);
    const apart = corr(returns.get('HDFCBANK')!, returns.get('SUNPHARMA')!);
    expect(banks).toBeGreaterThan(apart);
  });
});

describe('candles', () => {
  it('buckets in IST, hourly bars from 09:15, weekly from Monday', () => {
    const t = new Date('2026-11-20T04:07:30Z'); // 09:37:30 IST, a Friday
    expect(bucketStart(t, '1m').toISOString()).toBe('2026-11-20T04:07:00.000Z');
    expect(bucketStart(t, '5m').toISOString()).toBe('2026-11-20T04:05:00.000Z');
    expect(bucketStart(t, '15m').toISOString()).toBe('2026-11-20T04:00:00.000Z');
    expect(bucketStart(t, '1h').toISOString()).toBe('2026-11-20T03:45:00.000Z');
    expect(bucketStart(t, '1d').toISOString()).toBe('2026-11-19T18:30:00.000Z');
    expect(bucketStart(t, '1w').toISOString()).toBe('2026-11-15T18:30:00.000Z');
  });

  it('aggregates minute bars into five-minute bars', () => {
    const start = istInstant('2026-11-20', 555);
    const minutes = [10, 12, 9, 11, 15, 14].map((close, k) => ({
      start: new Date(start.getTime() + k * 60_000),
      bar: { open: close - 1, high: close + 1, low: close - 2, close, volume: 100 },
    }));
    const fives = aggregate(minutes, '5m');
    expect(fives).toHaveLength(2);
    expect(fives[0]!.bar).toEqual({ open: 9, high: 16, low: 7, close: 15, volume: 500 });
    expect(fives[1]!.bar).toEqual({ open: 13, high: 15, low: 12, close: 14, volume: 100 });
  });
});

describe('index levels', () => {
  const members = [
    { symbol: 'A', weight: 0.6, basePricePaise: 100_00 },
    { symbol: 'B', weight: 0.4, basePricePaise: 50_00 },
  ];
  it('stand at the base value at base prices and move by weighted relatives', () => {
    const prices = new Map([
      ['A', 100_00],
      ['B', 50_00],
    ]);
    expect(indexLevel(26_000_00, members, (s) => prices.get(s))).toBe(26_000_00);
    prices.set('A', 110_00); // +10% on 60% of the index → +6%
    expect(indexLevel(26_000_00, members, (s) => prices.get(s))).toBe(27_560_00);
  });
  it('renormalises when a constituent has no price', () => {
    expect(indexLevel(1_000_00, members, (s) => (s === 'A' ? 120_00 : undefined))).toBe(1_200_00);
  });
});

describe('search ranking', () => {
  const universe = [
    { symbol: 'HDFCBANK', name: 'HDFC Bank', weight: 10 },
    { symbol: 'HDFCLIFE', name: 'HDFC Life Insurance', weight: 5 },
    { symbol: 'ICICIBANK', name: 'ICICI Bank', weight: 9 },
    { symbol: 'M&M', name: 'Mahindra & Mahindra', weight: 4 },
    { symbol: 'BAJAJ-AUTO', name: 'Bajaj Auto', weight: 3 },
    { symbol: 'RELIANCE', name: 'Reliance Industries', weight: 12 },
  ];
  const symbols = (q: string) => searchInstruments(universe, q, 10).map((i) => i.symbol);

  it('puts the exact symbol first, then prefixes by closeness, then name words', () => {
    expect(symbols('HDFCLIFE')[0]).toBe('HDFCLIFE');
    expect(symbols('hdfc')).toEqual(['HDFCBANK', 'HDFCLIFE']);
    expect(symbols('bank')).toEqual(['HDFCBANK', 'ICICIBANK']);
    expect(symbols('m&m')[0]).toBe('M&M');
    expect(symbols('bajaj-auto')[0]).toBe('BAJAJ-AUTO');
    expect(symbols('mahindra')).toEqual(['M&M']);
  });

  it('forgives a typo or a swapped pair', () => {
    expect(symbols('relaince')).toEqual(['RELIANCE']);
    expect(symbols('icic')).toEqual(['ICICIBANK']);
    expect(editDistance('RELAINCE', 'RELIANCE')).toBe(1);
    expect(symbols('zz')).toEqual([]);
  });

  it('the index ranks like the plain pass on the same cases', () => {
    const index = createSearchIndex(universe);
    const indexed = (q: string) => index.search(q, 10).map((i) => i.symbol);
    expect(indexed('hdfc')).toEqual(['HDFCBANK', 'HDFCLIFE']);
    expect(indexed('bank')).toEqual(['HDFCBANK', 'ICICIBANK']);
    expect(indexed('m&m')[0]).toBe('M&M');
    expect(indexed('mahindra')).toEqual(['M&M']);
    expect(indexed('relaince')).toEqual(['RELIANCE']);
    expect(indexed('icic')).toEqual(['ICICIBANK']);
    expect(indexed('zz')).toEqual([]);
    expect(indexed('   ')).toEqual([]);
    expect(index.search('hdfc', 1).map((i) => i.symbol)).toEqual(['HDFCBANK']);
  });

  it('the index answers exactly what the plain pass answers over the whole universe', () => {
    // Every prefix of every symbol and name word, with a typo and with a dropped first letter,
    // at two limits: the same items in the same order, ties included.
    const whole = referenceData().instruments.map((i) => ({
      symbol: i.symbol,
      name: i.name,
      weight: (i.sharesOutstanding ?? 0) * i.refClosePaise,
    }));
    const index = createSearchIndex(whole);
    const texts = new Set<string>();
    for (const item of whole) {
      for (const word of [item.symbol, ...item.name.split(' ')]) {
        for (let k = 1; k <= word.length; k++) {
          const head = word.slice(0, k);
          texts.add(head);
          texts.add(`${head.toLowerCase()}x`);
          texts.add(word.slice(1, k + 1));
        }
      }
    }
    expect(texts.size).toBeGreaterThan(2000);
    for (const text of texts) {
      for (const limit of [5, 20]) {
        const expected = searchInstruments(whole, text, limit).map((i) => i.symbol);
        expect(
          index.search(text, limit).map((i) => i.symbol),
          text,
        ).toEqual(expected);
      }
    }
  });
});

describe('reproducible rounding', () => {
  it('never rounds to zero', () => {
    expect(roundToTick(0.2, 1)).toBe(1);
  });
});
