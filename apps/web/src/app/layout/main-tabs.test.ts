import { describe, expect, it } from 'vitest';
import { activeItem } from './main-tabs';

describe('the navigation item a page lights', () => {
  const items = ['/dashboard', '/market', '/market/most-active', '/portfolio'];

  it('is the most specific one: Most Active, not Market as well', () => {
    expect(activeItem('/market/most-active', items)).toBe('/market/most-active');
    expect(activeItem('/market/ranking', items)).toBe('/market');
    expect(activeItem('/market', items)).toBe('/market');
  });

  it('is none for a page of no item, and never a mere prefix of a word', () => {
    expect(activeItem('/credit', items)).toBeUndefined();
    expect(activeItem('/marketing', items)).toBeUndefined();
  });
});
