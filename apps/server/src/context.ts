/**
 * The composition root: builds every service once, from config and the platform parts, and
 * connects each port a lower layer declares to the module that implements it (the guards'
 * session checks, the market's open deals, the funds' holdings valuer). Routes and the CLI
 * share it. Nothing is wired after construction: a service gets what it needs as an argument.
 */
import { asIstDay, formatPaise, istDayStart } from '@sampada/shared';
import type { Config } from './config.ts';
import { type Db, poolBusy } from './db/client.ts';
import { createLocalBus, busPrefixOf, createRedisBus } from './platform/bus.ts';
import type { TransitionEvents } from './platform/transitions.ts';
import { createSignedInCache } from './platform/signed-in-cache.ts';
import { deriveKey } from './platform/crypto.ts';
import { AppError } from './platform/errors.ts';
import { createHealth } from './platform/health.ts';
import { createIdempotency } from './platform/idempotency.ts';
import type { Clock } from './platform/clock.ts';
import { createDocumentSigner, loadSigningIdentity } from './platform/document-signing.ts';
import type { Secrets } from './platform/secrets.ts';
import type { Authenticate } from './platform/guards.ts';
import type { AuthenticateStaff } from './platform/staff-guard.ts';
import { createAlertsService } from './modules/alerts/service.ts';
import { notificationsSql } from './modules/notifications/notice.ts';
import { createNotificationService } from './modules/notifications/service.ts';
import { createAuditService } from './modules/audit/service.ts';
import { createAuthService } from './modules/auth/service.ts';
import { createTokenSigner } from './modules/auth/tokens.ts';
import { createClientViews } from './modules/clients/console-views.ts';
import { type ClientRow, createClientService } from './modules/clients/service.ts';
import { createApplicationService } from './modules/applications/service.ts';
import { createCompensationService } from './modules/compensation/service.ts';
import { createConnectService } from './modules/connect/service.ts';
import { createCreditService } from './modules/credit/service.ts';
import { createEngagementService, engagementDueSql } from './modules/engagement/service.ts';
import { createFundsService } from './modules/funds/service.ts';
import { createInviteService } from './modules/invites/service.ts';
import { createKycService } from './modules/kyc/service.ts';
import { createLedgerService } from './modules/ledger/service.ts';
import { createMailService } from './modules/mail/service.ts';
import { createEmailService } from './modules/email/service.ts';
import { createNomineeService } from './modules/nominees/service.ts';
import { createGrievanceService } from './modules/grievances/service.ts';
import { createNoteDeliveryService } from './modules/note-delivery/service.ts';
import { createStatementsService } from './modules/statements/service.ts';
import { createSettlementService } from './modules/settlement/service.ts';
import { createMailTransport } from './modules/mail/transport.ts';
import { createMarket } from './modules/market/market.ts';
import { createMenuService } from './modules/menu/service.ts';
import { createNewsService } from './modules/news/service.ts';
import { createOfferService } from './modules/offers/service.ts';
import { createSettingsService } from './modules/settings/service.ts';
import { createStaffAuthService } from './modules/staff-auth/service.ts';
import { createStaffService } from './modules/staff/service.ts';
import { createSupportLive, createSupportService } from './modules/support/service.ts';
import { createTradingService } from './modules/trading/service.ts';
import { createPortfolioService } from './modules/portfolio/service.ts';
import { createTransferService } from './modules/transfers/service.ts';
import { createUploadService } from './modules/uploads/service.ts';
import { createFileStore, type FileStoreConfig } from './modules/files/service.ts';
import { OPEN_LOAN_STATUSES } from '@sampada/shared';

export type AppContext = ReturnType<typeof createContext>;

