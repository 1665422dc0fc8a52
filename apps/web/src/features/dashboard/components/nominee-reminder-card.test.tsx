import type { TNominees } from '@sampada/shared';
import { act, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { nomineesKey } from '../../../lib/nominees';
import { queryClient } from '../../../lib/query-client';
import { mockApi, ok } from '../../../test/http';
import { renderWithProviders, resetAppState } from '../../../test/render';
import { signInForTest } from '../../../test/session';
import { NomineeReminderCard } from './nominee-reminder-card';

const none: TNominees = { status: 'none', nominees: [], updated_at: null, remind_on_home: true };
const optedOut: TNominees = {
  status: 'opted_out',
  nominees: [],
  updated_at: '2026-11-29T06:00:00.000Z',
  remind_on_home: false,
};

beforeEach(() => {
  resetAppState();
  signInForTest();
});

describe('the nominee reminder on Home', () => {
  it('reminds a client with neither nominees nor an opt-out, and links to Me › Nominees', async () => {
    mockApi({ 'GET /client/app/v1/nominees': ok(none) });
    const { user } = renderWithProviders(<NomineeReminderCard />);
    expect(await screen.findByTestId('nominee-reminder')).toHaveTextContent('Add your nominees');
    await user.click(screen.getByRole('link', { name: 'Go to Nominees' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/me/nominees');
  });

  it('goes away as soon as the saved answer says no reminder is needed', async () => {
    mockApi({ 'GET /client/app/v1/nominees': ok(none) });
    renderWithProviders(<NomineeReminderCard />);
    await screen.findByTestId('nominee-reminder');
    // What Me › Nominees does with the server's answer to an opt-out or a save.
    act(() => queryClient.setQueryData(nomineesKey, optedOut));
    await waitFor(() => expect(screen.queryByTestId('nominee-reminder')).not.toBeInTheDocument());
  });

  it('shows nothing to a client whose server says no reminder is needed', async () => {
    mockApi({ 'GET /client/app/v1/nominees': ok(optedOut) });
    renderWithProviders(<NomineeReminderCard />);
    // The positive signal: the answer has arrived (the card renders in the same pass).
    await waitFor(() => expect(queryClient.getQueryData(nomineesKey)).toEqual(optedOut));
    expect(screen.queryByTestId('nominee-reminder')).not.toBeInTheDocument();
  });
});
