import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type {
  TMarketConfig,
  TChartData,
  TCompany,
  THeatmapSector,
  TPage,
  TMarketListItem,
  TQuote,
  TSearchResult,
  TStockDetail,
  TTheme,
} from '@sampada/shared';
import { buildTestApp, signUpClient, type TestApp } from '../../test/helpers.ts';
import { moneyClient } from '../funds/test-fixtures.ts';

let t: TestApp;
let token: string;
let key: string;

const stock = async <T>(path: string, init: RequestInit & { key?: string | null } = {}) => {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  const apiKey = init.key === undefined ? key : init.key;
  if (apiKey !== null) headers['x-api-key'] = apiKey;
  const response = await t.api.raw(`/stock/api/v1${path}`, { ...init, headers });
  return { status: response.status, body: (await response.json()) as { message: string; data: T } };
};

/** Steps the engine through `n` half-second steps of an always-open session. */
function runMarket(n: number) {
  for (let i = 0; i < n; i++) {
    t.clock.advance(500);
    t.ctx.market.engine.step();
  }
}

beforeAll(async () => {
  t = await buildTestApp({ env: { MARKET_ALWAYS_OPEN: 'true' } });
  token = (await signUpClient(t)).token;
  key = t.ctx.secrets.stockApiKey;
  runMarket(240);
  await t.ctx.market.engine.flush();
});
afterAll(async () => t?.close());

describe('stock-data API key', () => {
  it.each([
    ['missing', null],
    ['wrong', 'sk_not-the-key'],
  ])('answers 401 with the envelope when the key is %s', async (_label, apiKey) => {
    const reply = await stock('/stock_detail?market=NSE&s=RELIANCE', { key: apiKey });
    expect(reply.status).toBe(401);
    expect(reply.body).toMatchObject({
      code: 401,
      message: 'A valid X-API-KEY header is required.',
      data: null,
    });
  });

  it('is handed to a KYC-approved client by the market config call, to no one else', async () => {
    const approved = await moneyClient(t);
    const reply = await t.api.get<TMarketConfig>('/market/app/v1/config', approved.token);
    expect(reply.body.data).toMatchObject({ stock_api_key: key, ws_path: '/ws/app/v1' });
    // A client still in KYC gets the socket settings but not the key.
    const pending = await t.api.get<TMarketConfig>('/market/app/v1/config', token);
    expect(pending.status).toBe(200);
    expect(pending.body.data).toMatchObject({ stock_api_key: null, ws_path: '/ws/app/v1' });
    expect((await t.api.get('/market/app/v1/config')).status).toBe(401);
  });
});

