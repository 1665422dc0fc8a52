/** Client accounts: the profile of spec §3, credentials, PIN and avatar. */
import {
  and,
  count,
  desc,
  eq,
  gt,
  ilike,
  inArray,
  lte,
  or,
  type SQL,
  sql,
  type SQLWrapper,
} from 'drizzle-orm';
import {
  ApiMessage,
  M,
  toKycStatus,
  type TClientFlagsRequest,
  type TClientProfile,
  type TKycStatus,
  VIP_MAX,
} from '@sampada/shared';
import type { Db, Executor, Tx } from '../../db/client.ts';
import { type Actor, recordAudit } from '../../platform/audit.ts';
import type { Clock } from '../../platform/clock.ts';
import { MINUTE } from '../../platform/clock.ts';
import {
  decoySecretHash,
  hashSecret,
  hmac,
  needsRehash,
  randomDigits,
  safeEqual,
  verifySecret,
} from '../../platform/crypto.ts';
import { containsPattern } from '../../platform/cursor.ts';
import { badRequest, notFound, tooMany } from '../../platform/errors.ts';
import { applyTransition, type Lifecycle, type Move } from '../../platform/transitions.ts';
import { inTransaction, whenCommitted } from '../../platform/transaction.ts';
import { assertActsFor, type Viewer } from '../../platform/viewer.ts';
import { clients, pinWindows } from './tables.ts';

export type ClientRow = typeof clients.$inferSelect;

/** The KYC steps as the KYC module declares them, applied to this module's row. */
export type KycSteps<A extends string> = Omit<
  Lifecycle<typeof clients, A, TKycStatus>,
  'table' | 'state'
>;

declare module '../../platform/http.ts' {
  /** The row the client guard reads with the session is this module's row. */
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface SignedInClientRow extends ClientRow {}
}

export const PIN_MAX_FAILURES = 5;
export const PIN_LOCK_MS = 30 * MINUTE;
/** How long one full PIN check lets a session's orders check their PIN cheaply. */
export const PIN_WINDOW_MS = 15 * MINUTE;

/** The account number printed on statements: the firm's prefix and the UID. */
export const accountNumber = (uid: string) => `SMP${uid}`;

export type ClientListFilter = {
  q?: string | undefined;
  kycStatus?: TKycStatus | undefined;
  advisorId?: string | undefined;
  /** The (created_at as text, id) of the last row of the previous page. */
  after?: [string, string] | null;
  limit: number;
};

const FLAG_COLUMNS = {
  allow_compensation: 'allowCompensation',
  allow_bonus: 'allowBonus',
  allow_loan: 'allowLoan',
} as const;

/**
 * Who is told when a client's row changes: the signed-in cache (platform/signed-in-cache.ts)
 * holds copies of it for `client_info`.
 */
export type ClientRowChanges = {
  changed(clientId: string): void;
  changing(clientId: string): void;
  settled(): Promise<void>;
};

