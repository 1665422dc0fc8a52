/** Section 194's thresholds, each side of each: ₹5,000 before 1 Apr 2025, ₹10,000 from then. */
import { describe, expect, it } from 'vitest';
import { dividendTds } from './dividend-tds.ts';

describe('TDS on dividends (section 194)', () => {
  it('before 1 Apr 2025: ₹5,000 in the year is not taxed, ₹5,000.01 is taxed 10% on the whole', () => {
    expect(
      dividendTds({ grossPaise: 500_000n, paidOn: '2025-03-31', earlierInYearPaise: 0n }),
    ).toEqual({
      tdsPaise: 0n,
      netPaise: 500_000n,
    });
    // ₹5,000.01 × 10% = ₹500.001 → ₹500.
    expect(
      dividendTds({ grossPaise: 500_001n, paidOn: '2025-03-31', earlierInYearPaise: 0n }),
    ).toEqual({
      tdsPaise: 50_000n,
      netPaise: 450_001n,
    });
  });

  it('from 1 Apr 2025: ₹10,000 is not taxed; ₹6,000 after ₹4,500 earlier is (₹600), the ₹4,500 is not reopened', () => {
    expect(
      dividendTds({ grossPaise: 1_000_000n, paidOn: '2025-04-01', earlierInYearPaise: 0n }),
    ).toEqual({
      tdsPaise: 0n,
      netPaise: 1_000_000n,
    });
    // ₹4,500 + ₹6,000 = ₹10,500 > ₹10,000: 10% of ₹6,000.
    expect(
      dividendTds({ grossPaise: 600_000n, paidOn: '2025-09-15', earlierInYearPaise: 450_000n }),
    ).toEqual({
      tdsPaise: 60_000n,
      netPaise: 540_000n,
    });
    // The same ₹6,000 after ₹4,000: exactly ₹10,000, not past the threshold.
    expect(
      dividendTds({ grossPaise: 600_000n, paidOn: '2025-09-15', earlierInYearPaise: 400_000n }),
    ).toEqual({
      tdsPaise: 0n,
      netPaise: 600_000n,
    });
  });

  it('rounds to the rupee: ₹7,777.77 × 10% = ₹777.777 → ₹778', () => {
    expect(
      dividendTds({ grossPaise: 777_777n, paidOn: '2024-08-01', earlierInYearPaise: 0n }).tdsPaise,
    ).toBe(77_800n);
  });
});
