import { describe, expect, it } from 'vitest';
import { consoleTitle } from './page-title';
import { NAV } from './shell';

describe('console page titles', () => {
  it('names every page of the menu', () => {
    for (const item of NAV) {
      expect(consoleTitle(item.to, NAV)).toBe(`${item.label} · Sampada Console`);
    }
  });

  it('names detail pages for what they show', () => {
    expect(consoleTitle('/clients/3f1c', NAV)).toBe('Client · Sampada Console');
    expect(consoleTitle('/clients/3f1c/ledger', NAV)).toBe('Client ledger · Sampada Console');
    expect(consoleTitle('/credit/loans/9', NAV)).toBe('Loan · Sampada Console');
    expect(consoleTitle('/news/new', NAV)).toBe('New article · Sampada Console');
    expect(consoleTitle('/sign-in', NAV)).toBe('Sign in · Sampada Console');
    expect(consoleTitle('/nowhere', NAV)).toBe('Sampada Console');
  });
});
