/**
 * Price alerts over real HTTP on PostgreSQL: setting them (and the refusals), firing once from
 * the feed, racing passes that must not fire an alert twice, the notifications list, the toast
 * over the quotes WebSocket, and one client never reaching another's alerts.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import {
  AlertMessage,
  ALERTS_ACTIVE_MAX,
  type TNotifications,
  type TPriceAlert,
} from '@sampada/shared';
import {
  buildTestApp,
  signUpClient,
  type SignedUpClient,
  type TestApp,
} from '../../test/helpers.ts';
import { FIRED_CHANNEL } from './service.ts';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

let t: TestApp;
let alice: SignedUpClient;
let bob: SignedUpClient;
beforeAll(async () => {
  t = await buildTestApp({ env: { MARKET_ALWAYS_OPEN: 'true' } });
  alice = await signUpClient(t);
  bob = await signUpClient(t);
});
afterAll(async () => t?.close());

const URL = '/market/app/v1/alerts';
const lastOf = (symbol: string) => t.ctx.market.engine.state(symbol)!.last;
/** Moves a stock's last price as a print would (the engine's state is the feed's truth). */
const printAt = (symbol: string, paise: number) => {
  t.ctx.market.engine.state(symbol)!.last = paise;
};
const setAlert = (who: SignedUpClient, body: Record<string, unknown>) =>
  t.api.post<TPriceAlert>(URL, body, who.token);
const rupees = (paise: number) => (paise / 100).toFixed(2);

describe('setting an alert', () => {
  it('keeps an above and a below alert, active, in the client list', async () => {
    const last = lastOf('INFY');
    const above = await setAlert(alice, {
      symbol: 'infy',
      direction: 'above',
      price: rupees(last + 500),
    });
    expect(above.status).toBe(200);
    expect(above.body.data).toMatchObject({
      symbol: 'INFY',
      direction: 'above',
      price_paise: last + 500,
      status: 'active',
      triggered_at: null,
      message: null,
    });
    const below = await setAlert(alice, {
      symbol: 'INFY',
      direction: 'below',
      price: rupees(last - 500),
    });
    expect(below.status).toBe(200);
    const list = await t.api.get<TPriceAlert[]>(`${URL}?status=active`, alice.token);
    expect(list.body.data.map((a) => a.id)).toEqual(
      expect.arrayContaining([above.body.data.id, below.body.data.id]),
    );
  });

  it.each([
    [{ direction: 'above', price: '100' }, AlertMessage.symbolRequired],
    [{ symbol: 'NOPE', direction: 'above', price: '100' }, AlertMessage.symbolUnknown],
    [{ symbol: 'NIFTY50', direction: 'above', price: '100' }, AlertMessage.notAStock],
    [{ symbol: 'TCS', direction: 'sideways', price: '100' }, AlertMessage.directionInvalid],
    [{ symbol: 'TCS', direction: 'above' }, AlertMessage.priceRequired],
    [
      { symbol: 'TCS', direction: 'above', price: '12.345' },
      'Enter the price in rupees with at most 2 decimals.',
    ],
  ])('refuses %j with 400 "%s"', async (body, message) => {
    const reply = await setAlert(alice, body);
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ code: 400, message });
  });

  it('refuses an alert the price already meets, naming the price', async () => {
    const last = lastOf('TCS');
    const above = await setAlert(alice, { symbol: 'TCS', direction: 'above', price: rupees(last) });
    expect(above.status).toBe(400);
    expect(above.body.message).toBe(AlertMessage.alreadyAbove(BigInt(last)));
    const below = await setAlert(alice, {
      symbol: 'TCS',
      direction: 'below',
      price: rupees(last + 100),
    });
    expect(below.body.message).toBe(AlertMessage.alreadyBelow(BigInt(last)));
  });

  it(`keeps at most ${ALERTS_ACTIVE_MAX} active alerts, even when asked in parallel`, async () => {
    const carol = await signUpClient(t);
    const price = rupees(lastOf('WIPRO') + 1000);
    const replies = await Promise.all(
      Array.from({ length: ALERTS_ACTIVE_MAX + 5 }, () =>
        setAlert(carol, { symbol: 'WIPRO', direction: 'above', price }),
      ),
    );
    expect(replies.filter((r) => r.status === 200)).toHaveLength(ALERTS_ACTIVE_MAX);
    expect(new Set(replies.filter((r) => r.status !== 200).map((r) => r.body.message))).toEqual(
      new Set([AlertMessage.tooMany]),
    );
  });
});

