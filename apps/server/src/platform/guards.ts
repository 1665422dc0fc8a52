/** Guards at the boundary: an onRequest hook (before validation) that admits only a signed-in client. */
import type { FastifyRequest } from 'fastify';
import { ApiMessage } from '@sampada/shared';
import type { AuthService } from '../modules/auth/service.ts';
import { unauthorized } from './errors.ts';
import { bearerToken } from './http.ts';

export const requireClient = (auth: AuthService) => async (request: FastifyRequest) => {
  const token = bearerToken(request);
  if (!token) throw unauthorized(ApiMessage.unauthorized);
  request.clientAuth = await auth.authenticate(token);
};
