import { M, type TKycRecord } from '@sampada/shared';
import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { fail, mockApi, ok } from '../../../test/http';
import { renderWithProviders, resetAppState } from '../../../test/render';
import { ViewKycModal } from './view-kyc-modal';

const record: TKycRecord = {
  full_name: 'Asha Rao',
  id_no: 'XXXXXX234F',
  id_type: 'pan',
  mobile: '+919876543210',
  dob: '1990-05-17',
  status: 'approved',
  reason: null,
  create_datetime: '2026-01-05T04:30:00.000Z',
  check_time: '2026-01-06T06:00:00.000Z',
  id_front_url: 'http://localhost/files/private/f?sig=1',
  id_back_url: 'http://localhost/files/private/b?sig=2',
};

beforeEach(resetAppState);

describe('ViewKycModal (spec §2, §4)', () => {
  it('shows a skeleton, then the personal information table and both images', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    mockApi({
      'GET /identify/app/v1/detail': async () => {
        await gate;
        return ok(record);
      },
    });
    renderWithProviders(<ViewKycModal />);
    expect(screen.getByTestId('kyc-skeleton')).toBeInTheDocument();
    expect(screen.getByText('Confidentiality Notice')).toBeInTheDocument();
    release();
    const table = await screen.findByTestId('kyc-table');
    for (const label of ['Full Name', 'ID Number', 'Mobile', 'Submitted On', 'Approved On']) {
      expect(table).toHaveTextContent(label);
    }
    expect(table).toHaveTextContent('Asha Rao');
    expect(table).toHaveTextContent('XXXXXX234F');
    expect(screen.getByRole('img', { name: 'ID Front' })).toHaveAttribute(
      'src',
      record.id_front_url,
    );
    expect(screen.getByRole('img', { name: 'ID Back' })).toHaveAttribute('src', record.id_back_url);
  });

  it('hides an image that fails to load', async () => {
    mockApi({ 'GET /identify/app/v1/detail': ok(record) });
    renderWithProviders(<ViewKycModal />);
    const front = await screen.findByRole('img', { name: 'ID Front' });
    fireEvent.error(front);
    expect(screen.queryByRole('img', { name: 'ID Front' })).not.toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'ID Back' })).toBeInTheDocument();
  });

  it("shows 'Failed to load KYC information.' when the record cannot be read", async () => {
    mockApi({ 'GET /identify/app/v1/detail': fail(500) });
    renderWithProviders(<ViewKycModal />);
    expect(await screen.findByText(M.kycLoadFailed)).toBeInTheDocument();
    expect(screen.getByText(/strictly confidential/)).toBeInTheDocument();
  });

  it('says when nothing has been submitted', async () => {
    mockApi({ 'GET /identify/app/v1/detail': ok(null) });
    renderWithProviders(<ViewKycModal />);
    expect(await screen.findByText('You have not submitted your KYC yet.')).toBeInTheDocument();
  });
});