describe('firing from the feed', () => {
  it('fires once when the price reaches it, then lists it as an unread notification', async () => {
    const last = lastOf('HDFCBANK');
    const alert = (
      await setAlert(bob, { symbol: 'HDFCBANK', direction: 'below', price: rupees(last - 1000) })
    ).body.data;
    printAt('HDFCBANK', last - 500);
    expect(await t.ctx.alerts.check(['HDFCBANK'])).toEqual([]);
    printAt('HDFCBANK', last - 1200);
    const fired = await t.ctx.alerts.check(['HDFCBANK']);
    expect(fired.map((a) => a.id)).toEqual([alert.id]);
    expect(fired[0]).toMatchObject({ status: 'triggered', triggered_price_paise: last - 1200 });
    expect(fired[0]!.message).toBe(
      AlertMessage.fired('HDFCBANK', 'below', BigInt(last - 1000), BigInt(last - 1200)),
    );
    // Still below on the next print: it has fired already.
    printAt('HDFCBANK', last - 1300);
    expect(await t.ctx.alerts.check()).toEqual([]);

    const notes = await t.api.get<TNotifications>('/market/app/v1/notifications', bob.token);
    expect(notes.body.data.unread).toBe(1);
    expect(notes.body.data.items.map((a) => a.id)).toEqual([alert.id]);
    const read = await t.api.post('/market/app/v1/notifications/read', undefined, bob.token);
    expect(read.body).toMatchObject({ data: { marked: 1 } });
    const after = await t.api.get<TNotifications>('/market/app/v1/notifications', bob.token);
    expect(after.body.data.unread).toBe(0);
    expect(after.body.data.items[0]!.read_at).not.toBeNull();
    printAt('HDFCBANK', last);
  });

  it('fires each alert exactly once when ten passes race over the same prices', async () => {
    const clients = [await signUpClient(t), await signUpClient(t), await signUpClient(t)];
    const last = lastOf('SBIN');
    const ids: string[] = [];
    for (const c of clients)
      for (let i = 1; i <= 10; i++) {
        const reply = await setAlert(c, {
          symbol: 'SBIN',
          direction: 'above',
          price: rupees(last + i * 5),
        });
        ids.push(reply.body.data.id);
      }
    const published: string[] = [];
    const off = t.ctx.bus.subscribe(FIRED_CHANNEL, (m) => published.push(JSON.parse(m).alert.id));
    printAt('SBIN', last + 100);
    const passes = await Promise.all(
      Array.from({ length: 10 }, () => t.ctx.alerts.check(['SBIN'])),
    );
    const fired = passes.flat().map((a) => a.id);
    expect(fired.sort()).toEqual([...ids].sort());
    await until(() => ids.every((id) => published.includes(id)));
    off();
    expect(published.filter((id) => ids.includes(id)).sort()).toEqual([...ids].sort());
    printAt('SBIN', last);
  });

  it('sends the fired alert to the client over the quotes WebSocket, and to no one else', async () => {
    const stopDelivery = t.ctx.alerts.deliver();
    const open = async (who: SignedUpClient) => {
      const socket = new WebSocket(`${t.baseUrl.replace('http', 'ws')}/ws/app/v1`);
      const messages: { type: string; alert?: TPriceAlert }[] = [];
      socket.on('message', (raw) => messages.push(JSON.parse(String(raw))));
      await new Promise((resolve, reject) => {
        socket.on('open', resolve);
        socket.on('error', reject);
      });
      socket.send(JSON.stringify({ type: 'auth', token: who.token }));
      await until(() => messages.some((m) => m.type === 'ready'));
      return { socket, messages };
    };
    const mine = await open(alice);
    const theirs = await open(bob);
    const last = lastOf('ITC');
    const alert = (
      await setAlert(alice, { symbol: 'ITC', direction: 'above', price: rupees(last + 10) })
    ).body.data;
    printAt('ITC', last + 20);
    await t.ctx.alerts.check(['ITC']);
    await until(() => mine.messages.some((m) => m.type === 'alert'));
    expect(mine.messages.find((m) => m.type === 'alert')!.alert).toMatchObject({
      id: alert.id,
      status: 'triggered',
    });
    // Bob's own alert fires next; the socket delivers in order, so had Alice's reached him it
    // would be there before his own.
    const his = (
      await setAlert(bob, { symbol: 'ITC', direction: 'below', price: rupees(last + 10) })
    ).body.data;
    printAt('ITC', last);
    await t.ctx.alerts.check(['ITC']);
    await until(() => theirs.messages.some((m) => m.type === 'alert'));
    expect(theirs.messages.filter((m) => m.type === 'alert').map((m) => m.alert!.id)).toEqual([
      his.id,
    ]);
    mine.socket.close();
    theirs.socket.close();
    stopDelivery();
  });
});

describe('one client, their own alerts', () => {
  it('answers 404 for another client alert, 409 for a fired one, and cancels an active one', async () => {
    const last = lastOf('LT');
    const alert = (
      await setAlert(alice, { symbol: 'LT', direction: 'above', price: rupees(last + 100) })
    ).body.data;
    const stolen = await t.api.del(`${URL}/${alert.id}`, bob.token);
    expect(stolen.status).toBe(404);
    expect(stolen.body).toMatchObject({ message: AlertMessage.notFound });
    const theirs = await t.api.get<TPriceAlert[]>(URL, bob.token);
    expect(theirs.body.data.some((a) => a.id === alert.id)).toBe(false);

    const cancelled = await t.api.del<TPriceAlert>(`${URL}/${alert.id}`, alice.token);
    expect(cancelled.body.data.status).toBe('cancelled');
    const again = await t.api.del(`${URL}/${alert.id}`, alice.token);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ message: AlertMessage.notActive });
    // A cancelled alert never fires.
    printAt('LT', last + 200);
    expect((await t.ctx.alerts.check(['LT'])).map((a) => a.id)).not.toContain(alert.id);
    printAt('LT', last);
  });

  it('needs a signed-in client', async () => {
    expect((await t.api.get(URL)).status).toBe(401);
  });
});

describe('OpenAPI', () => {
  it('documents the alert and notification calls', async () => {
    const doc = (await (await t.api.raw('/docs/json')).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    expect(Object.keys(doc.paths['/market/app/v1/alerts']!).sort()).toEqual(['get', 'post']);
    expect(doc.paths['/market/app/v1/alerts/{id}']).toHaveProperty('delete');
    expect(doc.paths['/market/app/v1/notifications']).toHaveProperty('get');
    expect(doc.paths['/market/app/v1/notifications/read']).toHaveProperty('post');
  });
});

async function until(check: () => boolean, ms = 3000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 20));
  }
}
