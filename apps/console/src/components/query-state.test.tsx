import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render';
import { QueryState } from './query-state';

describe('QueryState', () => {
  it('says Loading as a status while the query is pending, and not the page', () => {
    renderWithProviders(
      <QueryState isPending error={null}>
        <p>The rows</p>
      </QueryState>,
    );
    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
    expect(screen.queryByText('The rows')).not.toBeInTheDocument();
  });

  it('shows the page once the data is there', () => {
    renderWithProviders(
      <QueryState isPending={false} error={null}>
        <p>The rows</p>
      </QueryState>,
    );
    expect(screen.getByText('The rows')).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
