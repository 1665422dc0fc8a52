/**
 * The composition root: builds every service once, from config and the platform parts, and
 * connects each port a lower layer declares to the module that implements it (the guards'
 * session checks, the market's open deals, the funds' holdings valuer). Routes and the CLI
 * share it. Nothing is wired after construction: a service gets what it needs as an argument.
 */
import { wireClaims } from './context/claims.ts';
import { wireClients } from './context/clients.ts';
import { wireEngagement } from './context/engagement.ts';
import { type ContextDeps, wireFoundation } from './context/foundation.ts';
import { wireMail } from './context/mail.ts';
import { wireMarkets } from './context/markets.ts';
import { wireOffice } from './context/office.ts';
import { wireOutbox } from './context/outbox.ts';
import { wirePortfolio } from './context/portfolio.ts';
import { wireSettlement } from './context/settlement.ts';
import { wireSupport } from './context/support.ts';

export type AppContext = ReturnType<typeof createContext>;

/** Each area in the order it is built; a later area's services reach earlier ones as arguments. */
export function createContext(deps: ContextDeps) {
  const base = wireFoundation(deps);
  const { config, db, clock, secrets, files, bus, documentSigner } = base;
  const people = wireClients(base);
  const office = wireOffice(base, people);
  const outbox = wireOutbox(base, people);
  const markets = wireMarkets(base, people, office, outbox);
  const engagement = wireEngagement(base, people, office, markets);
  const { support, supportLive } = wireSupport(base, people, office, markets);
  const claims = wireClaims(base, people, office, markets);
  const { portfolio, transfers, alerts, notifications, health } = wirePortfolio(
    base,
    people,
    markets,
  );
  const mailing = wireMail(base, people, office, markets, claims, outbox);
  const { settlement, connect } = wireSettlement(base, people, office, markets, mailing);
  const { staff, clients, clientViews, invites, uploads, auth, kyc, settings, audit } = people;
  const { staffAuth, menu, news, ledger, idempotency } = office;
  const { market, funds, trading, credit } = markets;
  const { compensation, offers, applications } = claims;
  const { mail, email } = outbox;
  const { nominees, grievances, noteDelivery, statements } = mailing;
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
    documentSigner,
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
