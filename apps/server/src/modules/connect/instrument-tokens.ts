/**
 * Instrument tokens as Kite Connect v3 clients read them: `exchange_token << 8 | segment`, the
 * low byte naming the segment (the ticker's packets are decoded by it: 1 NSE cash, 9 indices).
 * Our symbols carry no exchange token, so one is derived from the symbol (FNV-1a, 23 bits),
 * stepping past a collision in symbol order: a symbol's token stays the same across restarts
 * while the universe does not gain a colliding symbol that sorts before it.
 */
export const SEGMENT = { NSE: 1, INDICES: 9 } as const;

export type TokenInstrument = { symbol: string; market: 'NSE' | 'INDEX' };

// 23 bits: the token (exchange token × 256 + segment) stays a positive 32-bit integer.
const TOKEN_SPACE = 1 << 23;

function fnv24(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  // Folded into the token space; 0 is kept out (a token of 0 reads as "none" in many clients).
  return ((hash >>> 24) ^ (hash & 0xffffff)) % (TOKEN_SPACE - 1) || 1;
}

export type TokenTable = {
  tokenOf(symbol: string): number | undefined;
  bySymbol(token: number): string | undefined;
  exchangeTokenOf(token: number): number;
};

export const segmentOf = (market: TokenInstrument['market']) =>
  market === 'INDEX' ? SEGMENT.INDICES : SEGMENT.NSE;

/** The tokens of a universe, built once per universe. */
export function tokenTable(instruments: readonly TokenInstrument[]): TokenTable {
  const used = new Set<number>();
  const tokens = new Map<string, number>();
  const symbols = new Map<number, string>();
  for (const i of [...instruments].sort((a, b) => (a.symbol < b.symbol ? -1 : 1))) {
    let exchange = fnv24(`${i.market}:${i.symbol}`);
    while (used.has(exchange)) exchange = (exchange % (TOKEN_SPACE - 1)) + 1;
    used.add(exchange);
    const token = exchange * 256 + segmentOf(i.market);
    tokens.set(i.symbol, token);
    symbols.set(token, i.symbol);
  }
  return {
    tokenOf: (symbol) => tokens.get(symbol),
    bySymbol: (token) => symbols.get(token),
    exchangeTokenOf: (token) => Math.floor(token / 256),
  };
}
