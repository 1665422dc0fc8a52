import type { TApplicationList } from '@sampada/shared';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockApi, ok } from '../../../test/http';
import { renderWithProviders, resetAppState } from '../../../test/render';
import { signInForTest } from '../../../test/session';
import { ApplicationPage } from './application-page';

const profile = (flags: { allow_compensation?: boolean; allow_bonus?: boolean }) =>
  ok({
    id: 'C1',
    name: 'Priya Sharma',
    username: '+919876543210',
    has_pin: true,
    kycStatus: 'approved',
    allow_loan: false,
    allow_compensation: false,
    allow_bonus: false,
    ...flags,
  });

const list: TApplicationList = {
  items: [
    {
      kind: 'compensation',
      id: 'A1',
      title: 'Compensation: Charge applied wrongly',
      reference: 'CMP-2026-000001',
      amount_paise: 50_000,
      status: 'rejected',
      status_label: 'Rejected',
      open: false,
      reason: 'The charge was correct.',
      created_at: '2026-11-20T10:00:00.000Z',
      updated_at: '2026-11-21T10:00:00.000Z',
      timeline: [
        { at: '2026-11-20T10:00:00.000Z', label: 'Claim submitted' },
        { at: '2026-11-21T10:00:00.000Z', label: 'Rejected: The charge was correct.' },
      ],
    },
    {
      kind: 'kyc',
      id: 'K1',
      title: 'Identity verification (KYC)',
      reference: null,
      amount_paise: null,
      status: 'approved',
      status_label: 'Approved',
      open: false,
      reason: null,
      created_at: '2026-11-01T10:00:00.000Z',
      updated_at: '2026-11-02T10:00:00.000Z',
      timeline: [{ at: '2026-11-01T10:00:00.000Z', label: 'Submitted' }],
    },
  ],
};

beforeEach(() => {
  resetAppState();
  signInForTest();
});

describe('/me/application', () => {
  it('lists every application with its reason and timeline, and filters by kind', async () => {
    const http = mockApi({
      'GET /auth/app/v1/client_info': profile({}),
      'GET /client/app/v1/applications': ok(list),
    });
    const { user } = renderWithProviders(<ApplicationPage />);
    const rows = await screen.findAllByTestId('application-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByTestId('application-reason')).toHaveTextContent(
      'The charge was correct.',
    );
    await user.click(within(rows[0]!).getByRole('button', { name: 'Timeline' }));
    expect(await within(rows[0]!).findByText('Claim submitted')).toBeInTheDocument();
    // Without allow_compensation there is no entry point to a new claim.
    expect(screen.queryByTestId('open-compensation')).not.toBeInTheDocument();
    await user.click(screen.getByTestId('application-kind'));
    await user.click(await screen.findByRole('option', { name: 'KYC', hidden: true }));
    await screen.findAllByTestId('application-row');
    expect(http.callsTo('GET /client/app/v1/applications').at(-1)!.params).toEqual({ kind: 'kyc' });
  });

  it('shows the new-claim entry with allow_compensation', async () => {
    mockApi({
      'GET /auth/app/v1/client_info': profile({ allow_compensation: true }),
      'GET /client/app/v1/applications': ok({ items: [] }),
    });
    renderWithProviders(<ApplicationPage />);
    expect(await screen.findByTestId('open-compensation')).toBeInTheDocument();
  });
});
