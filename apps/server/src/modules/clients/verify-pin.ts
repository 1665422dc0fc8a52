/** Checking a client's PIN: in full (argon2id), or inside a session's open trading window. */
import { and, eq, gt, inArray, sql, type SQLWrapper } from 'drizzle-orm';
import { ApiMessage } from '@sampada/shared';
import { hashSecret, needsRehash, safeEqual, verifySecret } from '../../platform/crypto.ts';
import { badRequest, tooMany } from '../../platform/errors.ts';
import type { Executor } from '../../db/client.ts';
import { builtOnce } from '../../db/prepared.ts';
import { inTransaction } from '../../platform/transaction.ts';
import type { ClientDeps, ClientRow } from './client-deps.ts';
import { byId, clientNotFound, wrote } from './client-row.ts';
import { PIN_LOCK_MS, PIN_MAX_FAILURES } from './pin-limits.ts';
import { closeClientPinWindows, openPinWindow, pinMac } from './pin-windows.ts';
import { clients, pinWindows } from './tables.ts';

/**
 * Counts a wrong PIN. Five wrong PINs lock PIN actions for 30 minutes; the counter moves in
 * one UPDATE so parallel guesses cannot slip past the limit. A lockout closes the client's
 * trading windows too.
 */
async function pinFailed(deps: ClientDeps, clientId: string, now: Date): Promise<never> {
  const { db } = deps;
  const lockUntil = new Date(now.getTime() + PIN_LOCK_MS);
  const [after] = await db
    .update(clients)
    .set({
      pinFailures: sql`case when ${clients.pinFailures} + 1 >= ${PIN_MAX_FAILURES} then 0 else ${clients.pinFailures} + 1 end`,
      pinLockedUntil: sql`case when ${clients.pinFailures} + 1 >= ${PIN_MAX_FAILURES} then ${lockUntil} else ${clients.pinLockedUntil} end`,
    })
    .where(
      and(
        eq(clients.id, clientId),
        sql`(${clients.pinLockedUntil} is null or ${clients.pinLockedUntil} <= ${now})`,
      ),
    )
    .returning({ failures: clients.pinFailures, lockedUntil: clients.pinLockedUntil });
  wrote(deps, db, clientId);
  if (!after || (after.lockedUntil && after.lockedUntil > now)) {
    await closeClientPinWindows(db, clientId);
    throw tooMany(ApiMessage.pinLocked);
  }
  throw badRequest(ApiMessage.pinWrong(PIN_MAX_FAILURES - after.failures));
}

async function pinPassed(deps: ClientDeps, row: ClientRow) {
  if (row.pinFailures > 0) {
    await deps.db.update(clients).set({ pinFailures: 0 }).where(eq(clients.id, row.id));
    wrote(deps, deps.db, row.id);
  }
}

/**
 * One full PIN check at a time per client in this process. A burst of guesses waits its turn
 * and each re-reads the row, so the guesses behind a lockout are refused before their hash is
 * computed: 50 parallel wrong PINs cost at most 5 hashes (issue 21, catalogue item 13). Across
 * instances each may still have one check in flight when another sets the lock.
 */
async function inPinTurn<T>(
  { pinTurns }: ClientDeps,
  clientId: string,
  check: (waited: boolean) => Promise<T>,
) {
  const before = pinTurns.get(clientId);
  let release!: () => void;
  const mine = new Promise<void>((resolve) => (release = resolve));
  const queue = before ? before.then(() => mine) : mine;
  pinTurns.set(clientId, queue);
  try {
    if (before) await before;
    return await check(before !== undefined);
  } finally {
    release();
    if (pinTurns.get(clientId) === queue) pinTurns.delete(clientId);
  }
}

/** The slow check: argon2id (or an old scrypt hash, re-hashed to argon2id once it matches). */
async function verifyPinFully(
  deps: ClientDeps,
  given: ClientRow,
  pinMd5: string,
  givenNow: Date,
): Promise<void> {
  const { db, clock } = deps;
  if (!given.pinHash) throw badRequest(ApiMessage.pinNotSet);
  return inPinTurn(deps, given.id, async (waited) => {
    // A check that waited reads what the checks before it left: a lock, a new PIN.
    const row = waited ? await byId(deps, given.id) : given;
    const now = waited ? clock.now() : givenNow;
    if (!row.pinHash) throw badRequest(ApiMessage.pinNotSet);
    if (row.pinLockedUntil && row.pinLockedUntil > now) throw tooMany(ApiMessage.pinLocked);
    if (!(await verifySecret(pinMd5, row.pinHash))) return pinFailed(deps, row.id, now);
    await pinPassed(deps, row);
    if (needsRehash(row.pinHash)) {
      const pinHash = await hashSecret(pinMd5);
      // Guarded by the old hash: a PIN changed meanwhile is never overwritten.
      await db
        .update(clients)
        .set({ pinHash })
        .where(and(eq(clients.id, row.id), eq(clients.pinHash, row.pinHash)));
      wrote(deps, db, row.id);
    }
  });
}

