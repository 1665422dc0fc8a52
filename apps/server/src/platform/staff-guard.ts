/**
 * Guards for the console API (house-style.md "Guards at the boundary"): one hook for the
 * whole `/console/api` prefix resolves the staff session (401 when missing, expired or
 * revoked), builds the request's Viewer, then checks the route's ROLE_ACCESS entry (403).
 * Admin may do everything. Every route names its entry; a route that names none cannot be
 * registered, except the sign-in steps, which opt out with `staffPublic` (docs/decisions/010).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TConsoleArea, TStaffRole } from '@sampada/shared';
import type { Actor } from './audit.ts';
import { forbidden, unauthorized } from './errors.ts';
import { bearerToken } from './http.ts';
import { type Viewer, viewerFor, viewerMay } from './viewer.ts';

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
    viewer: Viewer | null;
  }
  interface FastifyContextConfig {
    /** The route's entry in ROLE_ACCESS: the roles that may call it besides admin. */
    access?: TConsoleArea;
    /** Reachable without a staff session (the two sign-in steps). */
    staffPublic?: boolean;
  }
}

export const CONSOLE_API_PREFIX = '/console/api/v1';
const SESSION_MESSAGE = 'Your console session has ended. Please sign in again.';

/** A console route as the guard registered it. */
export type GuardedRoute = {
  method: string;
  url: string;
  access: TConsoleArea | null;
  staffPublic: boolean;
};
const guarded = new WeakMap<object, GuardedRoute[]>();

/** Every route registered under the guard of this server (the role-access test walks them). */
export const guardedRoutes = (app: FastifyInstance): readonly GuardedRoute[] =>
  guarded.get(app.server) ?? [];

export function registerStaffGuard(app: FastifyInstance, staffAuth: AuthenticateStaff) {
  if (!app.hasRequestDecorator('staffAuth')) app.decorateRequest('staffAuth', null);
  if (!app.hasRequestDecorator('viewer')) app.decorateRequest('viewer', null);
  const routes: GuardedRoute[] = guarded.get(app.server) ?? [];
  guarded.set(app.server, routes);
  app.addHook('onRoute', (route) => {
    const { access, staffPublic } = route.config ?? {};
    if (!access && !staffPublic)
      throw new Error(`${String(route.method)} ${route.url} names no ROLE_ACCESS entry.`);
    for (const method of [route.method].flat())
      routes.push({ method, url: route.url, access: access ?? null, staffPublic: !!staffPublic });
  });
  // onRequest, before the body is parsed: nobody without a session gets their body read.
  app.addHook('onRequest', async (request) => {
    const config = request.routeOptions.config;
    if (config.staffPublic) return;
    const token = bearerToken(request);
    if (!token) throw unauthorized(SESSION_MESSAGE);
    request.staffAuth = await staffAuth.authenticate(token);
    request.viewer = viewerFor(request.staffAuth);
    if (!config.access || !viewerMay(request.viewer, config.access))
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

/** The request's Viewer, built by the guard. */
export function viewerOf(request: FastifyRequest): Viewer {
  if (!request.viewer) throw unauthorized(SESSION_MESSAGE);
  return request.viewer;
}
