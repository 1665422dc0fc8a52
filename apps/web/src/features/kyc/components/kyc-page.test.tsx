import { M, type TClientProfile } from '@sampada/shared';
import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../../../lib/query-keys';
import { queryClient } from '../../../lib/query-client';
import { mockApi, ok } from '../../../test/http';
import { renderWithProviders, resetAppState } from '../../../test/render';
import { KycPage, initialKycStep } from './kyc-page';

const profile = (kycStatus: TClientProfile['kycStatus']): TClientProfile => ({
  id: 'C1001',
  name: null,
  username: '+919876543210',
  account: 'SMP1001',
  avatar: null,
  vip: 0,
  score: 0,
  order_num: 0,
  has_pin: false,
  allow_compensation: false,
  allow_bonus: false,
  allow_loan: false,
  service: null,
  kycStatus,
  verified: false,
});

function setup(status: TClientProfile['kycStatus']) {
  queryClient.setQueryData(queryKeys.profile, profile(status));
  return renderWithProviders(<KycPage />, { route: '/kyc' });
}

beforeEach(() => {
  resetAppState();
  mockApi({
    'GET /system/app/v1/settings': ok({
      app_name: 'Sampada',
      regulatory_line: '',
      support: {
        phone: '+91 22 4000 1234',
        email: 'care@sampada.in',
        hours: 'Mon–Fri 9:00–18:00 IST',
      },
    }),
  });
});

describe('KYC page (spec §2, §4)', () => {
  it('starts pending and rejected clients at Status, others at the Agreement', () => {
    expect(initialKycStep('pending')).toBe(3);
    expect(initialKycStep('rejected')).toBe(3);
    expect(initialKycStep('unverified')).toBe(0);
    expect(initialKycStep('anything')).toBe(0);
  });

  it('shows the pending screen', () => {
    setup('pending');
    expect(screen.getByText(M.kycPendingTitle)).toBeInTheDocument();
    expect(screen.getByText(M.kycPendingText)).toBeInTheDocument();
  });

  it('shows the rejected screen with the support contacts', async () => {
    setup('rejected');
    expect(screen.getByText(M.kycRejectedTitle)).toBeInTheDocument();
    expect(screen.getByText(M.kycRejectedText)).toBeInTheDocument();
    expect(await screen.findByText(/care@sampada\.in/)).toBeInTheDocument();
  });

  it('goes Agreement → Base info → ID, submits when moving to Status, and keeps values on Back', async () => {
    const { calls } = mockApi({
      'GET /system/app/v1/settings': ok({
        app_name: 'Sampada',
        regulatory_line: '',
        support: { phone: '', email: '', hours: '' },
      }),
      'POST /client/app/v1/image': ok({ url: 'https://files.example/private/x?sig=1' }),
      'POST /identify/app/v1': ok(null),
      'GET /auth/app/v1/client_info': ok(profile('pending')),
    });
    const { user, container } = setup('unverified');
    await user.click(screen.getByLabelText('I have read and agree to the KYC Agreement'));
    await user.click(screen.getByRole('button', { name: 'Agree and Continue' }));

    await user.type(screen.getByLabelText('Full name (as on your ID)'), 'Asha Rao');
    fireEvent.change(screen.getByLabelText('Date of birth'), { target: { value: '1990-05-17' } });
    await user.click(screen.getByRole('button', { name: 'Next' }));

    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('ID number is required.')).toBeInTheDocument();
    expect(screen.getAllByText('Upload both sides of your ID before submitting.')).toHaveLength(2);

    // Back keeps what was typed.
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByLabelText('Full name (as on your ID)')).toHaveValue('Asha Rao');
    await user.click(screen.getByRole('button', { name: 'Next' }));

    await user.type(screen.getByLabelText('PAN or Aadhaar number'), 'abcde1234f');
    const [front, back] =
      container.ownerDocument.querySelectorAll<HTMLInputElement>('input[type="file"]');
    await user.upload(front!, new File(['f'], 'front.jpg', { type: 'image/jpeg' }));
    expect(await screen.findByText(M.uploadedFront)).toBeInTheDocument();
    await user.upload(back!, new File(['b'], 'back.jpg', { type: 'image/jpeg' }));
    expect(await screen.findByText(M.uploadedBack)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByTestId('kyc-status')).toBeInTheDocument();
    const submit = calls.find((call) => call.url === '/identify/app/v1')!;
    expect(submit.body).toEqual({
      full_name: 'Asha Rao',
      mobile: '+919876543210',
      dob: '1990-05-17',
      id_no: 'ABCDE1234F',
      id_front_url: 'https://files.example/private/x?sig=1',
      id_back_url: 'https://files.example/private/x?sig=1',
    });
    expect(await screen.findByText(M.kycPendingTitle)).toBeInTheDocument();
  });

  it('shows the submitted screen for an unverified status on the Status step', async () => {
    const { statusScreen } = await import('./status-step');
    expect(statusScreen('unverified')).toMatchObject({
      title: M.kycSubmittedTitle,
      text: M.kycSubmittedText,
    });
    expect(statusScreen('approved')).toMatchObject({
      title: M.kycSubmittedTitle,
      text: M.kycSubmittedText,
    });
  });

  it('leaves for the dashboard when a status check finds KYC approved', async () => {
    mockApi({
      'GET /system/app/v1/settings': ok({
        app_name: 'Sampada',
        regulatory_line: '',
        support: { phone: '', email: '', hours: '' },
      }),
      'GET /auth/app/v1/client_info': ok(profile('approved')),
    });
    const { user } = setup('pending');
    await user.click(screen.getByRole('button', { name: 'Check status' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/dashboard');
  });

  it("logs out from 'I don't agree'", async () => {
    const session = await import('../../../lib/session');
    const reload = vi.spyOn(session.browser, 'reload').mockImplementation(() => {});
    const { calls } = mockApi({
      'GET /system/app/v1/settings': ok({
        app_name: 'Sampada',
        regulatory_line: '',
        support: { phone: '', email: '', hours: '' },
      }),
      'POST /auth/app/v1/logout': ok(null),
    });
    sessionStorage.setItem(
      'sampada.auth',
      JSON.stringify({ access_token: 'a', refresh_token: 'r' }),
    );
    const { user } = setup('unverified');
    await user.click(screen.getByRole('button', { name: "I don't agree" }));
    await vi.waitFor(() => expect(reload).toHaveBeenCalled());
    expect(calls.some((call) => call.url === '/auth/app/v1/logout')).toBe(true);
    expect(sessionStorage.getItem('sampada.auth')).toBeNull();
    const { appSettings } = await import('../../../lib/app-settings');
    appSettings.set((s) => ({ ...s, isLoggingOut: false }));
  });
});