const NO_COPIES: ClientRowChanges = {
  changed: () => {},
  changing: () => {},
  settled: async () => {},
};

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
  /**
   * Every write to a client's row goes through here with the executor that made it: copies
   * are dropped once it commits (or, for a transaction that cannot say when, kept away
   * until it surely has).
   */
  const wrote = (executor: Executor, clientId: string) => {
    if (!whenCommitted(executor, () => copies.changed(clientId))) copies.changing(clientId);
  };
  const byId = async (id: string, executor: Executor = db) => {
    const [row] = await executor.select().from(clients).where(eq(clients.id, id));
    if (!row) throw notFound('Client not found.');
    return row;
  };

  /** The window's proof of the PIN: keyed, so a copy of the table alone cannot test guesses. */
  const pinMac = (sessionId: string, pinMd5: string) =>
    hmac(`pin-window\0${sessionId}\0${pinMd5}`, pinWindowKey);

  /**
   * Counts a wrong PIN. Five wrong PINs lock PIN actions for 30 minutes; the counter moves in
   * one UPDATE so parallel guesses cannot slip past the limit. A lockout closes the client's
   * trading windows too.
   */
  async function pinFailed(clientId: string, now: Date): Promise<never> {
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
    wrote(db, clientId);
    if (!after || (after.lockedUntil && after.lockedUntil > now)) {
      await closeClientPinWindows(db, clientId);
      throw tooMany(ApiMessage.pinLocked);
    }
    throw badRequest(ApiMessage.pinWrong(PIN_MAX_FAILURES - after.failures));
  }

  async function pinPassed(row: ClientRow) {
    if (row.pinFailures > 0) {
      await db.update(clients).set({ pinFailures: 0 }).where(eq(clients.id, row.id));
      wrote(db, row.id);
    }
  }

  /**
   * One full PIN check at a time per client in this process. A burst of guesses waits its turn
   * and each re-reads the row, so the guesses behind a lockout are refused before their hash is
   * computed: 50 parallel wrong PINs cost at most 5 hashes (issue 21, catalogue item 13). Across
   * instances each may still have one check in flight when another sets the lock.
   */
  const pinTurns = new Map<string, Promise<void>>();
  async function inPinTurn<T>(clientId: string, check: (waited: boolean) => Promise<T>) {
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
  async function verifyPinFully(given: ClientRow, pinMd5: string, givenNow: Date): Promise<void> {
    if (!given.pinHash) throw badRequest(ApiMessage.pinNotSet);
    return inPinTurn(given.id, async (waited) => {
      // A check that waited reads what the checks before it left: a lock, a new PIN.
      const row = waited ? await byId(given.id) : given;
      const now = waited ? clock.now() : givenNow;
      if (!row.pinHash) throw badRequest(ApiMessage.pinNotSet);
      if (row.pinLockedUntil && row.pinLockedUntil > now) throw tooMany(ApiMessage.pinLocked);
      if (!(await verifySecret(pinMd5, row.pinHash))) return pinFailed(row.id, now);
      await pinPassed(row);
      if (needsRehash(row.pinHash)) {
        const pinHash = await hashSecret(pinMd5);
        // Guarded by the old hash: a PIN changed meanwhile is never overwritten.
        await db
          .update(clients)
          .set({ pinHash })
          .where(and(eq(clients.id, row.id), eq(clients.pinHash, row.pinHash)));
        wrote(db, row.id);
      }
    });
  }

  const closeClientPinWindows = (executor: Executor, clientId: string) =>
    executor.delete(pinWindows).where(eq(pinWindows.clientId, clientId));

  async function openPinWindow(clientId: string, sessionId: string, pinMd5: string, now: Date) {
    const window = {
      clientId,
      pinMac: pinMac(sessionId, pinMd5),
      openedAt: now,
      expiresAt: new Date(now.getTime() + PIN_WINDOW_MS),
    };
    await db
      .insert(pinWindows)
      .values({ sessionId, ...window })
      .onConflictDoUpdate({ target: pinWindows.sessionId, set: window });
    // Spent windows of this client go with it, so the table stays the size of live sessions.
    await db
      .delete(pinWindows)
      .where(and(eq(pinWindows.clientId, clientId), lte(pinWindows.expiresAt, now)));
  }

  return {
    byId,

    /**
     * Prepares "the client whose id `idQuery` answers" as one statement. Another module hands
     * in a subquery over its own table (auth: the live session's client) and gets the row in
     * the same round trip, without either module naming the other's table. Placeholders in
     * the subquery are the statement's parameters.
     */
    prepareRowWhereIdIn: (idQuery: SQLWrapper, name: string) =>
      db.select().from(clients).where(inArray(clients.id, idQuery)).prepare(name),

    async findByMobile(mobile: string, executor: Executor = db): Promise<ClientRow | undefined> {
      const [row] = await executor.select().from(clients).where(eq(clients.mobile, mobile));
      return row;
    },

    /** Inserts a client with a fresh 8-digit UID; retries the rare UID collision. */
    async insertClient(
      tx: Executor,
      input: { mobile: string; passwordHash: string; advisorId: string; inviteCodeId: string },
    ): Promise<ClientRow> {
      for (let attempt = 0; attempt < 5; attempt++) {
        const uid = `${1 + (Number(randomDigits(1)) % 9)}${randomDigits(7)}`;
        const [row] = await tx
          .insert(clients)
          .values({ ...input, uid })
          .onConflictDoNothing({ target: clients.uid })
          .returning();
        if (row) return row;
      }
      throw new Error('Could not allocate a UID');
    },

    toProfile(row: ClientRow, service: string | null): TClientProfile {
      const kycStatus = toKycStatus(row.kycStatus);
      return {
        id: row.uid,
        name: row.name,
        username: row.mobile,
        account: accountNumber(row.uid),
        avatar: row.avatarFile ? `/files/${row.avatarFile}` : null,
        vip: row.vip,
        score: row.score,
        order_num: row.orderNum,
        has_pin: row.pinHash !== null,
        allow_compensation: row.allowCompensation,
        allow_bonus: row.allowBonus,
        allow_loan: row.allowLoan,
        service,
        kycStatus,
        verified: kycStatus === 'approved',
      };
    },

    /** Checks a password (MD5 hex) in constant time whether or not the client exists. */
    async passwordMatches(row: ClientRow | undefined, passwordMd5: string): Promise<boolean> {
      if (!row) {
        await verifySecret(passwordMd5, await decoySecretHash());
        return false;
      }
      return verifySecret(passwordMd5, row.passwordHash);
    },

    /** Takes a hash made beforehand: argon2id inside a transaction would hold it open for ~50 ms. */
    async setPasswordHash(tx: Executor, clientId: string, passwordHash: string) {
      await tx.update(clients).set({ passwordHash }).where(eq(clients.id, clientId));
      wrote(tx, clientId);
    },

    /**
     * After a successful sign-in: an old (scrypt) or weaker hash is replaced by argon2id of the
     * password just proven. Hashes outside any transaction; guarded by the old hash, so a
     * password changed meanwhile is never overwritten.
     */
    /** Resolves once no instance answers from a copy of a client row read before the last change. */
    settled: () => copies.settled(),

    async upgradePasswordHash(row: ClientRow, passwordMd5: string) {
      if (!needsRehash(row.passwordHash)) return;
      const passwordHash = await hashSecret(passwordMd5);
      await db
        .update(clients)
        .set({ passwordHash })
        .where(and(eq(clients.id, row.id), eq(clients.passwordHash, row.passwordHash)));
      wrote(db, row.id);
    },

    /**
     * Names, UIDs, mobiles and advisors of some clients, in one query, for lists other modules
     * show (desk queues, allotments, the KYC queue, reset codes, deposits and withdrawals).
     */
    async refsOf(ids: string[], executor: Executor = db) {
      const rows = ids.length
        ? await executor
            .select({
              id: clients.id,
              name: clients.name,
              uid: clients.uid,
              mobile: clients.mobile,
              advisorId: clients.advisorId,
            })
            .from(clients)
            .where(inArray(clients.id, [...new Set(ids)]))
        : [];
      return new Map(rows.map((r) => [r.id, r]));
    },

    /**
     * The ids of one advisor's clients as a subquery, for another module to scope its own
     * list in SQL (`inArray(table.clientId, clients.idsOfAdvisor(id))`) without reading this
     * module's table: pagination stays in the one query, however many clients an advisor has.
     */
    idsOfAdvisor: (advisorId: string) =>
      db.select({ id: clients.id }).from(clients).where(eq(clients.advisorId, advisorId)),

    /** Clients with this KYC status, all or one advisor's (the console's dashboard counts). */
    async countByKycStatus(status: TKycStatus, advisorId: string | null): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(clients)
        .where(
          and(
            eq(clients.kycStatus, status),
            advisorId ? eq(clients.advisorId, advisorId) : undefined,
          ),
        );
      return row?.n ?? 0;
    },

    /** Who signed up with each of these invitation codes. */
    async signedUpWith(inviteCodeIds: string[]) {
      return inviteCodeIds.length
        ? db
            .select({
              inviteCodeId: clients.inviteCodeId,
              id: clients.id,
              uid: clients.uid,
              mobile: clients.mobile,
              createdAt: clients.createdAt,
            })
            .from(clients)
            .where(inArray(clients.inviteCodeId, inviteCodeIds))
        : [];
    },

    /** One more executed trade in the profile's order_num, in the trade's transaction. */
    /** Every client's id, for engagement's nightly recomputation. */
    async allIds(): Promise<string[]> {
      const rows = await db.select({ id: clients.id }).from(clients).orderBy(clients.createdAt);
      return rows.map((r) => r.id);
    },

    /**
     * Engagement's computed VIP level and trust score, stored on the row `client_info` reads
     * (so the profile stays one query). Not audited: the engagement module keeps the why.
     */
    async storeStanding(clientId: string, values: { vip: number; score: number }) {
      await db
        .update(clients)
        .set({ vip: values.vip, score: values.score })
        .where(eq(clients.id, clientId));
      wrote(db, clientId);
    },

    async countTrade(tx: Executor, clientId: string) {
      await tx
        .update(clients)
        .set({ orderNum: sql`${clients.orderNum} + 1` })
        .where(eq(clients.id, clientId));
      wrote(tx, clientId);
    },

    /** A new PIN closes every trading window the old one opened. */
    async setPin(clientId: string, pinMd5: string) {
      const pinHash = await hashSecret(pinMd5);
      await inTransaction(db, async (tx) => {
        await tx
          .update(clients)
          .set({ pinHash, pinFailures: 0, pinLockedUntil: null })
          .where(eq(clients.id, clientId));
        wrote(tx, clientId);
        await closeClientPinWindows(tx, clientId);
      });
      await copies.settled();
    },

    /**
     * Verifies a PIN in full (argon2id), per action: withdrawals and bank-card changes. With a
     * session, a success also opens that session's trading window (POST pin/verify).
     */
    async verifyPin(clientId: string, pinMd5: string, sessionId?: string): Promise<void> {
      const now = clock.now();
      await verifyPinFully(await byId(clientId), pinMd5, now);
      if (sessionId) await openPinWindow(clientId, sessionId, pinMd5, now);
    },

    /**
     * The PIN of an order. Inside the session's open trading window it is compared, in
     * constant time, with the keyed HMAC of the PIN verified when the window opened — a
     * wrong PIN still counts toward the lockout. Outside one it is verified in full, and a
     * success opens the window. `row` is the client as the caller just read it.
     */
    async verifyTradingPin(row: ClientRow, pinMd5: string, sessionId: string): Promise<void> {
      const now = clock.now();
      if (!row.pinHash) throw badRequest(ApiMessage.pinNotSet);
      if (row.pinLockedUntil && row.pinLockedUntil > now) throw tooMany(ApiMessage.pinLocked);
      const [window] = await db
        .select({ pinMac: pinWindows.pinMac })
        .from(pinWindows)
        .where(
          and(
            eq(pinWindows.sessionId, sessionId),
            eq(pinWindows.clientId, row.id),
            gt(pinWindows.expiresAt, now),
          ),
        );
      if (!window) {
        await verifyPinFully(row, pinMd5, now);
        await openPinWindow(row.id, sessionId, pinMd5, now);
        return;
      }
      if (!safeEqual(pinMac(sessionId, pinMd5), window.pinMac)) return pinFailed(row.id, now);
      await pinPassed(row);
    },

    /** Logout ends the session's trading window. */
    async closePinWindow(sessionId: string, executor: Executor = db) {
      await executor.delete(pinWindows).where(eq(pinWindows.sessionId, sessionId));
    },

    /** Password change or reset ends every trading window of the client. */
    closeClientPinWindows,

    async verifyPassword(clientId: string, passwordMd5: string) {
      const row = await byId(clientId);
      if (!(await verifySecret(passwordMd5, row.passwordHash)))
        throw badRequest(M.incorrectPassword);
    },

    async setAvatar(clientId: string, storageKey: string) {
      await db.update(clients).set({ avatarFile: storageKey }).where(eq(clients.id, clientId));
      wrote(db, clientId);
      await copies.settled();
    },

    /**
     * The console's client list, newest first: search by mobile, name or UID, filter by KYC
     * status and advisor. Returns one row more than `limit` when another page exists.
     */
    async listClients(filter: ClientListFilter) {
      const where: SQL[] = [];
      const q = filter.q?.trim();
      if (q) {
        const digits = q.replace(/\D/g, '');
        const terms = [ilike(clients.name, containsPattern(q)), eq(clients.uid, q)];
        if (digits.length >= 3) terms.push(ilike(clients.mobile, containsPattern(digits)));
        where.push(or(...terms)!);
      }
      if (filter.kycStatus) where.push(eq(clients.kycStatus, filter.kycStatus));
      if (filter.advisorId) where.push(eq(clients.advisorId, filter.advisorId));
      if (filter.after) {
        where.push(
          sql`(${clients.createdAt}, ${clients.id}) < (${filter.after[0]}::timestamptz, ${filter.after[1]}::uuid)`,
        );
      }
      return db
        .select({ row: clients, cursorAt: sql<string>`${clients.createdAt}::text` })
        .from(clients)
        .where(and(...where))
        .orderBy(desc(clients.createdAt), desc(clients.id))
        .limit(filter.limit + 1);
    },

    /**
     * Turns capability flags on or off (allow_compensation, allow_bonus, allow_loan): admin,
     * or the client's own advisor.
     */
    async setFlags(
      viewer: Viewer,
      clientId: string,
      flags: TClientFlagsRequest,
      actor: Actor,
    ): Promise<ClientRow> {
      assertActsFor(viewer, (await byId(clientId)).advisorId);
      const set: Partial<Record<(typeof FLAG_COLUMNS)[keyof typeof FLAG_COLUMNS], boolean>> = {};
      for (const [key, column] of Object.entries(FLAG_COLUMNS) as [
        keyof typeof FLAG_COLUMNS,
        (typeof FLAG_COLUMNS)[keyof typeof FLAG_COLUMNS],
      ][]) {
        if (flags[key] !== undefined) set[column] = flags[key];
      }
      if (Object.keys(set).length === 0) throw badRequest('Choose a flag to change.');
      const after = await inTransaction(db, async (tx) => {
        const before = await byId(clientId, tx);
        const [after] = await tx
          .update(clients)
          .set(set)
          .where(eq(clients.id, clientId))
          .returning();
        wrote(tx, clientId);
        const pick = (r: ClientRow) =>
          Object.fromEntries(Object.entries(FLAG_COLUMNS).map(([key, column]) => [key, r[column]]));
        await recordAudit(tx, actor, {
          action: 'client.flags',
          subjectType: 'client',
          subjectId: clientId,
          before: pick(before),
          after: pick(after!),
        });
        return after!;
      });
      await copies.settled();
      return after;
    },

    /**
     * Sets the VIP level (0–10) or trust score (0–100) by hand, as admin or the client's own
     * advisor; the reason is audited.
     */
    async adjust(
      viewer: Viewer,
      clientId: string,
      input: { kind: 'vip' | 'score'; value: number; reason: string },
      actor: Actor,
    ) {
      assertActsFor(viewer, (await byId(clientId)).advisorId);
      const max = input.kind === 'vip' ? VIP_MAX : 100;
      if (!Number.isInteger(input.value) || input.value < 0 || input.value > max) {
        throw badRequest(
          `${input.kind === 'vip' ? 'VIP level' : 'Trust score'} must be a whole number from 0 to ${max}.`,
        );
      }
      const reason = input.reason.trim();
      if (!reason) throw badRequest('A reason is required.');
      const after = await inTransaction(db, async (tx) => {
        const before = await byId(clientId, tx);
        const [after] = await tx
          .update(clients)
          .set(input.kind === 'vip' ? { vip: input.value } : { score: input.value })
          .where(eq(clients.id, clientId))
          .returning();
        wrote(tx, clientId);
        await recordAudit(tx, actor, {
          action: input.kind === 'vip' ? 'client.vip.adjust' : 'client.score.adjust',
          subjectType: 'client',
          subjectId: clientId,
          before: { [input.kind]: before[input.kind] },
          after: { [input.kind]: input.value, reason },
        });
        return after!;
      });
      await copies.settled();
      return after;
    },

    /**
     * The one writer of `kyc_status`. The KYC module declares its steps (the status each
     * starts from and ends in, what a refusal says); this module applies one to its own row
     * with applyTransition, in the caller's transaction: one guarded UPDATE, so of two
     * reviews racing exactly one moves it, then the step's effect, the audit row and the
     * event. A submission sets the name on its record in the same UPDATE.
     */
    transitionKyc<A extends string>(
      tx: Tx,
      clientId: string,
      steps: KycSteps<A>,
      action: A,
      move: Omit<Move<typeof clients>, 'id' | 'set'> & { name?: string },
    ) {
      const { name, ...rest } = move;
      wrote(tx, clientId);
      return applyTransition(
        tx,
        { ...steps, table: clients, state: { field: 'kycStatus' } },
        action,
        { ...rest, id: clientId, ...(name === undefined ? {} : { set: { name } }) },
      );
    },
  };
}
export type ClientService = ReturnType<typeof createClientService>;
