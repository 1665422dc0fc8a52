/** A client's password and new sign-ups: hashes made outside transactions, checks in constant time. */
import { and, eq } from 'drizzle-orm';
import { M } from '@sampada/shared';
import type { Executor } from '../../db/client.ts';
import {
  decoySecretHash,
  hashSecret,
  needsRehash,
  randomDigits,
  verifySecret,
} from '../../platform/crypto.ts';
import { badRequest } from '../../platform/errors.ts';
import type { ClientDeps, ClientRow } from './client-deps.ts';
import { byId, wrote } from './client-row.ts';
import { clients } from './tables.ts';

/** Inserts a client with a fresh 8-digit UID; retries the rare UID collision. */
export async function insertClient(
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
}

/** Checks a password (MD5 hex) in constant time whether or not the client exists. */
export async function passwordMatches(
  row: ClientRow | undefined,
  passwordMd5: string,
): Promise<boolean> {
  if (!row) {
    await verifySecret(passwordMd5, await decoySecretHash());
    return false;
  }
  return verifySecret(passwordMd5, row.passwordHash);
}

/**
 * After a successful sign-in: an old (scrypt) or weaker hash is replaced by argon2id of the
 * password just proven. Hashes outside any transaction; guarded by the old hash, so a
 * password changed meanwhile is never overwritten.
 */
export async function upgradePasswordHash(deps: ClientDeps, row: ClientRow, passwordMd5: string) {
  if (!needsRehash(row.passwordHash)) return;
  const passwordHash = await hashSecret(passwordMd5);
  await deps.db
    .update(clients)
    .set({ passwordHash })
    .where(and(eq(clients.id, row.id), eq(clients.passwordHash, row.passwordHash)));
  wrote(deps, deps.db, row.id);
}

export async function verifyPassword(deps: ClientDeps, clientId: string, passwordMd5: string) {
  const row = await byId(deps, clientId);
  if (!(await verifySecret(passwordMd5, row.passwordHash))) throw badRequest(M.incorrectPassword);
}
