import { describe, expect, it } from 'vitest';
import { STAFF_ROLES } from './constants.ts';
import { mayAccess as may, type TConsoleArea as TArea } from './role-access.ts';

const AREAS: TArea[] = [
  'dashboard',
  'clients',
  'clientEdit',
  'kyc',
  'invites',
  'resetCodes',
  'staff',
  'menu',
  'settings',
  'audit',
  'news',
];

describe('mayAccess (ROLE_ACCESS, read by the server guard and the console)', () => {
  it('lets admin open everything', () => {
    for (const area of AREAS) expect(may(['admin'], area)).toBe(true);
  });

  it('gives an advisor clients, KYC, invitation and reset codes and news, but not staff, menu, settings or audit', () => {
    const open = AREAS.filter((a) => may(['advisor'], a));
    expect(open).toEqual([
      'dashboard',
      'clients',
      'clientEdit',
      'kyc',
      'invites',
      'resetCodes',
      'news',
    ]);
  });

  it('gives operations and support a read-only client view', () => {
    for (const role of ['operations', 'support'] as const) {
      expect(AREAS.filter((a) => may([role], a))).toEqual(['dashboard', 'clients']);
    }
  });

  it('adds up several roles and refuses an unknown session', () => {
    expect(may(['support', 'advisor'], 'kyc')).toBe(true);
    expect(may(undefined, 'dashboard')).toBe(false);
    expect(STAFF_ROLES.every((r) => may([r], 'dashboard'))).toBe(true);
  });
});
