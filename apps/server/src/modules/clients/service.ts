/** Client accounts: the profile of spec §3, credentials, PIN and avatar. */
import { eq, inArray, type SQL, sql, type SQLWrapper } from 'drizzle-orm';
import type { TClientFlagsRequest, TKycStatus } from '@sampada/shared';
import type { Db, Executor, Tx } from '../../db/client.ts';
import type { Actor } from '../../platform/audit.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Move } from '../../platform/transitions.ts';
import type { Viewer } from '../../platform/viewer.ts';
import { adjustStanding, setFlags } from './adjust-client.ts';
import {
  insertClient,
  passwordMatches,
  upgradePasswordHash,
  verifyPassword,
} from './client-credentials.ts';
import type { ClientDeps, ClientRow, ClientRowChanges } from './client-deps.ts';
import { toProfile } from './client-profile.ts';
import {
  allIds,
  type ClientListFilter,
  countByKycStatus,
  findByMobile,
  listClients,
  refsOf,
  refsToJoin,
  signedUpWith,
} from './client-reads.ts';
import { byId, countTrades, wrote } from './client-row.ts';
import { closeClientPinWindows } from './pin-windows.ts';
import { type KycSteps, transitionKyc } from './transition-kyc.ts';
import {
  clientWithWindow,
  type OpenWindow,
  prepareTraderWhereIdIn,
  setPin,
  verifyPin,
  verifyTradingPin,
} from './verify-pin.ts';
import { clients, pinWindows } from './tables.ts';

export type { ClientRow, ClientRowChanges } from './client-deps.ts';
export type { ClientListFilter, ClientRef } from './client-reads.ts';
export type { KycSteps } from './transition-kyc.ts';
export type { OpenWindow, Trader } from './verify-pin.ts';
export { accountNumber } from './client-profile.ts';
export { PIN_LOCK_MS, PIN_MAX_FAILURES, PIN_WINDOW_MS } from './pin-limits.ts';

declare module '../../platform/http.ts' {
  /** The row the client guard reads with the session is this module's row. */
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface SignedInClientRow extends ClientRow {}
}

const NO_COPIES: ClientRowChanges = {
  changed: () => {},
  changing: () => {},
  settled: async () => {},
};

/** Reading and writing the client's own row, for sign-up, sign-in and the profile. */
function accountMethods(deps: ClientDeps) {
  const { db, copies } = deps;
  return {
    byId: (id: string, executor: Executor = db) => byId(deps, id, executor),

    /**
     * Prepares "the client whose id `idQuery` answers" as one statement. Another module hands
     * in a subquery over its own table (auth: the live session's client) and gets the row in
     * the same round trip, without either module naming the other's table. Placeholders in
     * the subquery are the statement's parameters.
     */
    prepareRowWhereIdIn: (idQuery: SQLWrapper, name: string) =>
      db.select().from(clients).where(inArray(clients.id, idQuery)).prepare(name),

    /** The same, with the session's open trading window: all an order's checks read of the client. */
    prepareTraderWhereIdIn: (idQuery: SQLWrapper, name: string) =>
      prepareTraderWhereIdIn(deps, idQuery, name),

    findByMobile: async (mobile: string, executor: Executor = db) => findByMobile(executor, mobile),
    insertClient,
    toProfile,
    passwordMatches,

    /** Takes a hash made beforehand: argon2id inside a transaction would hold it open for ~50 ms. */
    async setPasswordHash(tx: Executor, clientId: string, passwordHash: string) {
      await tx.update(clients).set({ passwordHash }).where(eq(clients.id, clientId));
      wrote(deps, tx, clientId);
    },

    /** Resolves once no instance answers from a copy of a client row read before the last change. */
    settled: () => copies.settled(),

    /** After a successful sign-in, an old or weaker hash becomes argon2id (client-credentials.ts). */
    upgradePasswordHash: (row: ClientRow, passwordMd5: string) =>
      upgradePasswordHash(deps, row, passwordMd5),

    verifyPassword: (clientId: string, passwordMd5: string) =>
      verifyPassword(deps, clientId, passwordMd5),

    async setAvatar(clientId: string, storageKey: string) {
      await db.update(clients).set({ avatarFile: storageKey }).where(eq(clients.id, clientId));
      wrote(deps, db, clientId);
      await copies.settled();
    },
  };
}

/** Lists and counts of clients other modules and the console show. */
function listMethods({ db }: ClientDeps) {
  return {
    refsOf: (ids: string[], executor: Executor = db) => refsOf(executor, ids),
    /** The refs as a subquery to join in another module's read (one round trip for both). */
    refsToJoin: () => refsToJoin(db),

    /**
     * The ids of one advisor's clients as a subquery, for another module to scope its own
     * list in SQL (`inArray(table.clientId, clients.idsOfAdvisor(id))`) without reading this
     * module's table: pagination stays in the one query, however many clients an advisor has.
     */
    idsOfAdvisor: (advisorId: string) =>
      db.select({ id: clients.id }).from(clients).where(eq(clients.advisorId, advisorId)),

    countByKycStatus: (status: TKycStatus, advisorId: string | null) =>
      countByKycStatus(db, status, advisorId),
    signedUpWith: (inviteCodeIds: string[]) => signedUpWith(db, inviteCodeIds),
    allIds: () => allIds(db),
    listClients: (filter: ClientListFilter) => listClients(db, filter),
  };
}

