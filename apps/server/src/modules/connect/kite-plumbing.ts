/**
 * What every route under /connect shares: Kite's envelope and error answers, form bodies, the
 * `Authorization: token api_key:access_token` check, the per-app limits and the IP allow-list.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ConnectMessage, TM } from '@sampada/shared';
import type { Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import { isUnavailable } from '../../platform/pg-errors.ts';
import type { LimitKind, LimitStore } from './limits.ts';
import type { ApiSession, Sessions } from './sessions.ts';
import { KiteError, kiteErrorOf } from './wire.ts';

export const kiteEnvelope = (data: unknown) => ({ status: 'success', data });

const sessionsOf = new WeakMap<FastifyRequest, ApiSession>();

/** The API session of a request the token check let through. */
export function apiSessionOf(request: FastifyRequest): ApiSession {
  const session = sessionsOf.get(request);
  if (!session) throw new KiteError('TokenException', ConnectMessage.tokenInvalid);
  return session;
}

function sendKite(reply: FastifyReply, status: number, errorType: string, message: string) {
  return reply
    .status(status)
    .header('cache-control', 'no-store')
    .send({ status: 'error', message, data: null, error_type: errorType });
}

/** Errors under /connect answer Kite's way, so its clients raise their own exceptions. */
export function registerKiteErrors(app: FastifyInstance) {
  const refusals = { cash: TM.insufficientCash, holding: TM.insufficientHolding };
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof KiteError)
      return sendKite(reply, error.status, error.errorType, error.message);
    if (error instanceof AppError) {
      const kite = kiteErrorOf(error.status, error.message, refusals);
      return sendKite(reply, kite.status, kite.errorType, error.message);
    }
    if (hasZodFastifySchemaValidationErrors(error) || error.validation)
      return sendKite(
        reply,
        400,
        'InputException',
        error.validation?.[0]?.message ?? 'Invalid input.',
      );
    if (isUnavailable(error) || error.code === 'FST_ERR_HANDLER_TIMEOUT')
      return sendKite(reply, 503, 'NetworkException', 'Service unavailable. Please try again.');
    const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
    if (status >= 500) request.log.error({ err: error }, 'connect request failed');
    const kite = kiteErrorOf(status, error.message, refusals);
    return sendKite(
      reply,
      kite.status,
      kite.errorType,
      status < 500 ? error.message : 'Something went wrong.',
    );
  });
  // Kite's clients post forms (application/x-www-form-urlencoded).
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => {
      const text = typeof body === 'string' ? body : body.toString('utf8');
      done(null, Object.fromEntries(new URLSearchParams(text)));
    },
  );
}

/** `token api_key:access_token` → the session, or a TokenException. */
export function tokenCheck(sessions: Sessions) {
  return async (request: FastifyRequest) => {
    const match = /^token\s+([^:\s]+):(\S+)$/i.exec(request.headers.authorization ?? '');
    if (!match) throw new KiteError('TokenException', ConnectMessage.tokenInvalid);
    sessionsOf.set(request, await sessions.authenticate(match[1]!, match[2]!));
  };
}

/** The per-app limits of one kind of request, answered 429 the wire's way. */
export function limitCheck(clock: Clock, limits: LimitStore) {
  return async (request: FastifyRequest, kind: LimitKind) => {
    const { app } = apiSessionOf(request);
    if (!(await limits.take(app.id, kind, clock.now().getTime())))
      throw new KiteError('NetworkException', ConnectMessage.tooMany, 429);
  };
}

/** Orders come only from the app's allowed addresses (request.ip honours TRUST_PROXY). */
export function assertAllowedIp(request: FastifyRequest) {
  const { app } = apiSessionOf(request);
  const ip = request.ip.startsWith('::ffff:') ? request.ip.slice(7) : request.ip;
  if (!app.allowedIps.includes(ip))
    throw new KiteError('PermissionException', ConnectMessage.ipNotAllowed);
}