export function createContext(deps: {
  config: Config;
  db: Db;
  clock: Clock;
  secrets: Secrets;
  /** Where files live, when not where `config` says (the first start's seed process). */
  fileStore?: FileStoreConfig;
}) {
  const { config, db, clock, secrets } = deps;
  const files = createFileStore(deps.fileStore ?? config, db);
  // Status changes are published on the bus after commit, so it comes first.
  const bus = config.redisUrl
    ? createRedisBus(config.redisUrl, busPrefixOf(config.databaseUrl))
    : createLocalBus();
  // Every lifecycle's events: published after commit, and those engagement acts on also marked
  // durably inside the step's own audit statement (decision 034).
  const transitionEvents: TransitionEvents = {
    publish: (channel, message) => bus.publish(channel, message),
    record: (events) => {
      const due = engagementDueSql(events);
      return [...(due ? [due] : []), ...notificationsSql(events)];
    },
  };
  const staff = createStaffService(db);
  // client_info's copies of sessions and client rows; the clients service tells it of changes.
  const signedIn = createSignedInCache<ClientRow>({
    bus,
    ttlMs: config.signedInCacheTtlMs,
  });
  const clients = createClientService(
    db,
    clock,
    deriveKey(secrets.dataKey, 'pin window v1'),
    signedIn,
  );
  const invites = createInviteService(db, clock, { staff, clients });
  const uploads = createUploadService(db, files, secrets.urlKey, clock);
  const signer = createTokenSigner(secrets.jwtSecret, config.accessTokenTtl, clock);
  const auth = createAuthService({
    db,
    clock,
    signer,
    refreshTtlSeconds: config.refreshTokenTtl,
    sessionMaxAgeSeconds: config.sessionMaxAge,
    clients,
    invites,
    signedIn,
    dataKey: deriveKey(secrets.dataKey, 'client totp v1'),
    // Read when a client signs in, by which time the settings service exists.
    twoFactorRequired: async () => (await settings.all()).client_2fa_required ?? false,
  }) satisfies Authenticate;
  const kyc = createKycService({
    db,
    clock,
    dataKey: secrets.dataKey,
    clients,
    uploads,
    events: transitionEvents,
  });
  const clientViews = createClientViews({ clients, staff, kyc, auth });
  const audit = createAuditService({ db, staff, clients });
  const settings = createSettingsService(db, bus);
  const ledger = createLedgerService({ db, clock });
  const idempotency = createIdempotency(db, clock);
  const menu = createMenuService(db);
  const news = createNewsService({ db, clock, files, staff, events: transitionEvents });
  const staffAuth = createStaffAuthService({
    db,
    clock,
    dataKey: secrets.dataKey,
    staff,
  }) satisfies AuthenticateStaff;
  const marketCore = createMarket({ config, db, clock, bus, auth, files });
  const trading = createTradingService({
    db,
    clock,
    ledger,
    clients,
    market: marketCore,
    events: transitionEvents,
    // Engagement is built below on trading's reads; a fill asks it only once it runs.
    brokerageDiscount: (clientId, tx) => engagement.brokerageDiscountBps(clientId, tx),
  });
  // Trading is built on the market's engine; the market's lists then show its open deals.
  const market = { ...marketCore, service: marketCore.createService(trading.marketDeals) };
  // Credit pledges holdings through trading; funds shows what clients owe on their loans.
  const credit = createCreditService({
    db,
    clock,
    ledger,
    clients,
    staff,
    trading,
    events: transitionEvents,
    // A margin call's deadline counts the exchange's trading days, settlement's calendar.
    isTradingDay: (day) => marketCore.calendar.isTradingDay(day),
    // Mail is built below; a margin call asks it only once it runs.
    notify: async (tx, clientId, message) => {
      const to = await email.verifiedAddressOf(clientId, tx);
      if (to) await mail.enqueue(tx, { ...message, clientId, to });
    },
  });
  const funds = createFundsService({
    db,
    clock,
    dataKey: secrets.dataKey,
    clients,
    ledger,
    settings,
    uploads,
    staff,
    events: transitionEvents,
    holdings: (clientId) => trading.portfolio.valueOf(clientId),
    loans: (clientId) => credit.loans.balanceOf(clientId),
    withdrawalLimit: (clientId, tx) => engagement.dailyWithdrawalLimit(clientId, tx),
  });
  // Engagement reads every other module through these ports; none of them imports it.
  const engagement = createEngagementService({
    db,
    clock,
    bus,
    busy: () => poolBusy(db),
    // A failed computation is redone by the client's next event or the nightly pass; say why
    // (at the levels that show warnings: tests run silent).
    log: ['warn', 'info', 'debug', 'trace'].includes(config.logLevel)
      ? (message, error) =>
          console.warn(`${message}: ${error instanceof Error ? error.message : String(error)}`)
      : undefined,
    ports: {
      client: async (clientId) => {
        const row = await clients.byId(clientId);
        return {
          createdAt: row.createdAt,
          kycApproved: row.kycStatus === 'approved',
          advisorId: row.advisorId,
        };
      },
      cash: async (clientId) => {
        const balances = await ledger.balancesOf(clientId);
        return balances.cash_available + balances.cash_on_hold;
      },
      loansOwed: (clientId) => credit.loans.balanceOf(clientId),
      holdings: async (clientId) =>
        (await trading.portfolio.holdingsOf(clientId)).map((h) => ({
          symbol: h.symbol,
          sector: h.sector,
          quantity: h.quantity,
          valuePaise: BigInt(h.current_value_paise),
          investedPaise: BigInt(h.invested_paise),
        })),
      trades: (clientId) => trading.activity.activityOf(clientId),
      deposits: (clientId) => funds.depositRecordOf(clientId),
      loans: (clientId, today) => credit.punctuality.recordOf(clientId, today),
      dailyCloses: async (symbol, kind, days) => {
        try {
          const chart = await market.service.chart(symbol, kind, '1d', days);
          return chart.candles.map((c) => ({ time: c.time, close: c.close }));
        } catch {
          return [];
        }
      },
      allClientIds: () => clients.allIds(),
      store: (clientId, values) => clients.storeStanding(clientId, values),
    },
  });
  // The support inbox shows a client's loans, orders and funds beside the thread.
  const support = createSupportService({
    db,
    clock,
    bus,
    clients,
    staff,
    uploads,
    settings,
    context: {
      async applications(clientId) {
        const loans = await credit.loans.listOfClient(clientId);
        return loans
          .filter((l) => (OPEN_LOAN_STATUSES as readonly string[]).includes(l.status))
          .map((l) => ({
            id: l.id,
            product: l.product.name,
            status: l.status,
            amount_paise: l.amount_paise,
            created_at: l.created_at,
          }));
      },
      async orders(clientId) {
        const page = await trading.orders.list({ clientId, limit: 5, order: 'newest' });
        return page.items.map((o) => ({
          id: o.id,
          symbol: o.symbol,
          side: o.side,
          status: o.status,
          quantity: o.quantity,
          created_at: o.createdAt.toISOString(),
        }));
      },
      async funds(clientId) {
        const [deposits, withdrawals] = await Promise.all([
          funds.deposits.listOfClient(clientId, { limit: 5 }, ''),
          funds.withdrawals.listOfClient(clientId, { limit: 5 }),
        ]);
        return [
          ...deposits.map((d) => ({ ...d.view, kind: 'deposit' as const })),
          ...withdrawals.map((w) => ({ ...w.view, kind: 'withdrawal' as const })),
        ]
          .sort((a, b) => b.created_at.localeCompare(a.created_at))
          .slice(0, 5)
          .map((f) => ({
            id: f.id,
            kind: f.kind,
            status: f.status,
            amount_paise: f.amount_paise,
            created_at: f.created_at,
          }));
      },
    },
  });
  // Chat events reach clients on the quotes socket and agents on the console socket.
  const supportLive = createSupportLive({
    events: support.events,
    staffAuth,
    pushToClient: (clientId, message) => market.live.pushToClient(clientId, message),
    staffName: async (staffId) => (await staff.findById(staffId))?.name ?? 'Support',
    staffTyping: (viewer, name, conversationId) =>
      support.inbox.typing(viewer, name, conversationId),
  });
  market.live.onClientFrame((clientId, frame) => {
    if (frame.type === 'chat.typing') void support.clientTyping(clientId).catch(() => {});
  });
  // A claim's order, deposit or withdrawal is checked to be the client's through their owners.
  const compensation = createCompensationService({
    db,
    clock,
    ledger,
    clients,
    staff,
    uploads,
    events: transitionEvents,
    async related(clientId, kind, id) {
      try {
        if (kind === 'order') {
          const order = await trading.orders.ofClient(clientId, id);
          return `Order ${order.side.toUpperCase()} ${order.quantity} ${order.symbol}`;
        }
        const row =
          kind === 'deposit'
            ? await funds.deposits.ofClient(clientId, id, '')
            : await funds.withdrawals.ofClient(clientId, id);
        return `${kind === 'deposit' ? 'Deposit' : 'Withdrawal'} of ${formatPaise(row.amount_paise)} on ${row.created_at.slice(0, 10)}`;
      } catch (error) {
        if (error instanceof AppError && error.status === 404) return null;
        throw error;
      }
    },
  });
  const offers = createOfferService({
    db,
    clock,
    ledger,
    clients,
    files,
    brokerage: trading.brokeragePaid,
  });
  // The applications page reads every module through its own service.
  const applications = createApplicationService({
    kyc: (clientId) => kyc.submissionsOf(clientId),
    async loans(clientId) {
      const list = await credit.loans.listOfClient(clientId);
      return Promise.all(list.map((loan) => credit.loans.ofClient(clientId, loan.id)));
    },
    claims: (clientId) => compensation.claims.applicationsOf(clientId),
    bonuses: (clientId) => offers.claimsOfClient(clientId),
    async deposits(clientId) {
      return (await funds.deposits.listOfClient(clientId, { limit: 200 }, '')).map((r) => r.view);
    },
    async withdrawals(clientId) {
      return (await funds.withdrawals.listOfClient(clientId, { limit: 200 })).map((r) => r.view);
    },
  });
  // Returns, dividends and corporate actions: on trading's fills and the market's closes.
  const portfolio = createPortfolioService({
    db,
    clock,
    trading,
    dailyCloses: (symbol) => market.service.dailyCloses(symbol),
    // A split's prices move with its shares, in the transaction applying it (decision 051).
    async rebasePrices(tx, action) {
      const rebase = { symbol: action.symbol, ratio: action };
      await market.rebase(tx, rebase, istDayStart(asIstDay(action.exDate)));
      return { alertsRebased: await alerts.rebase(tx, action.symbol, action) };
    },
  });
  // Shares transferred in from another broker: their lots reach the holdings through trading.
  const transfers = createTransferService({
    db,
    clock,
    trading,
    clients,
    listed: () => market.engine.instruments(),
    events: transitionEvents,
  });
  // Price alerts fire from the market's feed and reach clients over its quotes WebSocket.
  const alerts = createAlertsService({ db, clock, market: marketCore, bus });
  // What happened to a client's records: written by the steps, sent live over the same socket.
  const notifications = createNotificationService({ db, clock, bus, live: marketCore.live });
  const health = createHealth(db);
  // Outgoing mail: SMTP_URL when set, else .eml files under DATA_DIR/outbox/ (decision 031).
  const mail = createMailService({
    db,
    clock,
    transport: createMailTransport({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      dataDir: config.dataDir,
    }),
  });
  const email = createEmailService({ db, clock, clients, mail });
  const nominees = createNomineeService({
    db,
    clock,
    dataKey: secrets.dataKey,
    clients,
    email,
    mail,
  });
  // A client's grievances list shows their compensation claims beside their complaints.
  const grievances = createGrievanceService({
    db,
    clock,
    clients,
    email,
    mail,
    claimsOf: async (clientId) =>
      (await compensation.claims.applicationsOf(clientId)).map(({ view }) => ({
        id: view.id,
        reference: view.reference,
        category: view.category,
        status: view.status,
        created_at: view.created_at,
        decision_due: view.decision_due,
        overdue: view.overdue,
        reason: view.reason,
        decided_at: view.decided_at,
      })),
  });
  // The firm's signature on what it e-mails clients: its certificate, else a demo one.
  const documentSigner = createDocumentSigner(() =>
    loadSigningIdentity({
      certPath: config.signingCert,
      certPassword: config.signingCertPassword,
      dataDir: config.dataDir,
    }),
  );
  const noteDelivery = createNoteDeliveryService({
    db,
    clock,
    clients,
    trading,
    kyc,
    email,
    mail,
    signer: documentSigner,
  });
  const statements = createStatementsService({
    db,
    clock,
    clients,
    email,
    funds,
    ledger,
    mail,
    trading,
    kyc,
    signer: documentSigner,
  });
  // Running-account settlement: funds pays, trading, funds and credit say what is kept.
  const settlement = createSettlementService({
    db,
    clock,
    ledger,
    funds,
    trading,
    clients,
    staff,
    email,
    mail,
    isTradingDay: (day) => marketCore.calendar.isTradingDay(day),
    async loanDuesOf(clientId) {
      const loans = await credit.loans.listOfClient(clientId, 'disbursed');
      return loans.reduce((sum, loan) => sum + BigInt(loan.due_now_paise), 0n);
    },
    events: transitionEvents,
  });
  // The trading API for client programs: the trading module's orders, the market's data.
  const connect = createConnectService({
    db,
    clock,
    dataKey: secrets.dataKey,
    clients,
    ledger,
    trading,
    market,
    settings,
    bus,
    redis: config.redisUrl
      ? { url: config.redisUrl, prefix: busPrefixOf(config.databaseUrl) }
      : undefined,
  });
  return {
    mail,
    email,
    nominees,
    grievances,
    noteDelivery,
    statements,
    settlement,
    health,
    bus,
    market,
    config,
    db,
    clock,
    secrets,
    files,
    staff,
    staffAuth,
    clients,
    clientViews,
    invites,
    uploads,
    auth,
    kyc,
    settings,
    menu,
    news,
    ledger,
    idempotency,
    funds,
    trading,
    credit,
    compensation,
    offers,
    applications,
    alerts,
    notifications,
    engagement,
    audit,
    support,
    supportLive,
    portfolio,
    transfers,
    connect,
  };
}
