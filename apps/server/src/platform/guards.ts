/** Guards at the boundary: an onRequest hook (before validation) that admits only a signed-in client. */
import type { FastifyRequest } from 'fastify';
import { ApiMessage } from '@sampada/shared';
import { unauthorized } from './errors.ts';
import { bearerToken, type ClientAuth, type SignedInClientRow } from './http.ts';

/**
 * What the client guard needs of whoever checks sessions (the auth module implements it; the
 * composition root hands it over): an access token in, the live session's ids out, or a 401.
 */
export type Authenticate = {
  authenticate(accessToken: string): Promise<ClientAuth>;
  /** The same check, also reading the client's row in the same query. */
  authenticateWithClient(accessToken: string): Promise<ClientAuth & { client: SignedInClientRow }>;
  /** The same check, reading the row as it is now and the session's open trading window too. */
  authenticateTrader(
    accessToken: string,
  ): Promise<ClientAuth & { client: SignedInClientRow; tradingWindow: { pinMac: string } | null }>;
};

/**
 * Route config: the handler answers from the client's own row, read with the session (a copy
 * at most the signed-in cache's TTL old); `'trading'`: read fresh, with the session's open
 * trading window, for the checks an order makes (the PIN's failures and lock, KYC).
 */
export type ClientGuardConfig = { clientRow?: boolean | 'trading' };

export const requireClient = (auth: Authenticate) => async (request: FastifyRequest) => {
  const token = bearerToken(request);
  if (!token) throw unauthorized(ApiMessage.unauthorized);
  const { clientRow } = request.routeOptions.config as ClientGuardConfig;
  request.clientAuth =
    clientRow === 'trading'
      ? await auth.authenticateTrader(token)
      : clientRow
        ? await auth.authenticateWithClient(token)
        : await auth.authenticate(token);
};

/** The client's row the guard read with the session (routes with `config: { clientRow: true }`). */
export function clientRowOf(request: FastifyRequest) {
  const row = request.clientAuth?.client;
  if (!row) throw new Error('The route did not ask the guard for the client row.');
  return row;
}
