/**
 * Every console action × every role: the allowed roles get 200, the others 403 (domain.md
 * "People"). Each call gets its own fresh target so that an allowed call can succeed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_ROLES, type TStaffRole } from '@sampada/shared';
import { clientOfAdvisor, clientWithKyc } from '../../test/console-fixtures.ts';
import {
  buildTestApp,
  signInStaff,
  type SignedInStaff,
  STAFF_TEST_PASSWORD,
  type TestApp,
} from '../../test/helpers.ts';

let t: TestApp;
const staff = {} as Record<TStaffRole, SignedInStaff>;
const system = { type: 'system', id: 'test' } as const;

beforeAll(async () => {
  t = await buildTestApp();
  for (const role of STAFF_ROLES) staff[role] = await signInStaff(t, role);
});
afterAll(async () => t.close());

type Call = { method: 'GET' | 'POST'; path: string; body?: unknown };
type Action = { name: string; allowed: TStaffRole[]; prepare: () => Promise<Call> };

let counter = 0;
const throwawayStaff = async () =>
  (
    await t.ctx.staff.createStaff(
      {
        email: `throwaway${++counter}@staff.test`,
        roles: ['support'],
        password: STAFF_TEST_PASSWORD,
      },
      system,
    )
  ).id;
const advisorId = () => staff.advisor.id;
const ownClient = async () => (await clientOfAdvisor(t, advisorId())).id;

const ALL: TStaffRole[] = [...STAFF_ROLES];
const ADMIN: TStaffRole[] = ['admin'];
const ADVISOR: TStaffRole[] = ['admin', 'advisor'];
const READERS: TStaffRole[] = ['admin', 'advisor', 'operations', 'support'];

const ACTIONS: Action[] = [
  {
    name: 'see own profile',
    allowed: ALL,
    prepare: async () => ({ method: 'GET', path: '/auth/me' }),
  },
  {
    name: 'see the dashboard',
    allowed: ALL,
    prepare: async () => ({ method: 'GET', path: '/dashboard' }),
  },
  { name: 'list staff', allowed: ADMIN, prepare: async () => ({ method: 'GET', path: '/staff' }) },
  {
    name: 'create staff',
    allowed: ADMIN,
    prepare: async () => ({
      method: 'POST',
      path: '/staff',
      body: {
        email: `created${++counter}@staff.test`,
        roles: ['support'],
        password: STAFF_TEST_PASSWORD,
      },
    }),
  },
  {
    name: 'change roles',
    allowed: ADMIN,
    prepare: async () => ({
      method: 'POST',
      path: `/staff/${await throwawayStaff()}/roles`,
      body: { roles: ['operations'] },
    }),
  },
  {
    name: 'deactivate staff',
    allowed: ADMIN,
    prepare: async () => ({ method: 'POST', path: `/staff/${await throwawayStaff()}/deactivate` }),
  },
  {
    name: 'activate staff',
    allowed: ADMIN,
    prepare: async () => ({ method: 'POST', path: `/staff/${await throwawayStaff()}/activate` }),
  },
  {
    name: 'reset TOTP',
    allowed: ADMIN,
    prepare: async () => ({ method: 'POST', path: `/staff/${await throwawayStaff()}/reset-totp` }),
  },
  {
    name: 'list clients',
    allowed: READERS,
    prepare: async () => ({ method: 'GET', path: '/clients?q=9' }),
  },
  {
    name: 'read a client',
    allowed: READERS,
    prepare: async () => ({ method: 'GET', path: `/clients/${await ownClient()}` }),
  },
  {
    name: 'set capability flags',
    allowed: ADVISOR,
    prepare: async () => ({
      method: 'POST',
      path: `/clients/${await ownClient()}/flags`,
      body: { allow_loan: true },
    }),
  },
  {
    name: 'adjust trust score',
    allowed: ADVISOR,
    prepare: async () => ({
      method: 'POST',
      path: `/clients/${await ownClient()}/adjustments`,
      body: { kind: 'score', value: 70, reason: 'Long-standing client' },
    }),
  },
  {
    name: 'list invitation codes',
    allowed: ADVISOR,
    prepare: async () => ({ method: 'GET', path: '/invites' }),
  },
  {
    name: 'create an invitation code',
    allowed: ADVISOR,
    prepare: async () => ({
      method: 'POST',
      path: '/invites',
      body: { max_uses: 3, expires_in_hours: 48, advisor_id: advisorId() },
    }),
  },
  {
    name: 'revoke an invitation code',
    allowed: ADVISOR,
    prepare: async () => {
      const invite = await t.ctx.invites.createInvite(
        (await t.ctx.staff.findById(advisorId()))!,
        {},
        system,
      );
      return { method: 'POST', path: `/invites/${invite.code}/revoke` };
    },
  },
  {
    name: 'list reset codes',
    allowed: ADVISOR,
    prepare: async () => ({ method: 'GET', path: '/reset-codes' }),
  },
  {
    name: 'issue a reset code',
    allowed: ADVISOR,
    prepare: async () => ({
      method: 'POST',
      path: '/reset-codes',
      body: { mobile: (await clientOfAdvisor(t, advisorId())).mobile },
    }),
  },
  {
    name: 'see the KYC queue',
    allowed: ADVISOR,
    prepare: async () => ({ method: 'GET', path: '/kyc/queue' }),
  },
  {
    name: 'approve KYC',
    allowed: ADVISOR,
    prepare: async () => ({
      method: 'POST',
      path: `/kyc/${(await clientWithKyc(t, advisorId())).id}/approve`,
    }),
  },
  {
    name: 'reject KYC',
    allowed: ADVISOR,
    prepare: async () => ({
      method: 'POST',
      path: `/kyc/${(await clientWithKyc(t, advisorId())).id}/reject`,
      body: { reason: 'The PAN photo is blurred' },
    }),
  },
  {
    name: 'reopen KYC',
    allowed: ADVISOR,
    prepare: async () => ({
      method: 'POST',
      path: `/kyc/${(await clientWithKyc(t, advisorId(), 'rejected')).id}/reopen`,
    }),
  },
  {
    name: 'read the menu',
    allowed: ADMIN,
    prepare: async () => ({ method: 'GET', path: '/menu' }),
  },
  {
    name: 'save the menu',
    allowed: ADMIN,
    prepare: async () => ({
      method: 'POST',
      path: '/menu',
      body: {
        items: [
          { path: '/news', name: 'News', component: 'news/list', title: 'News', icon: 'news' },
        ],
      },
    }),
  },
  {
    name: 'read settings',
    allowed: ADMIN,
    prepare: async () => ({ method: 'GET', path: '/settings' }),
  },
  {
    name: 'save settings',
    allowed: ADMIN,
    prepare: async () => ({
      method: 'POST',
      path: '/settings',
      body: { support: { phone: '1800 123 456', email: 'help@firm.in', hours: `9–${++counter}` } },
    }),
  },
  {
    name: 'browse the audit log',
    allowed: ADMIN,
    prepare: async () => ({ method: 'GET', path: '/audit' }),
  },
];

const call = async (role: TStaffRole, c: Call) => {
  const url = `/console/api/v1${c.path}`;
  return c.method === 'GET'
    ? t.api.get(url, staff[role].token)
    : t.api.post(url, c.body ?? {}, staff[role].token);
};

describe.each(ACTIONS)('$name', (action) => {
  it.each(STAFF_ROLES.map((role) => ({ role, allowed: action.allowed.includes(role) })))(
    '$role → $allowed',
    async ({ role, allowed }) => {
      const reply = await call(role, await action.prepare());
      if (allowed) {
        expect(reply.body.message, JSON.stringify(reply.body)).toBeTypeOf('string');
        expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      } else {
        expect(reply.status, JSON.stringify(reply.body)).toBe(403);
      }
    },
  );
});

describe('without a session', () => {
  it.each(ACTIONS)('$name answers 401', async (action) => {
    const c = await action.prepare();
    const url = `/console/api/v1${c.path}`;
    const reply = c.method === 'GET' ? await t.api.get(url) : await t.api.post(url, c.body ?? {});
    expect(reply.status).toBe(401);
  });
});
