/**
 * The IDOR matrix (issue 21, catalogue item 16), generated from the route table: an owner with
 * records in every money and trading area (bank card, deposit, withdrawal, orders open and
 * filled, a loan application, KYC images), and another client with the same kinds of records.
 * The owner's private ids are harvested from the owner's own list answers (ids the other
 * client's lists also show — offerings, instruments, news — are public and left out). Then
 * every client route with an id in its path is called by the other client with each of the
 * owner's ids: a read answers 404, a write is refused, and the owner's records stay as they
 * were. A route added tomorrow joins the matrix by itself.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/helpers.ts';
import {
  addCard,
  keyed,
  nextUtr,
  openDeposits,
  type MoneyClient,
} from '../modules/funds/test-fixtures.ts';
import {
  applied,
  borrower,
  buyShares,
  PERSONAL_ID,
  priceOf,
} from '../modules/credit/test-fixtures.ts';
import { claimed, evidence, setFlags } from '../modules/compensation/test-fixtures.ts';
import { placed, runMarket } from '../modules/trading/test-fixtures.ts';

type Operation = { parameters?: { in: string; name: string }[] };
type Doc = { paths: Record<string, Record<string, Operation>> };

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;
const isClientRoute = (route: string) => /^\/[a-z]+\/app\/v1\//.test(route);

let t: TestApp;
let owner: MoneyClient;
let other: MoneyClient;
let doc: Doc;

/** The records every client of this matrix holds: one of each kind that has an id. */
async function withRecords(client: MoneyClient) {
  const card = await addCard(t, client);
  const deposit = await t.api.post(
    '/funds/app/v1/deposits',
    { amount: 25_000, method: 'NEFT', utr: nextUtr() },
    client.token,
    keyed(),
  );
  expect(deposit.status, JSON.stringify(deposit.body)).toBe(200);
  const withdrawal = await t.api.post(
    '/funds/app/v1/withdrawals',
    { amount: 1_000, bank_card_id: card.id, pin: client.pin },
    client.token,
    keyed(),
  );
  expect(withdrawal.status).toBe(200);
  await buyShares(t, client, 'TCS', 10);
  const under = (priceOf(t, 'INFY') * 95n) / 100n / 100n; // whole rupees below the market
  await placed(t, client, {
    type: 'limit',
    symbol: 'INFY',
    side: 'buy',
    quantity: 15,
    limit_price: `${under}.00`,
  });
  const gtt = await t.api.post(
    '/trade/app/v1/gtts',
    {
      kind: 'single',
      symbol: 'INFY',
      side: 'buy',
      quantity: 15,
      trigger_price: `${under}.00`,
      limit_price: `${under}.00`,
      pin: client.pin,
    },
    client.token,
    keyed(),
  );
  expect(gtt.status, JSON.stringify(gtt.body)).toBe(200);
  await applied(t, client, { product_id: PERSONAL_ID, amount_paise: 5_000_000, tenure_months: 12 });
  // A compensation claim with an evidence image (issue 17).
  await setFlags(t, client.id, { allow_compensation: true, allow_bonus: true });
  await claimed(t, client, { evidence: [await evidence(t, client)] });
}

/** Every GET list a client has (no id in the path), answered for `client`. */
async function listsOf(client: MoneyClient): Promise<Map<string, string>> {
  const answers = new Map<string, string>();
  for (const [route, byMethod] of Object.entries(doc.paths)) {
    if (!isClientRoute(route) || route.includes('{') || !byMethod.get) continue;
    const reply = await t.api.raw(route, { headers: { authorization: `Bearer ${client.token}` } });
    if (reply.ok && reply.headers.get('content-type')?.includes('json'))
      answers.set(route, await reply.text());
  }
  return answers;
}

/** Every id-like value in the answers: uuids anywhere, and the values of id, no and *_id keys. */
function idsIn(answers: Map<string, string>): Set<string> {
  const ids = new Set<string>();
  const walk = (value: unknown, key = '') => {
    if (Array.isArray(value)) value.forEach((item) => walk(item));
    else if (value && typeof value === 'object')
      Object.entries(value).forEach(([k, v]) => walk(v, k));
    else if (typeof value === 'string' || typeof value === 'number') {
      const text = String(value);
      if (/^(id|no|number|reference|.+_id|.+_no)$/.test(key) && text.length >= 4) ids.add(text);
      for (const uuid of text.match(UUID) ?? []) ids.add(uuid);
    }
  };
  for (const text of answers.values()) walk(JSON.parse(text));
  return ids;
}

beforeAll(async () => {
  t = await buildTestApp({ env: { MARKET_ALWAYS_OPEN: 'true' } });
  await openDeposits(t);
  await runMarket(t, 4);
  doc = (await (await t.api.raw('/docs/json')).json()) as Doc;
  owner = await borrower(t);
  other = await borrower(t);
  await withRecords(owner);
  await withRecords(other);
}, 180_000);
afterAll(() => t.close());

describe('the IDOR matrix over every client route with an id', () => {
  it("never shows or changes one client's records for another", async () => {
    const ownerLists = await listsOf(owner);
    const publicIds = idsIn(await listsOf(other));
    const privateIds = [...idsIn(ownerLists)].filter((id) => !publicIds.has(id) && id !== owner.id);
    // Bank card, deposit, withdrawal, two orders, a GTT, a loan — at least.
    expect(privateIds.length).toBeGreaterThanOrEqual(6);

    // A {symbol} names a public instrument (the caller's own watchlist entry), not a record.
    const routes = Object.entries(doc.paths).filter(
      ([route]) => isClientRoute(route) && /\{\w+\}/.test(route) && !route.includes('{symbol}'),
    );
    expect(routes.length).toBeGreaterThanOrEqual(8);
    const leaks: string[] = [];
    let probes = 0;
    const notFound = new Set<string>();
    for (const [route, byMethod] of routes) {
      for (const method of Object.keys(byMethod)) {
        for (const id of privateIds) {
          const url = route.replace(/\{\w+\}/g, id);
          const reply = await t.api.raw(url, {
            method: method.toUpperCase(),
            headers: {
              authorization: `Bearer ${other.token}`,
              'content-type': 'application/json',
              ...(method === 'get' ? {} : keyed()),
            },
            // A body that passes validation where it can, so the refusal is the ownership check's.
            ...(method === 'get'
              ? {}
              : { body: JSON.stringify({ pin: other.pin, amount_paise: 100, quantity: 1 }) }),
          });
          probes += 1;
          const where = `${method.toUpperCase()} ${route} with the owner's ${id} → ${reply.status}`;
          // A read of another's record is 404, as if it did not exist (400 for an id of another
          // route's shape); a write is refused, whatever the reason.
          if (method === 'get' ? ![400, 404].includes(reply.status) : reply.ok) leaks.push(where);
          if (reply.status === 404) notFound.add(route);
        }
      }
    }
    expect(probes).toBeGreaterThan(50);
    // The owner's ids really were of the routes' shapes: most routes refused one as not found.
    expect(notFound.size).toBeGreaterThanOrEqual(6);
    expect(leaks).toEqual([]);
    console.info(
      `(16) ${routes.length} id-bearing client routes × ${privateIds.length} of the owner's ids: ${probes} probes, 0 leaks`,
    );
    // Nothing the other client sent changed the owner's records.
    expect(await listsOf(owner)).toEqual(ownerLists);
  }, 300_000);
});
