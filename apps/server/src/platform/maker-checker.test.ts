/** Two-officer approval: who decides, when two are needed, and that one officer never counts twice. */
import { describe, expect, it } from 'vitest';
import { approvalStep, approvalsFor, assertDecider } from './maker-checker.ts';

describe('maker-checker', () => {
  it('needs a second officer only above the threshold', () => {
    expect(approvalsFor(5_000_000n, 5_000_000n)).toBe(1);
    expect(approvalsFor(5_000_001n, 5_000_000n)).toBe(2);
  });

  it('lets an operations officer or admin decide, never support or an inactive officer', () => {
    const ok =
      (roles: string[], active = true) =>
      () =>
        assertDecider(
          { active, roles },
          'loanDecide',
          'Only operations officers may decide loans.',
        );
    expect(ok(['operations'])).not.toThrow();
    expect(ok(['admin'])).not.toThrow();
    expect(ok(['support', 'advisor'])).toThrow('Only operations officers may decide loans.');
    expect(ok(['operations'], false)).toThrow('Only operations officers may decide loans.');
    expect(() => assertDecider(undefined, 'compensationDecide', 'no')).toThrow('no');
  });

  it('decides alone, records a first of two, completes with a different officer', () => {
    const same = 'The second approval must come from a different officer.';
    expect(approvalStep({ approvalsRequired: 1, firstApprovedBy: null }, 'a', same)).toBe('alone');
    expect(approvalStep({ approvalsRequired: 2, firstApprovedBy: null }, 'a', same)).toBe('first');
    expect(approvalStep({ approvalsRequired: 2, firstApprovedBy: 'a' }, 'b', same)).toBe('second');
    expect(() => approvalStep({ approvalsRequired: 2, firstApprovedBy: 'a' }, 'a', same)).toThrow(
      same,
    );
  });
});
