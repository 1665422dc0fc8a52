/** Client accounts: the profile of spec §3, credentials, PIN and avatar. */
import { and, eq, sql } from 'drizzle-orm';
import { ApiMessage, M, toKycStatus, type TClientProfile, type TKycStatus } from '@sampada/shared';
import type { Db, Executor } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import { MINUTE } from '../../platform/clock.ts';
import { decoySecretHash, hashSecret, randomDigits, verifySecret } from '../../platform/crypto.ts';
import { badRequest, notFound, tooMany } from '../../platform/errors.ts';
import { clients } from './tables.ts';

export type ClientRow = typeof clients.$inferSelect;

export const PIN_MAX_FAILURES = 5;
export const PIN_LOCK_MS = 30 * MINUTE;

/** The account number printed on statements: the firm's prefix and the UID. */
export const accountNumber = (uid: string) => `SMP${uid}`;

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
        const uid = `${1 + Number(randomDigits(1)) % 9}${randomDigits(7)}`;
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
      if (!after || (after.lockedUntil && after.lockedUntil > now)) throw tooMany(ApiMessage.pinLocked);
      throw badRequest(ApiMessage.pinWrong(PIN_MAX_FAILURES - after.failures));
    },

    async verifyPassword(clientId: string, passwordMd5: string) {
      const row = await byId(clientId);
      if (!(await verifySecret(passwordMd5, row.passwordHash))) throw badRequest(M.incorrectPassword);
    },

    async setAvatar(clientId: string, storageKey: string) {
      await db.update(clients).set({ avatarFile: storageKey }).where(eq(clients.id, clientId));
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
