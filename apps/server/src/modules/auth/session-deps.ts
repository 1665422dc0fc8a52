import type { Db } from '../../db/client.ts';
import { addMs, type Clock, MINUTE } from '../../platform/clock.ts';
import { type IpPlaces, placeWords } from '../../platform/ip-place.ts';
import type { SignedInCache } from '../../platform/signed-in-cache.ts';
import type { ClientRow, ClientService } from '../clients/service.ts';
import type { TokenSigner } from './tokens.ts';

export type RequestMeta = { ip: string; userAgent?: string };

export const PASSWORD_VERIFICATION_TTL_MS = 5 * MINUTE;
/**
 * Two tabs refreshing with the same token at once: the one that loses the race, within this
 * long, gets the winner's answer instead of revoking the session as a reuse would.
 */
export const REFRESH_GRACE_MS = 10_000;

export type SessionDeps = {
  db: Db;
  clock: Clock;
  signer: TokenSigner;
  refreshTtlSeconds: number;
  /** The absolute lifetime from sign-in that no refresh extends. */
  sessionMaxAgeSeconds: number;
  /** Seals a spent token's successor for the grace (decision 027). */
  dataKey: Buffer;
  clients: Pick<ClientService, 'prepareRowWhereIdIn' | 'prepareTraderWhereIdIn'>;
  /** Copies of live sessions with their client rows, for `authenticateWithClient`. */
  signedIn: SignedInCache<ClientRow>;
  /** Where a session's address is, for the client's list of sessions (issue 32). */
  places: IpPlaces;
};

/** The words for where `ip` is ("Mumbai, Maharashtra, India"), or null when nobody knows. */
export async function placeOfAddress(deps: Pick<SessionDeps, 'places'>, ip: string) {
  const place = await deps.places.placeOf(ip);
  return place ? placeWords(place) : null;
}

/** When a session created at `createdAt` ends, whatever its refreshes. */
export const sessionEndOf = (deps: Pick<SessionDeps, 'sessionMaxAgeSeconds'>, createdAt: Date) =>
  addMs(createdAt, deps.sessionMaxAgeSeconds * 1000);
