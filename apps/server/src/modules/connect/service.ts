/**
 * Connect (issue 35, docs/api-connect.md, decision 030): a trading API that programs written
 * for Kite Connect v3 clients can call. Clients' API apps, their login and sessions, and the
 * Kite-shaped views of the account, orders and market; the orders themselves are the trading
 * module's, placed through its service.
 */
import type { TApiAppSecondFactor } from '@sampada/shared';
import type { Db } from '../../db/client.ts';
import type { Bus } from '../../platform/bus.ts';
import type { Clock } from '../../platform/clock.ts';
import { deriveKey } from '../../platform/crypto.ts';
import type { AuthService } from '../auth/service.ts';
import type { ClientService } from '../clients/service.ts';
import type { LedgerService } from '../ledger/service.ts';
import type { Market, MarketService } from '../market/service.ts';
import type { SettingsService } from '../settings/service.ts';
import type { TradingService } from '../trading/service.ts';
import { checkAppSecondFactor } from './app-second-factor.ts';
import { createApps } from './apps.ts';
import { kiteHolding, kiteMargins, kitePositions, kiteProfile } from './kite-account.ts';
import { createKiteMarket } from './kite-market.ts';
import { createKiteGtts } from './kite-gtts.ts';
import { postgresLimits, redisLimits } from './limits.ts';
import { createKiteOrders } from './kite-orders.ts';
import { startOrderUpdates } from './order-updates.ts';
import { createPostbackLog } from './postback-log.ts';
import { createPostbacks } from './postbacks.ts';
import { type ApiSession, createSessions } from './sessions.ts';
import { CONNECT_SESSIONS_CHANNEL, createTicker } from './ticker.ts';
import { localSlots, redisSlots } from './ticker-slots.ts';

type Deps = {
  db: Db;
  clock: Clock;
  dataKey: Buffer;
  clients: ClientService;
  /** The sign-in lockout and the client's TOTP: the API's login asks what the app's asks. */
  auth: Pick<AuthService, 'attempts' | 'totp'>;
  ledger: Pick<LedgerService, 'balancesOf'>;
  trading: TradingService;
  market: { engine: Market['engine']; service: Pick<MarketService, 'chartBetween'> };
  settings: Pick<SettingsService, 'all'>;
  bus: Pick<Bus, 'subscribe' | 'publish'>;
  log?: ((message: string, error?: unknown) => void) | undefined;
  /** Where the per-app limits are counted: Redis when set, else this database (decision 036). */
  redis?: { url: string; prefix: string } | undefined;
};

/** The account as Kite's clients read it. */
function kiteAccount(
  { trading, market, ledger }: Deps,
  orders: ReturnType<typeof createKiteOrders>,
  kiteMarket: ReturnType<typeof createKiteMarket>,
) {
  const lastOf = (symbol: string) => market.engine.state(symbol)?.last ?? 0;
  return {
    profile: (session: ApiSession) => kiteProfile(session.client),
    async margins(session: ApiSession) {
      return kiteMargins(await ledger.balancesOf(session.client.id));
    },
    async holdings(session: ApiSession) {
      const list = await trading.portfolio.holdingsOf(session.client.id);
      return list.map((h) =>
        kiteHolding(h, kiteMarket, market.engine.instrument(h.symbol)?.isin ?? null),
      );
    },
    async positions(session: ApiSession) {
      return kitePositions(await orders.todaysOrders(session), kiteMarket, lastOf);
    },
  };
}

export function createConnectService(deps: Deps) {
  const { db, clock, trading, market } = deps;
  // A logout or an app switched off, once committed: every instance re-checks its tickers.
  const sessionsChanged = (appId: string) => deps.bus.publish(CONNECT_SESSIONS_CHANNEL, appId);
  const apps = createApps({
    db,
    clock,
    sealKey: deriveKey(deps.dataKey, 'connect app secrets v1'),
    changed: sessionsChanged,
  });
  const apiEnabled = async () => (await deps.settings.all()).trading_api.enabled;
  const sessions = createSessions({
    db,
    clock,
    apps,
    clients: deps.clients,
    auth: deps.auth,
    apiEnabled,
    sessionsChanged,
  });
  const kiteMarket = createKiteMarket({
    engine: market.engine,
    chartBetween: market.service.chartBetween,
  });
  const orders = createKiteOrders({ db, clock, trading, market: kiteMarket });
  const gtts = createKiteGtts({ db, clock, trading, market: kiteMarket });
  const limits = deps.redis ? redisLimits(deps.redis.url, deps.redis.prefix) : postgresLimits(db);
  const account = kiteAccount(deps, orders, kiteMarket);

  const ticker = createTicker({
    engine: market.engine,
    market: kiteMarket,
    sessions,
    clock,
    slots: deps.redis ? redisSlots(deps.redis.url, deps.redis.prefix) : localSlots(),
  });
  const postbacks = createPostbacks({ db, clock, apps, log: deps.log });
  const postbackLog = createPostbackLog({ db, trading });

  /**
   * The server's live part: order updates to tickers and postbacks, and this instance's
   * postback sweeps (every instance sweeps; decision 042). Answers its stop.
   */
  function startLive() {
    const stopSweeps = postbacks.startSweeps();
    const stopTickerSessions = ticker.listen(deps.bus);
    const stop = startOrderUpdates({
      db,
      bus: deps.bus,
      trading,
      apps,
      market: kiteMarket,
      ticker,
      postbacks,
      uidOf: async (clientId) => (await deps.clients.byId(clientId)).uid,
      log: deps.log,
    });
    return async () => {
      stop();
      stopTickerSessions();
      await ticker.close();
      await postbacks.close();
      await stopSweeps();
      await limits.close();
    };
  }

  return {
    apps,
    /** The second factor creating an app or rotating its secret owes (app-second-factor.ts). */
    checkAppSecondFactor: (
      clientId: string,
      secret: TApiAppSecondFactor,
      request: { ip: string; sessionId: string },
    ) => checkAppSecondFactor(deps, clientId, secret, request),
    postbackLog,
    sessions,
    account,
    orders,
    gtts,
    limits,
    market: kiteMarket,
    apiEnabled,
    ticker,
    postbacks,
    startLive,
  };
}
export type ConnectService = ReturnType<typeof createConnectService>;
