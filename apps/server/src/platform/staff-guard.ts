/**
 * Guards for the console API (house-style.md "Guards at the boundary"): one hook for the
 * whole `/console/api` prefix resolves the staff session (401 when missing, expired or
 * revoked), then checks the route's role list (403). Admin may do everything. A route
 * without a role list is admin-only; sign-in routes opt out with `staffPublic`.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TStaffRole } from '@sampada/shared';
import type { Actor } from './audit.ts';
import { forbidden, unauthorized } from './errors.ts';
import { bearerToken } from './http.ts';

/** Who a console request is from: the live staff session the guard resolved. */
export type StaffAuth = { staffId: string; sessionId: string; roles: TStaffRole[]; email: string };

/**
 * What the console guard needs of whoever checks staff sessions (the staff-auth module
 * implements it; the composition root hands it over): a token in, the session or a 401 out.
 */
export type AuthenticateStaff = { authenticate(token: string): Promise<StaffAuth> };

declare module 'fastify' {
  interface FastifyRequest {
    staffAuth: StaffAuth | null;
  }
  interface FastifyContextConfig {
    /** Roles that may call the route besides admin. */
    roles?: readonly TStaffRole[];
    /** Reachable without a staff session (the two sign-in steps). */
    staffPublic?: boolean;
  }
}

export const CONSOLE_API_PREFIX = '/console/api/v1';
const SESSION_MESSAGE = 'Your console session has ended. Please sign in again.';

/** Every role that may call a route with `roles`. */
export const mayCall = (held: readonly TStaffRole[], roles: readonly TStaffRole[] | undefined) =>
  held.includes('admin') || (roles ?? []).some((r) => held.includes(r));

export function registerStaffGuard(app: FastifyInstance, staffAuth: AuthenticateStaff) {
  if (!app.hasRequestDecorator('staffAuth')) app.decorateRequest('staffAuth', null);
  // onRequest, before the body is parsed: nobody without a session gets their body read.
  app.addHook('onRequest', async (request) => {
    const config = request.routeOptions.config;
    if (config.staffPublic) return;
    const token = bearerToken(request);
    if (!token) throw unauthorized(SESSION_MESSAGE);
    request.staffAuth = await staffAuth.authenticate(token);
    if (!mayCall(request.staffAuth.roles, config.roles))
      throw forbidden('Your role does not allow this.');
  });
}

export function staffOf(request: FastifyRequest): StaffAuth {
  if (!request.staffAuth) throw unauthorized(SESSION_MESSAGE);
  return request.staffAuth;
}

export const staffActor = (request: FastifyRequest): Actor => ({
  type: 'staff',
  id: staffOf(request).staffId,
  ip: request.ip,
});

export const isAdmin = (auth: StaffAuth) => auth.roles.includes('admin');

/**
 * Whose clients this staff member may see: null for everyone (admin, operations, support),
 * or their own id when they are an advisor and nothing more.
 */
export const clientScope = (auth: StaffAuth): string | null =>
  auth.roles.some((r) => r === 'admin' || r === 'operations' || r === 'support')
    ? null
    : auth.staffId;

/** An advisor acts only on their own clients; admin on anyone's. */
export function assertOwnClient(auth: StaffAuth, advisorId: string | null) {
  if (isAdmin(auth)) return;
  if (advisorId !== auth.staffId) throw forbidden('This client belongs to another advisor.');
}
