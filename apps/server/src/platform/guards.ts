/** Guards at the boundary: an onRequest hook (before validation) that admits only a signed-in client. */
import type { FastifyRequest } from 'fastify';
import { ApiMessage } from '@sampada/shared';
import type { AuthService } from '../modules/auth/service.ts';
import { unauthorized } from './errors.ts';
import { bearerToken } from './http.ts';

/** Route config: the handler answers from the client's own row, read with the session. */
export type ClientGuardConfig = { clientRow?: boolean };

export const requireClient = (auth: AuthService) => async (request: FastifyRequest) => {
  const token = bearerToken(request);
  if (!token) throw unauthorized(ApiMessage.unauthorized);
  const { clientRow } = request.routeOptions.config as ClientGuardConfig;
  request.clientAuth = clientRow
    ? await auth.authenticateWithClient(token)
    : await auth.authenticate(token);
};

/** The client's row the guard read with the session (routes with `config: { clientRow: true }`). */
export function clientRowOf(request: FastifyRequest) {
  const row = request.clientAuth?.client;
  if (!row) throw new Error('The route did not ask the guard for the client row.');
  return row;
}
