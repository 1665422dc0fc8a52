import { describe, expect, it } from 'vitest';
import { greetingNameOf } from './greeting.ts';

describe('the name Home greets a client with', () => {
  it('is the KYC name once KYC is approved, else the username', () => {
    expect(
      greetingNameOf({ name: 'Priya Sharma', username: '9876543210', kycStatus: 'approved' }),
    ).toBe('Priya Sharma');
    expect(greetingNameOf({ name: null, username: '9876543210', kycStatus: 'approved' })).toBe(
      '9876543210',
    );
  });

  it('is none before KYC is approved', () => {
    for (const kycStatus of ['unverified', 'pending', 'rejected', undefined])
      expect(
        greetingNameOf({ name: 'Priya Sharma', username: '9876543210', kycStatus }),
      ).toBeNull();
  });

  it('works from its source text alone, as the boot script inlines it', () => {
    const inlined = new Function(`return ${greetingNameOf.toString()}`)() as typeof greetingNameOf;
    expect(inlined({ name: 'Priya Sharma', username: 'x', kycStatus: 'approved' })).toBe(
      'Priya Sharma',
    );
  });
});
