/**
 * Trading windows: after one full PIN check, a session's orders compare the PIN with a keyed
 * HMAC for PIN_WINDOW_MS. Keyed, so a copy of the table alone cannot test guesses.
 */
import { and, eq, lte } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { hmac } from '../../platform/crypto.ts';
import type { ClientDeps } from './client-deps.ts';
import { PIN_WINDOW_MS } from './pin-limits.ts';
import { pinWindows } from './tables.ts';

/** The window's proof of the PIN: keyed, so a copy of the table alone cannot test guesses. */
export const pinMac = ({ pinWindowKey }: ClientDeps, sessionId: string, pinMd5: string) =>
  hmac(`pin-window\0${sessionId}\0${pinMd5}`, pinWindowKey);

export const closeClientPinWindows = (executor: Executor, clientId: string) =>
  executor.delete(pinWindows).where(eq(pinWindows.clientId, clientId));

export async function openPinWindow(
  deps: ClientDeps,
  clientId: string,
  sessionId: string,
  pinMd5: string,
  now: Date,
) {
  const { db } = deps;
  const window = {
    clientId,
    pinMac: pinMac(deps, sessionId, pinMd5),
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