/**
 * Verifies a PIN in full (argon2id), per action: withdrawals and bank-card changes. With a
 * session, a success also opens that session's trading window (POST pin/verify).
 */
export async function verifyPin(
  deps: ClientDeps,
  clientId: string,
  pinMd5: string,
  sessionId?: string,
): Promise<void> {
  const now = deps.clock.now();
  await verifyPinFully(deps, await byId(deps, clientId), pinMd5, now);
  if (sessionId) await openPinWindow(deps, clientId, sessionId, pinMd5, now);
}

const openWindowWhere = () =>
  and(
    eq(pinWindows.sessionId, sql.placeholder('sessionId')),
    eq(pinWindows.clientId, sql.placeholder('clientId')),
    gt(pinWindows.expiresAt, sql.placeholder('now')),
  );

/** The session's open PIN window, for a check whose caller read the client alone. */
const openWindowOf = builtOnce((executor) =>
  executor
    .select({ pinMac: pinWindows.pinMac })
    .from(pinWindows)
    .where(openWindowWhere())
    .prepare('pin_window_open'),
);

/**
 * The client's row with the session's open window beside it. The window is a scalar subquery,
 * so a client without one still reads.
 */
const clientAndWindow = (executor: Executor) =>
  executor.select({
    client: clients,
    pinMac: sql<string | null>`(${executor
      .select({ pinMac: pinWindows.pinMac })
      .from(pinWindows)
      .where(openWindowWhere())})`,
  });

/** Every order placed reads the client and the session's open window: one statement, built once (db/prepared.ts). */
const clientAndWindowOf = builtOnce((executor) =>
  clientAndWindow(executor)
    .from(clients)
    .where(eq(clients.id, sql.placeholder('clientId')))
    .prepare('client_and_pin_window'),
);

/** A session's open trading window as read: the HMAC of the PIN that opened it, or none. */
export type OpenWindow = { pinMac: string } | null;

/** The client as an order's checks take them: the row, and the session's open window. */
export type Trader = { client: ClientRow; window: OpenWindow };

const traderOf = (found: { client: ClientRow; pinMac: string | null }): Trader => ({
  client: found.client,
  window: found.pinMac ? { pinMac: found.pinMac } : null,
});

/**
 * Prepares "the client whose id `idQuery` answers, with the session's open trading window" as
 * one statement: auth's guard hands in its live session's client and reads, in the session's
 * own round trip, all an order's checks read of the client. Its placeholders are `sessionId`
 * and `clientId`.
 */
export function prepareTraderWhereIdIn(deps: ClientDeps, idQuery: SQLWrapper, name: string) {
  const statement = clientAndWindow(deps.db)
    .from(clients)
    .where(inArray(clients.id, idQuery))
    .prepare(name);
  return async (params: { sessionId: string; clientId: string }): Promise<Trader | undefined> => {
    const [found] = await statement.execute({ ...params, now: deps.clock.now() });
    return found && traderOf(found);
  };
}

/** The client's row and, with it, the session's open trading window (one round trip). */
export async function clientWithWindow(
  deps: ClientDeps,
  clientId: string,
  sessionId: string,
): Promise<Trader> {
  const now = deps.clock.now();
  const [found] = await clientAndWindowOf(deps.db).execute({ clientId, sessionId, now });
  if (!found) throw clientNotFound();
  return traderOf(found);
}

/**
 * The PIN of an order. Inside the session's open trading window it is compared, in
 * constant time, with the keyed HMAC of the PIN verified when the window opened — a
 * wrong PIN still counts toward the lockout. Outside one it is verified in full, and a
 * success opens the window. `row` is the client as the caller just read it, and `known`
 * the window read with it (clientWithWindow); without it the window is read here.
 */
export async function verifyTradingPin(
  deps: ClientDeps,
  row: ClientRow,
  pinMd5: string,
  sessionId: string,
  known?: OpenWindow,
): Promise<void> {
  const { db, clock } = deps;
  const now = clock.now();
  if (!row.pinHash) throw badRequest(ApiMessage.pinNotSet);
  if (row.pinLockedUntil && row.pinLockedUntil > now) throw tooMany(ApiMessage.pinLocked);
  const window =
    known !== undefined
      ? known
      : ((await openWindowOf(db).execute({ sessionId, clientId: row.id, now }))[0] ?? null);
  if (!window) {
    await verifyPinFully(deps, row, pinMd5, now);
    await openPinWindow(deps, row.id, sessionId, pinMd5, now);
    return;
  }
  if (!safeEqual(pinMac(deps, sessionId, pinMd5), window.pinMac))
    return pinFailed(deps, row.id, now);
  await pinPassed(deps, row);
}

/** A new PIN closes every trading window the old one opened. */
export async function setPin(deps: ClientDeps, clientId: string, pinMd5: string) {
  const pinHash = await hashSecret(pinMd5);
  await inTransaction(deps.db, async (tx) => {
    await tx
      .update(clients)
      .set({ pinHash, pinFailures: 0, pinLockedUntil: null })
      .where(eq(clients.id, clientId));
    wrote(deps, tx, clientId);
    await closeClientPinWindows(tx, clientId);
  });
  await deps.copies.settled();
}
