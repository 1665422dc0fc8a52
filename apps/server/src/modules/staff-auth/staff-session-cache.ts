/**
 * The console's copies of "this token's session and its member", so that a busy desk (an
 * officer confirming deposit after deposit) does not ask PostgreSQL for its session on every
 * request: the signed-in cache of client_info (platform/signed-in-cache.ts, decision 006),
 * with its rules — a copy lives at most the TTL, a change drops this instance's copies at
 * once and the bus drops the other instances', and a change answers only once no instance
 * can still answer from a copy read before it.
 *
 * A bearer token does not name its member until it has been read, so every copy has one
 * owner and any change to any session or member drops them all: staff changes (a sign-out,
 * roles, deactivation, a second factor reset) are rare beside the requests they serve.
 */
import type { Bus } from '../../platform/bus.ts';
import { createSignedInCache, type SignedInCache } from '../../platform/signed-in-cache.ts';
import type { StaffSessionRow } from './staff-session-reads.ts';

export const STAFF_SIGNED_IN_CHANGED_CHANNEL = 'staff-auth.signed-in.changed';
const EVERY_MEMBER = 'staff';

export type StaffSessionCache = SignedInCache<StaffSessionRow>;

export const createStaffSessionCache = (bus: Bus, ttlMs: number): StaffSessionCache =>
  createSignedInCache<StaffSessionRow>({ bus, ttlMs, channel: STAFF_SIGNED_IN_CHANGED_CHANNEL });

/** The session of this token's hash, from a fresh copy when one is held. */
export const readStaffSession = (
  cache: StaffSessionCache,
  tokenHash: string,
  load: () => Promise<StaffSessionRow | undefined>,
) => cache.read(tokenHash, EVERY_MEMBER, load);

/**
 * A session or a member changed and the change has committed: resolves once no instance
 * answers a request from a copy read before it.
 */
export async function staffSessionsChanged(cache: Pick<StaffSessionCache, 'changed' | 'settled'>) {
  cache.changed(EVERY_MEMBER);
  await cache.settled();
}
