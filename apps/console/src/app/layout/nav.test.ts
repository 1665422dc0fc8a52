import { describe, expect, it } from 'vitest';
import { NAV } from './shell';
import { may } from '../../lib/roles';

const navFor = (roles: Parameters<typeof may>[0]) =>
  NAV.filter((item) => may(roles, item.area)).map((item) => item.label);

describe('money areas by role', () => {
  it('gives operations and admin the queues and the reconciliation', () => {
    for (const roles of [['operations'], ['admin']] as const) {
      expect(navFor(roles)).toEqual(
        expect.arrayContaining(['Deposits', 'Withdrawals', 'Reconciliation']),
      );
      expect(may(roles, 'ledger')).toBe(true);
    }
  });

  it('lets support and advisor read a ledger but never see the money actions', () => {
    for (const roles of [['support'], ['advisor']] as const) {
      const nav = navFor(roles);
      expect(nav).not.toContain('Deposits');
      expect(nav).not.toContain('Withdrawals');
      expect(nav).not.toContain('Reconciliation');
      expect(may(roles, 'deposits')).toBe(false);
      expect(may(roles, 'withdrawals')).toBe(false);
      expect(may(roles, 'reconciliation')).toBe(false);
      expect(may(roles, 'ledger')).toBe(true);
    }
  });
});
