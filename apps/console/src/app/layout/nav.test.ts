import { mayAccess as may } from '@sampada/shared';
import { describe, expect, it } from 'vitest';
import { NAV } from './shell';

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

describe('trading areas by role', () => {
  it('gives operations and admin the desk, the offerings and the charges', () => {
    for (const roles of [['operations'], ['admin']] as const) {
      expect(navFor(roles)).toEqual(
        expect.arrayContaining(['Trading desk', 'Offerings', 'Charges']),
      );
      expect(may(roles, 'clientOrders')).toBe(true);
    }
    expect(NAV.find((item) => item.label === 'Trading desk')?.queue).toBe('orders_awaiting_desk');
  });

  it('lets only admin edit the charges', () => {
    expect(may(['admin'], 'chargesEdit')).toBe(true);
    expect(may(['operations'], 'chargesEdit')).toBe(false);
  });

  it("gives support and advisor a client's order history, never the desk", () => {
    for (const roles of [['support'], ['advisor']] as const) {
      const nav = navFor(roles);
      expect(nav).not.toContain('Trading desk');
      expect(nav).not.toContain('Offerings');
      expect(nav).not.toContain('Charges');
      expect(may(roles, 'trading')).toBe(false);
      expect(may(roles, 'clientOrders')).toBe(true);
    }
  });
});

describe('settlement by role', () => {
  it('gives operations and admin the Settlement page, never support or advisor', () => {
    for (const roles of [['operations'], ['admin']] as const) {
      expect(navFor(roles)).toContain('Settlement');
      expect(may(roles, 'settlementDecide')).toBe(true);
    }
    for (const roles of [['support'], ['advisor']] as const) {
      expect(navFor(roles)).not.toContain('Settlement');
      expect(may(roles, 'settlementDecide')).toBe(false);
    }
  });
});

describe("a broker's duties by role", () => {
  it('gives operations and admin the outbox and the contract-note run', () => {
    for (const roles of [['operations'], ['admin']] as const)
      expect(navFor(roles)).toEqual(
        expect.arrayContaining(['Contract notes', 'Outbox', 'Grievances']),
      );
  });

  it('gives support the grievances only, and advisors none of the three', () => {
    const support = navFor(['support']);
    expect(support).toContain('Grievances');
    expect(support).not.toContain('Outbox');
    expect(support).not.toContain('Contract notes');
    const advisor = navFor(['advisor']);
    for (const label of ['Grievances', 'Outbox', 'Contract notes'])
      expect(advisor).not.toContain(label);
  });
});
