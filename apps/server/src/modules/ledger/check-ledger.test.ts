import { describe, expect, it } from 'vitest';
import { discrepanciesOf } from './check-ledger.ts';

const clean = {
  counts: { accounts: '3', postings: '2', lines: '4', total: '0' },
  unbalanced: [],
  empty: [],
  drifted: [],
  negative: [],
};

describe('discrepanciesOf', () => {
  it('finds nothing wrong in a ledger that sums to zero', () => {
    expect(discrepanciesOf(clean)).toEqual([]);
  });

  it('lists the total first, then postings, empty postings, drifted and negative accounts', () => {
    const found = discrepanciesOf({
      counts: { ...clean.counts, total: '5' },
      unbalanced: [{ posting_id: '7', total: '5', n: 2 }],
      empty: [{ id: '8' }],
      drifted: [{ id: '1', owner: 'firm', kind: 'fees bucket 3', cached: '10', sum: '5' }],
      negative: [{ id: '2', owner: 'c1', kind: 'cash_available', balance: '-1' }],
    });
    expect(found.map((d) => d.check)).toEqual([
      'total',
      'posting',
      'empty_posting',
      'account_balance',
      'negative_balance',
    ]);
    expect(found[0]!.message).toBe('All lines sum to 5 paise, not 0.');
  });
});
