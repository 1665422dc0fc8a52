import { describe, expect, it } from 'vitest';
import { NOMINEE_MSG } from '@sampada/shared';
import { ageOn, guardianProblem } from './rules.ts';

describe('nominee ages', () => {
  it('counts a birthday only once it has come', () => {
    expect(ageOn('2008-06-15', '2026-06-14')).toBe(17);
    expect(ageOn('2008-06-15', '2026-06-15')).toBe(18);
  });

  it('asks for a guardian for a minor and not for an adult', () => {
    const minor = { name: 'Anu', dob: '2015-01-01', guardian: null };
    expect(guardianProblem([minor], '2026-11-20')).toBe(NOMINEE_MSG.guardianNeeded('Anu'));
    expect(guardianProblem([{ ...minor, guardian: { name: 'R' } }], '2026-11-20')).toBeNull();
    expect(guardianProblem([{ ...minor, dob: '1990-01-01' }], '2026-11-20')).toBeNull();
  });

  it('refuses a date of birth in the future', () => {
    const unborn = { name: 'X', dob: '2027-01-01', guardian: null };
    expect(guardianProblem([unborn], '2026-11-20')).toBe(NOMINEE_MSG.dobInvalid);
  });
});