/** The PIN: setting it, checking it, and the trading windows a check opens. */
function pinMethods(deps: ClientDeps) {
  const { db } = deps;
  return {
    setPin: (clientId: string, pinMd5: string) => setPin(deps, clientId, pinMd5),
    verifyPin: (clientId: string, pinMd5: string, sessionId?: string) =>
      verifyPin(deps, clientId, pinMd5, sessionId),
    verifyTradingPin: (row: ClientRow, pinMd5: string, sessionId: string, known?: OpenWindow) =>
      verifyTradingPin(deps, row, pinMd5, sessionId, known),
    /** The client and the session's open trading window, read together (orders). */
    withTradingWindow: (clientId: string, sessionId: string) =>
      clientWithWindow(deps, clientId, sessionId),

    /** Logout ends the session's trading window. */
    async closePinWindow(sessionId: string, executor: Executor = db) {
      await executor.delete(pinWindows).where(eq(pinWindows.sessionId, sessionId));
    },

    /** Password change or reset ends every trading window of the client. */
    closeClientPinWindows,
  };
}

/** What other modules and staff change on the row: standing, trades, flags, KYC status. */
function standingMethods(deps: ClientDeps) {
  const { db } = deps;
  return {
    /**
     * Engagement's computed VIP levels and trust scores, several clients in one statement,
     * stored on the row `client_info` reads (so the profile stays one query). Not audited:
     * the engagement module keeps the why.
     */
    async storeStandings(values: readonly { clientId: string; vip: number; score: number }[]) {
      if (values.length === 0) return;
      // The rows no other transaction holds, in one statement that never waits for a lock
      // (SKIP LOCKED): a transaction locking several clients' rows in its own order (an IPO's
      // allotment) cannot deadlock with it. The rows skipped are written one at a time.
      const result = await db.execute(sql`with free as (
          select id from ${clients} where id = any(${sql.param(values.map((v) => v.clientId))}::uuid[])
          order by id for no key update skip locked)
        update ${clients} c set vip = u.vip, score = u.score
        from unnest(${sql.param(values.map((v) => v.clientId))}::uuid[],
                    ${sql.param(values.map((v) => v.vip))}::int[],
                    ${sql.param(values.map((v) => v.score))}::int[]) as u(id, vip, score)
        where c.id = u.id and c.id in (select id from free)
        returning c.id`);
      const stored = new Set(
        (result as unknown as { rows: { id: string }[] }).rows.map((r) => r.id),
      );
      for (const { clientId, vip, score } of values) {
        if (!stored.has(clientId))
          await db.update(clients).set({ vip, score }).where(eq(clients.id, clientId));
        wrote(deps, db, clientId);
      }
    },

    /** What engagement reads of several clients, in one statement: when, KYC, advisor. */
    async standingFactsOf(clientIds: readonly string[]) {
      return db
        .select({
          id: clients.id,
          createdAt: clients.createdAt,
          kycStatus: clients.kycStatus,
          advisorId: clients.advisorId,
        })
        .from(clients)
        .where(inArray(clients.id, [...clientIds]));
    },

    /** countTrades (client-row.ts) as a statement the caller sends inside its own (decision 082). */
    countTradesStatement: (tx: Executor, clientIds: string[]): SQL =>
      countTrades(deps, tx, clientIds),

    /** One more executed trade in the profile's order_num, in the trade's transaction. */
    async countTrade(tx: Executor, clientId: string) {
      await tx.execute(countTrades(deps, tx, [clientId]));
    },

    setFlags: (viewer: Viewer, clientId: string, flags: TClientFlagsRequest, actor: Actor) =>
      setFlags(deps, viewer, clientId, flags, actor),

    adjust: (
      viewer: Viewer,
      clientId: string,
      input: { kind: 'vip' | 'score'; value: number; reason: string },
      actor: Actor,
    ) => adjustStanding(deps, viewer, clientId, input, actor),

    /** The one writer of `kyc_status` (transition-kyc.ts). */
    transitionKyc: <A extends string>(
      tx: Tx,
      clientId: string,
      steps: KycSteps<A>,
      action: A,
      move: Omit<Move<typeof clients>, 'id' | 'set'> & { name?: string },
    ) => transitionKyc(deps, tx, clientId, steps, action, move),
  };
}

/**
 * @param pinWindowKey the HMAC key for trading windows; every instance must share it (it is
 *   derived from the data key, which instances already share).
 * @param copies told of every write to a client's row (the signed-in cache, wired in context.ts).
 */
export function createClientService(
  db: Db,
  clock: Clock,
  pinWindowKey: Buffer,
  copies: ClientRowChanges = NO_COPIES,
) {
  const deps: ClientDeps = { db, clock, pinWindowKey, copies, pinTurns: new Map() };
  return {
    ...accountMethods(deps),
    ...listMethods(deps),
    ...pinMethods(deps),
    ...standingMethods(deps),
  };
}
export type ClientService = ReturnType<typeof createClientService>;
