/** Request helpers shared by every module's routes. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiMessage } from '@sampada/shared';
import type { Config } from '../config.ts';
import { unauthorized } from './errors.ts';

/**
 * The client's row that the guard reads with the session. Its shape belongs to the module that
 * owns client rows, which completes this interface by declaration merging (as modules do with
 * fastify's own types); the platform only knows that it has an id.
 */
export interface SignedInClientRow {
  id: string;
}

/**
 * `client` is the client's row, read with the session when the route asks for it; `tradingWindow`
 * the session's open trading window, read with both for the orders route (the HMAC of the PIN
 * that opened it, or null: the clients module's to interpret).
 */
export type ClientAuth = {
  clientId: string;
  sessionId: string;
  client?: SignedInClientRow;
  tradingWindow?: { pinMac: string } | null;
};

declare module 'fastify' {
  interface FastifyRequest {
    clientAuth: ClientAuth | null;
  }
}

export const bearerToken = (request: FastifyRequest): string | null => {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match ? match[1]! : null;
};

/** The signed-in client of this request; the guard has already answered 401 otherwise. */
export function clientOf(request: FastifyRequest): ClientAuth {
  if (!request.clientAuth) throw unauthorized(ApiMessage.unauthorized);
  return request.clientAuth;
}

export const requestMeta = (request: FastifyRequest) => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'],
});

/**
 * Base for links the server hands out. `PUBLIC_URL` when set; without it the request's Host only
 * when it names this machine (a developer's box, tests), because a Host header is the client's
 * word — `Host: evil.example` must not put a foreign site into a KYC link. Any other Host gets
 * relative links.
 */
export const baseUrlOf = (config: Config, request: FastifyRequest) => {
  if (config.publicUrl) return config.publicUrl.replace(/\/$/, '');
  return isLoopbackHost(request.hostname) ? `${request.protocol}://${request.host}` : '';
};

const isLoopbackHost = (hostname: string) =>
  hostname === 'localhost' ||
  hostname.endsWith('.localhost') ||
  /^127(\.\d{1,3}){3}$/.test(hostname) ||
  hostname === '[::1]' ||
  hostname === '::1';

export const noStore = (reply: FastifyReply) => reply.header('Cache-Control', 'no-store');

/**
 * A public file whose name is random and never reused: cached for a year by anyone, and never
 * sniffed as another type.
 */
export const publicFile = (reply: FastifyReply, type: string) =>
  reply
    .header('Cache-Control', 'public, max-age=31536000, immutable')
    .header('X-Content-Type-Options', 'nosniff')
    .type(type);
