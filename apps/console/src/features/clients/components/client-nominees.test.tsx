import type { TClientDetail, TNominees } from '@sampada/shared';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { session } from '../../../lib/session';
import { mockApi, ok } from '../../../test/http';
import { renderWithProviders } from '../../../test/render';
import { signInAs } from '../../../test/session';
import { ClientDetailPage } from '../routes/client-detail';
import { ClientNominees } from './client-nominees';

afterEach(() => session.clear());

const CLIENT_ID = '2b3c4d5e-6f70-4812-9a3b-4c5d6e7f8091';
const NOMINEES_URL = `GET /clients/${CLIENT_ID}/nominees`;
const nominated: TNominees = {
  status: 'nominated',
  updated_at: '2026-11-20T05:00:00.000Z',
  remind_on_home: false,
  nominees: [
    {
      name: 'Ravi Iyer',
      relationship: 'spouse',
      dob: '1985-04-12',
      id_number: 'XXXXXX234F',
      address: '12 MG Road, Pune 411001',
      share_pct: 66.67,
      guardian: null,
    },
    {
      name: 'Anu Iyer',
      relationship: 'daughter',
      dob: '2016-02-01',
      id_number: 'XXXX XXXX 9012',
      address: '12 MG Road, Pune 411001',
      share_pct: 33.33,
      guardian: { name: 'Ravi Iyer', relationship: 'father' },
    },
  ],
};
const client: TClientDetail = {
  id: CLIENT_ID,
  uid: '100042',
  mobile: '9876500042',
  name: 'Kavya Iyer',
  kyc_status: 'approved',
  advisor: null,
  vip: 0,
  score: 0,
  created_at: '2026-11-01T05:00:00.000Z',
  account: 'SMP100042',
  avatar: null,
  has_pin: true,
  allow_compensation: false,
  allow_bonus: false,
  allow_loan: false,
  kyc: null,
  reset_codes: [],
};

describe('ClientNominees', () => {
  it('support see the nominees on the client page, masked, with no control to change them', async () => {
    signInAs(['support']);
    mockApi({ [`GET /clients/${CLIENT_ID}`]: ok(client), [NOMINEES_URL]: ok(nominated) });
    renderWithProviders(<ClientDetailPage />, {
      route: `/clients/${CLIENT_ID}`,
      path: '/clients/:id',
    });
    const card = await screen.findByTestId('client-nominees');
    const rows = await within(card).findAllByTestId('nominee-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Ravi IyerSpouse12 Apr 198566.67%XXXXXX234F');
    expect(rows[1]).toHaveTextContent('Anu IyerDaughter');
    expect(rows[1]).toHaveTextContent('33.33%XXXX XXXX 9012');
    expect(rows[1]).toHaveTextContent('Ravi Iyer (Father)');
    expect(card).toHaveTextContent(/Last changed 20 Nov 2026, 10:30 am IST/i);
    expect(within(card).queryByRole('button')).toBeNull();
    expect(within(card).queryByRole('textbox')).toBeNull();
  });

  it('says when the client opted out, with the declaration’s date, or has no nominee', async () => {
    signInAs(['advisor']);
    const optedOut: TNominees = {
      status: 'opted_out',
      updated_at: '2026-11-21T06:15:00.000Z',
      remind_on_home: false,
      nominees: [],
    };
    mockApi({ [NOMINEES_URL]: ok(optedOut) });
    const { unmount } = renderWithProviders(<ClientNominees clientId={CLIENT_ID} />);
    expect(await screen.findByTestId('nomination-state')).toHaveTextContent(
      /Nomination opted out \(declaration dated 21 Nov 2026, 11:45 am IST\)/i,
    );
    unmount();

    signInAs(['operations']);
    mockApi({
      [NOMINEES_URL]: ok({ status: 'none', nominees: [], updated_at: null, remind_on_home: true }),
    });
    renderWithProviders(<ClientNominees clientId={CLIENT_ID} />);
    expect(await screen.findByTestId('nomination-state')).toHaveTextContent(
      'No nominee on record.',
    );
    expect(screen.queryByTestId('nominee-row')).toBeNull();
  });

  it('a role that may not open clients neither sees the card nor asks for it', () => {
    signInAs([]);
    const api = mockApi({});
    const { container } = renderWithProviders(<ClientNominees clientId={CLIENT_ID} />);
    expect(container.querySelector('[data-testid="client-nominees"]')).toBeNull();
    expect(api.calls).toHaveLength(0);
  });
});
