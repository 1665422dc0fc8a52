import { describe, expect, it } from 'vitest';
import { SEGMENT, tokenTable } from './instrument-tokens.ts';

describe('instrument tokens', () => {
  it('carry the segment in the low byte: 1 for NSE stocks, 9 for indices', () => {
    const table = tokenTable([
      { symbol: 'INFY', market: 'NSE' },
      { symbol: 'NIFTY 50', market: 'INDEX' },
    ]);
    expect(table.tokenOf('INFY')! & 0xff).toBe(SEGMENT.NSE);
    expect(table.tokenOf('NIFTY 50')! & 0xff).toBe(SEGMENT.INDICES);
    expect(table.bySymbol(table.tokenOf('INFY')!)).toBe('INFY');
  });

  it('are the same for a symbol however the universe is ordered, and never repeat', () => {
    const symbols = Array.from({ length: 3000 }, (_, i) => ({
      symbol: `S${i}`,
      market: 'NSE' as const,
    }));
    const a = tokenTable(symbols);
    const b = tokenTable([...symbols].reverse());
    const tokens = symbols.map((s) => a.tokenOf(s.symbol)!);
    expect(new Set(tokens).size).toBe(3000);
    expect(symbols.every((s) => a.tokenOf(s.symbol) === b.tokenOf(s.symbol))).toBe(true);
    expect(tokens.every((t) => t > 0 && t < 2 ** 31)).toBe(true);
  });
});