describe('GET stock_detail and company', () => {
  it('describes a stock with its live quote, band and tick size', async () => {
    const { status, body } = await stock<TStockDetail>('/stock_detail?market=NSE&s=reliance');
    expect(status).toBe(200);
    const d = body.data;
    expect(d).toMatchObject({ symbol: 'RELIANCE', market: 'NSE', fno: true });
    expect(d.isin).toMatch(/^INE/);
    expect(d.price).toBeGreaterThan(0);
    expect(d.tick_size).toBeGreaterThan(0);
    expect(Math.round(d.price * 100) % Math.round(d.tick_size * 100)).toBe(0);
    expect(d.indices).toEqual(expect.arrayContaining(['NIFTY50']));
    expect(d.upper_band).toBeGreaterThan(d.lower_band!);
  });

  it('tells a company story', async () => {
    const { body } = await stock<TCompany>('/company?market=NSE&s=TCS');
    expect(body.data.description.length).toBeGreaterThan(40);
    expect(body.data.website).toMatch(/^https?:\/\//);
  });

  it('refuses unknown symbols, wrong markets and a missing symbol', async () => {
    expect((await stock('/stock_detail?market=NSE&s=NOPE')).status).toBe(404);
    expect((await stock('/company?market=INDEX&s=TCS')).status).toBe(404);
    const missing = await stock('/stock_detail?market=NSE');
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('Symbol is required.');
    const market = await stock('/stock_detail?market=BSE&s=TCS');
    expect(market.body.message).toBe('market must be NSE or INDEX.');
  });
});

describe('GET chart_data', () => {
  it('answers candles oldest first, consistent OHLC', async () => {
    const { body } = await stock<TChartData>('/chart_data?market=NSE&symbol=INFY&interval=1m');
    const candles = body.data.candles;
    expect(candles.length).toBeGreaterThan(0);
    for (const c of candles) {
      expect(c.high).toBeGreaterThanOrEqual(Math.max(c.open, c.close));
      expect(c.low).toBeLessThanOrEqual(Math.min(c.open, c.close));
    }
    const times = candles.map((c) => c.time);
    expect([...times].sort((a, b) => a - b)).toEqual(times);
  });

  it('has index candles and refuses unknown intervals', async () => {
    const index = await stock<TChartData>('/chart_data?market=INDEX&symbol=NIFTY50&interval=5m');
    expect(index.body.data.candles.length).toBeGreaterThan(0);
    const bad = await stock('/chart_data?market=NSE&symbol=INFY&interval=2m');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('interval must be one of 1m, 5m, 15m, 1h, 1d, 1w.');
  });
});

describe('GET /search/', () => {
  it('ranks the exact symbol first, then prefixes and names', async () => {
    const { body } = await stock<TSearchResult>('/search/?query=HDFC');
    const symbols = body.data.items.map((i) => i.symbol);
    expect(symbols[0]).toMatch(/^HDFC/);
    expect(symbols).toEqual(expect.arrayContaining(['HDFCBANK', 'HDFCLIFE']));
    for (const item of body.data.items) {
      expect(Object.keys(item).sort()).toEqual(['market', 'name', 'price', 'symbol']);
    }
  });

  it('finds names by word and forgives a typo', async () => {
    const byName = await stock<TSearchResult>('/search/?query=infosys');
    expect(byName.body.data.items[0]!.symbol).toBe('INFY');
    const typo = await stock<TSearchResult>('/search/?query=relaince');
    expect(typo.body.data.items[0]!.symbol).toBe('RELIANCE');
  });

  it('finds a newly listed stock at once', async () => {
    const symbol = 'SRCHIPO';
    expect((await stock<TSearchResult>(`/search/?query=${symbol}`)).body.data.items).toEqual([]);
    await t.ctx.db.transaction((tx) =>
      t.ctx.market.listInstrument(tx, {
        symbol,
        name: 'Searchable Listing',
        isin: null,
        sector: null,
        industry: null,
        refClosePaise: 12_000,
        sharesOffered: 1000,
        description: null,
      }),
    );
    await t.ctx.market.addListed(symbol);
    const bySymbol = await stock<TSearchResult>(`/search/?query=${symbol}`);
    expect(bySymbol.body.data.items.map((i) => i.symbol)).toEqual([symbol]);
    const byName = await stock<TSearchResult>('/search/?query=searchable');
    expect(byName.body.data.items[0]).toMatchObject({
      symbol,
      name: 'Searchable Listing',
      price: 120,
    });
  });

  it('needs text', async () => {
    const reply = await stock('/search/?query=');
    expect(reply.status).toBe(400);
    expect(reply.body.message).toBe('Search text is required.');
  });
});

describe('POST /stock', () => {
  it('answers quotes in the order asked, leaving out unknown symbols', async () => {
    const { body } = await stock<TQuote[]>('/stock', {
      method: 'POST',
      body: JSON.stringify(['TCS', { symbol: 'NIFTY50', market: 'INDEX' }, 'NOPE']),
    });
    expect(body.data.map((q) => q.symbol)).toEqual(['TCS', 'NIFTY50']);
  });

  it.each([{ symbols: ['TCS'] }, 'TCS', 42, null])(
    'refuses a body that is not an array: %j',
    async (payload) => {
      const reply = await stock('/stock', { method: 'POST', body: JSON.stringify(payload) });
      expect(reply.status).toBe(400);
      expect(reply.body.message).toBe('The request body must be an array of stocks.');
    },
  );
});

describe('market API', () => {
  it('lists the six indices of spec §3 in order, computed from constituents', async () => {
    const { body } = await t.api.get<TQuote[]>('/market/app/v1/indices', token);
    expect(body.data.map((q) => q.symbol)).toEqual([
      'SENSEX',
      'NIFTY50',
      'NIFTYBANK',
      'NIFTYSMLCAP100',
      'NIFTYMIDCAP100',
      'INDIAVIX',
    ]);
    expect(body.data.every((q) => q.market === 'INDEX' && q.price > 0)).toBe(true);
  });

  it('builds a sector heat map weighted by market cap', async () => {
    const { body } = await t.api.get<THeatmapSector[]>('/market/app/v1/heatmap', token);
    expect(body.data.length).toBeGreaterThan(5);
    const caps = body.data.map((s) => s.market_cap);
    expect([...caps].sort((a, b) => b - a)).toEqual(caps);
    const financials = body.data.find((s) => s.sector === 'Financial Services')!;
    expect(financials.stocks.map((s) => s.symbol)).toContain('HDFCBANK');
  });

  it('ranks most active by volume and by value, gainers and losers', async () => {
    const byVolume = (
      await t.api.get<TQuote[]>('/market/app/v1/most_active?by=volume&limit=5', token)
    ).body.data;
    expect(byVolume).toHaveLength(5);
    expect(byVolume[0]!.volume).toBeGreaterThanOrEqual(byVolume[4]!.volume);
    const byValue = (await t.api.get<TQuote[]>('/market/app/v1/most_active?by=value', token)).body
      .data;
    expect(byValue[0]!.value).toBeGreaterThanOrEqual(byValue[1]!.value);
    const gainers = (await t.api.get<TQuote[]>('/market/app/v1/rankings?type=gainers', token)).body
      .data;
    const losers = (await t.api.get<TQuote[]>('/market/app/v1/rankings?type=losers', token)).body
      .data;
    expect(gainers[0]!.change_pct).toBeGreaterThanOrEqual(gainers[1]!.change_pct);
    expect(losers[0]!.change_pct).toBeLessThanOrEqual(losers[1]!.change_pct);
    const high = (
      await t.api.get<TQuote[]>('/market/app/v1/rankings?type=week52_high&limit=3', token)
    ).body.data;
    expect(high).toHaveLength(3);
    const bad = await t.api.get('/market/app/v1/rankings?type=best', token);
    expect(bad.status).toBe(400);
  });

  it('pages the market filter and knows otc and ipo (empty until the desk publishes)', async () => {
    const first = (
      await t.api.get<TPage<TMarketListItem>>('/market/app/v1/list?filter=stock&limit=40', token)
    ).body.data;
    expect(first.items).toHaveLength(40);
    const second = (
      await t.api.get<TPage<TMarketListItem>>(
        `/market/app/v1/list?filter=stock&limit=40&cursor=${first.next_cursor}`,
        token,
      )
    ).body.data;
    expect(second.items[0]!.symbol).not.toBe(first.items[39]!.symbol);
    expect(new Set([...first.items, ...second.items].map((i) => i.id)).size).toBe(80);
    const otc = (await t.api.get<TPage<TMarketListItem>>('/market/app/v1/list?filter=otc', token))
      .body.data;
    expect(otc).toEqual({ items: [], next_cursor: null });
    const bad = await t.api.get('/market/app/v1/list?filter=bonds', token);
    expect(bad.body.message).toBe('filter must be one of all, stock, otc, ipo.');
  });

  it('serves curated themes with live quotes', async () => {
    const themes = (await t.api.get<TTheme[]>('/market/app/v1/themes', token)).body.data;
    expect(themes.length).toBeGreaterThan(3);
    expect(themes[0]!.stocks.length).toBeGreaterThan(2);
  });

  it('needs a signed-in client', async () => {
    expect((await t.api.get('/market/app/v1/indices')).status).toBe(401);
  });
});

describe('watchlist', () => {
  it('adds, reorders and removes, and is private to its client', async () => {
    const other = await signUpClient(t);
    const put = (symbols: string[], who = token) =>
      t.api.raw('/market/app/v1/watchlist/order', {
        method: 'PUT',
        headers: { authorization: `Bearer ${who}`, 'content-type': 'application/json' },
        body: JSON.stringify({ symbols }),
      });
    for (const symbol of ['TCS', 'INFY', 'ITC', 'TCS']) {
      await t.api.post('/market/app/v1/watchlist', { symbol }, token);
    }
    let list = (await t.api.get<TQuote[]>('/market/app/v1/watchlist', token)).body.data;
    expect(list.map((q) => q.symbol)).toEqual(['TCS', 'INFY', 'ITC']);
    expect((await put(['ITC', 'TCS', 'INFY'])).status).toBe(200);
    list = (await t.api.get<TQuote[]>('/market/app/v1/watchlist', token)).body.data;
    expect(list.map((q) => q.symbol)).toEqual(['ITC', 'TCS', 'INFY']);
    const wrong = await put(['ITC', 'TCS']);
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as { message: string }).message).toBe(
      'The order must list exactly the symbols on your watchlist.',
    );
    const removed = await t.api.raw('/market/app/v1/watchlist/TCS', {
      method: 'DELETE',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(((await removed.json()) as { data: TQuote[] }).data.map((q) => q.symbol)).toEqual([
      'ITC',
      'INFY',
    ]);
    expect((await t.api.get<TQuote[]>('/market/app/v1/watchlist', other.token)).body.data).toEqual(
      [],
    );
    const index = await t.api.post('/market/app/v1/watchlist', { symbol: 'NIFTY50' }, token);
    expect(index.body.message).toBe('Indices cannot be added to a watchlist.');
  });
});

describe('live quotes over WebSocket', () => {
  const open = () =>
    new Promise<{ socket: WebSocket; messages: Record<string, unknown>[] }>((resolve, reject) => {
      const socket = new WebSocket(`${t.baseUrl.replace('http', 'ws')}/ws/app/v1`);
      const messages: Record<string, unknown>[] = [];
      socket.on('message', (raw) =>
        messages.push(JSON.parse(String(raw)) as Record<string, unknown>),
      );
      socket.on('open', () => resolve({ socket, messages }));
      socket.on('error', reject);
    });
  const until = async (check: () => boolean, ms = 3000) => {
    const end = Date.now() + ms;
    while (!check()) {
      if (Date.now() > end) throw new Error('timed out waiting');
      await new Promise((r) => setTimeout(r, 20));
    }
  };

  it('authenticates, snapshots, then coalesces a burst of steps into ticks of the latest changed fields', async () => {
    const { socket, messages } = await open();
    socket.send(JSON.stringify({ type: 'auth', token }));
    await until(() => messages.some((m) => m.type === 'ready'));
    socket.send(JSON.stringify({ type: 'subscribe', symbols: ['RELIANCE', 'NIFTY50', 'NOPE'] }));
    await until(() => messages.some((m) => m.type === 'snapshot'));
    const snapshot = messages.find((m) => m.type === 'snapshot') as { quotes: TQuote[] };
    expect(snapshot.quotes.map((q) => q.symbol).sort()).toEqual(['NIFTY50', 'RELIANCE']);

    // Twenty steps in one turn of the event loop: the flush they schedule runs after the last,
    // so the first tick must already hold each symbol once, at its latest values.
    runMarket(20);
    // The values right after the burst, as the wire carries them (JSON has no -0: a change
    // of -0 reads 0 in the tick).
    const latestOf = new Map(
      ['RELIANCE', 'NIFTY50'].map((symbol) => [
        symbol,
        JSON.parse(JSON.stringify(t.ctx.market.engine.quote(symbol))) as Record<string, unknown>,
      ]),
    );
    await until(() => messages.some((m) => m.type === 'ticks'));
    const tick = messages.find((m) => m.type === 'ticks') as unknown as {
      quotes: Record<string, unknown>[];
    };
    const symbols = tick.quotes.map((q) => q.symbol);
    expect(new Set(symbols).size).toBe(symbols.length);
    for (const q of tick.quotes) {
      expect(Object.keys(q)).not.toContain('name');
      expect(Object.keys(q)).not.toContain('prev_close');
      const latest = latestOf.get(String(q.symbol))!;
      for (const [field, value] of Object.entries(q)) expect(value).toEqual(latest[field]);
    }
    socket.close();
  });

  it('accepts a pong that arrives before the sign-in completes', async () => {
    const { socket, messages } = await open();
    const closes: number[] = [];
    socket.on('close', (code) => closes.push(code));
    socket.send('{"type":"pong"}');
    socket.send(JSON.stringify({ type: 'auth', token }));
    await until(() => messages.some((m) => m.type === 'ready'));
    socket.send(JSON.stringify({ type: 'subscribe', symbols: ['TCS'] }));
    await until(() => messages.some((m) => m.type === 'snapshot'));
    expect(closes).toEqual([]);
    socket.close();
  });

  it('closes with 4401 on a bad token, and ignores subscriptions before auth', async () => {
    const { socket, messages } = await open();
    const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
    socket.send(JSON.stringify({ type: 'subscribe', symbols: ['TCS'] }));
    expect(await closed).toBe(4401);
    expect(messages.some((m) => m.type === 'snapshot')).toBe(false);

    const second = await open();
    const closedToo = new Promise<number>((resolve) =>
      second.socket.on('close', (code) => resolve(code)),
    );
    second.socket.send(JSON.stringify({ type: 'auth', token: 'not-a-token' }));
    expect(await closedToo).toBe(4401);
  });
});
