/** Client accounts: the profile of spec §3, credentials, PIN and avatar. */
import { and, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import {
  ApiMessage,
  M,
  toKycStatus,
  type TClientFlagsRequest,
  type TClientProfile,
  type TKycStatus,
  VIP_MAX,
} from '@sampada/shared';
import type { Db, Executor } from '../../db/client.ts';
import { type Actor, recordAudit } from '../../platform/audit.ts';
import type { Clock } from '../../platform/clock.ts';
import { MINUTE } from '../../platform/clock.ts';
import { decoySecretHash, hashSecret, randomDigits, verifySecret } from '../../platform/crypto.ts';
import { containsPattern } from '../../platform/cursor.ts';
import { badRequest, notFound, tooMany } from '../../platform/errors.ts';
import { clients } from './tables.ts';

export type ClientRow = typeof clients.$inferSelect;

export const PIN_MAX_FAILURES = 5;
export const PIN_LOCK_MS = 30 * MINUTE;

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

export function createClientService(db: Db, clock: Clock) {
  const byId = async (id: string, executor: Executor = db) => {
    const [row] = await executor.select().from(clients).where(eq(clients.id, id));
    if (!row) throw notFound('Client not found.');
    return row;
  };

  return {
    byId,

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

    /** Takes a hash made beforehand: scrypt inside a transaction would hold it open for ~50 ms. */
    async setPasswordHash(tx: Executor, clientId: string, passwordHash: string) {
      await tx.update(clients).set({ passwordHash }).where(eq(clients.id, clientId));
    },

    /** Names and UIDs of some clients, for lists other modules show (desk queues, allotments). */
    async refsOf(ids: string[], executor: Executor = db) {
      const rows = ids.length
        ? await executor
            .select({ id: clients.id, name: clients.name, uid: clients.uid })
            .from(clients)
            .where(inArray(clients.id, [...new Set(ids)]))
        : [];
      return new Map(rows.map((r) => [r.id, r]));
    },

    /** One more executed trade in the profile's order_num, in the trade's transaction. */
    async countTrade(tx: Executor, clientId: string) {
      await tx
        .update(clients)
        .set({ orderNum: sql`${clients.orderNum} + 1` })
        .where(eq(clients.id, clientId));
    },

    async setPin(clientId: string, pinMd5: string) {
      const pinHash = await hashSecret(pinMd5);
      await db
        .update(clients)
        .set({ pinHash, pinFailures: 0, pinLockedUntil: null })
        .where(eq(clients.id, clientId));
    },

    /**
     * Verifies a PIN. Five wrong PINs lock PIN actions for 30 minutes; the counter moves in
     * one UPDATE so parallel guesses cannot slip past the limit.
     */
    async verifyPin(clientId: string, pinMd5: string): Promise<void> {
      const row = await byId(clientId);
      const now = clock.now();
      if (!row.pinHash) throw badRequest(ApiMessage.pinNotSet);
      if (row.pinLockedUntil && row.pinLockedUntil > now) throw tooMany(ApiMessage.pinLocked);
      if (await verifySecret(pinMd5, row.pinHash)) {
        if (row.pinFailures > 0) {
          await db.update(clients).set({ pinFailures: 0 }).where(eq(clients.id, clientId));
        }
        return;
      }
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
      if (!after || (after.lockedUntil && after.lockedUntil > now))
        throw tooMany(ApiMessage.pinLocked);
      throw badRequest(ApiMessage.pinWrong(PIN_MAX_FAILURES - after.failures));
    },

    async verifyPassword(clientId: string, passwordMd5: string) {
      const row = await byId(clientId);
      if (!(await verifySecret(passwordMd5, row.passwordHash)))
        throw badRequest(M.incorrectPassword);
    },

    async setAvatar(clientId: string, storageKey: string) {
      await db.update(clients).set({ avatarFile: storageKey }).where(eq(clients.id, clientId));
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

    /** Turns capability flags on or off (allow_compensation, allow_bonus, allow_loan). */
    async setFlags(clientId: string, flags: TClientFlagsRequest, actor: Actor): Promise<ClientRow> {
      const set: Partial<Record<(typeof FLAG_COLUMNS)[keyof typeof FLAG_COLUMNS], boolean>> = {};
      for (const [key, column] of Object.entries(FLAG_COLUMNS) as [
        keyof typeof FLAG_COLUMNS,
        (typeof FLAG_COLUMNS)[keyof typeof FLAG_COLUMNS],
      ][]) {
        if (flags[key] !== undefined) set[column] = flags[key];
      }
      if (Object.keys(set).length === 0) throw badRequest('Choose a flag to change.');
      return db.transaction(async (tx) => {
        const before = await byId(clientId, tx);
        const [after] = await tx
          .update(clients)
          .set(set)
          .where(eq(clients.id, clientId))
          .returning();
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
    },

    /** Sets the VIP level (0–10) or trust score (0–100) by hand; the reason is audited. */
    async adjust(
      clientId: string,
      input: { kind: 'vip' | 'score'; value: number; reason: string },
      actor: Actor,
    ) {
      const max = input.kind === 'vip' ? VIP_MAX : 100;
      if (!Number.isInteger(input.value) || input.value < 0 || input.value > max) {
        throw badRequest(
          `${input.kind === 'vip' ? 'VIP level' : 'Trust score'} must be a whole number from 0 to ${max}.`,
        );
      }
      const reason = input.reason.trim();
      if (!reason) throw badRequest('A reason is required.');
      return db.transaction(async (tx) => {
        const before = await byId(clientId, tx);
        const [after] = await tx
          .update(clients)
          .set(input.kind === 'vip' ? { vip: input.value } : { score: input.value })
          .where(eq(clients.id, clientId))
          .returning();
        await recordAudit(tx, actor, {
          action: input.kind === 'vip' ? 'client.vip.adjust' : 'client.score.adjust',
          subjectType: 'client',
          subjectId: clientId,
          before: { [input.kind]: before[input.kind] },
          after: { [input.kind]: input.value, reason },
        });
        return after!;
      });
    },

    /** Only the KYC service calls this, inside its own transaction. */
    async setKycStatus(tx: Executor, clientId: string, status: TKycStatus, name?: string) {
      await tx
        .update(clients)
        .set(name === undefined ? { kycStatus: status } : { kycStatus: status, name })
        .where(eq(clients.id, clientId));
    },
  };
}
export type ClientService = ReturnType<typeof createClientService>;
