/**
 * Every console route × every role, generated from ROLE_ACCESS (docs/decisions/010): the routes
 * are those the staff guard registered on this server, not a hand-kept list, so a new route
 * is tested the day it is added, and one that names no ROLE_ACCESS entry fails here (and
 * cannot even be registered). A role the route's entry leaves out gets the guard's 403; a role
 * it lists gets past the guard: any answer but 401 or 403. Whether an allowed call then
 * succeeds is each module's own test (console-roles.test.ts walks the main actions to 200).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mayAccess, ROLE_ACCESS, STAFF_ROLES, type TStaffRole } from '@sampada/shared';
import {
  CONSOLE_API_PREFIX,
  type GuardedRoute,
  guardedRoutes,
} from '../../platform/staff-guard.ts';
import {
  buildTestApp,
  type Reply,
  signInStaff,
  type SignedInStaff,
  type TestApp,
} from '../../test/helpers.ts';

// Built before the tests are collected: the matrix is generated from the routes it registered.
const t: TestApp = await buildTestApp();
// HEAD routes are the GET routes' twins (same handler, same config): the GET is tested.
const routes = guardedRoutes(t.app).filter((r) => r.method !== 'HEAD');
const guarded = routes.filter((r) => !r.staffPublic);
const staff = {} as Record<TStaffRole, SignedInStaff>;

beforeAll(async () => {
  for (const role of STAFF_ROLES) staff[role] = await signInStaff(t, role);
});
afterAll(async () => t.close());

/** Every path parameter a random id: the guard answers before anything is looked up. */
const urlOf = (route: GuardedRoute) => route.url.replace(/:\w+/g, () => randomUUID());

/**
 * Where a role the table allows would otherwise meet its own scope's 403 rather than the
 * guard's: support and advisors read orders only with a client named.
 */
const QUERY: Record<string, string> = {
  [`GET ${CONSOLE_API_PREFIX}/trading/orders`]: `?client_id=${randomUUID()}`,
};

async function call(route: GuardedRoute, token?: string): Promise<Reply> {
  const url = urlOf(route) + (QUERY[`${route.method} ${route.url}`] ?? '');
  const response = await t.api.raw(url, {
    method: route.method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(route.method === 'GET' ? {} : { 'content-type': 'application/json' }),
    },
    ...(route.method === 'GET' ? {} : { body: '{}' }),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

describe('the console routes', () => {
  it('are all under the guard, and each names a ROLE_ACCESS entry unless it is a sign-in step', () => {
    expect(routes.length).toBeGreaterThanOrEqual(64);
    for (const route of routes) expect(route.url.startsWith(CONSOLE_API_PREFIX)).toBe(true);
    const unnamed = routes.filter((r) => !r.staffPublic && !(r.access && r.access in ROLE_ACCESS));
    expect(unnamed).toEqual([]);
    expect(routes.filter((r) => r.staffPublic).map((r) => `${r.method} ${r.url}`)).toEqual([
      `POST ${CONSOLE_API_PREFIX}/auth/sign-in`,
      `POST ${CONSOLE_API_PREFIX}/auth/verify`,
    ]);
  });
});

describe.each(guarded.map((route) => ({ ...route, name: `${route.method} ${route.url}` })))(
  '$name ($access)',
  (route) => {
    it.each(STAFF_ROLES.map((role) => ({ role, allowed: mayAccess([role], route.access!) })))(
      '$role → allowed: $allowed',
      async ({ role, allowed }) => {
        // Signing out ends the session it is called with: those calls get a session of their own.
        const token =
          route.access === 'session' && route.method !== 'GET'
            ? (await signInStaff(t, role)).token
            : staff[role].token;
        const reply = await call(route, token);
        const what = `${reply.status} ${JSON.stringify(reply.body)}`;
        if (allowed) {
          expect(reply.status, what).not.toBe(401);
          expect(reply.status, what).not.toBe(403);
        } else {
          expect(reply.status, what).toBe(403);
          expect(reply.body.message, what).toBe('Your role does not allow this.');
        }
      },
    );

    it('answers 401 without a session', async () => {
      expect((await call(route)).status).toBe(401);
    });
  },
);
