import { M } from '@sampada/shared';
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderWithProviders, resetAppState } from '../../../test/render';
import { SearchTrigger } from './search-trigger';

beforeEach(resetAppState);

describe('header search box (spec §2)', () => {
  it('opens the overlay on click, with the search field focused', async () => {
    const { user } = renderWithProviders(<SearchTrigger />);
    await user.click(screen.getByRole('button', { name: 'Search stocks' }));
    const input = await screen.findByPlaceholderText(M.searchPlaceholder);
    expect(screen.getByRole('dialog', { name: 'Search stocks' })).toBeInTheDocument();
    await expect.poll(() => document.activeElement).toBe(input);
  });

  it.each([
    ['Ctrl+K', '{Control>}k{/Control}'],
    ['Cmd+K', '{Meta>}k{/Meta}'],
  ])('opens the overlay with %s, even from another field', async (_name, keys) => {
    const { user } = renderWithProviders(
      <>
        <input aria-label="Other field" />
        <SearchTrigger />
      </>,
    );
    await user.click(screen.getByRole('textbox', { name: 'Other field' }));
    await user.keyboard(keys);
    expect(await screen.findByRole('dialog', { name: 'Search stocks' })).toBeInTheDocument();
  });
});
