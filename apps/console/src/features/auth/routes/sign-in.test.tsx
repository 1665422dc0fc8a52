import { CM, M, type TSignInChallenge } from '@sampada/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { SecondFactorStep, SignInPage } from './sign-in';

const enrolment: TSignInChallenge = {
  challenge_token: 'challenge',
  expires_at: new Date(Date.now() + 600_000).toISOString(),
  step: 'enrol',
  enrolment: {
    otpauth_uri: 'otpauth://totp/Sampada:a%40b.in?secret=JBSWY3DPEHPK3PXP&issuer=Sampada',
    qr_data_url: 'data:image/png;base64,iVBORw0KGgo=',
    secret: 'JBSWY3DPEHPK3PXP',
    recovery_codes: ['ABCD-EFGH', 'JKLM-NPQR'],
  },
};

describe('SignInPage', () => {
  it('asks for email and password with the shared messages before calling the server', async () => {
    renderWithProviders(<SignInPage />, { route: '/sign-in' });
    // Its level-one heading, as every console page has one (issue 31).
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Sampada Console');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText(CM.emailRequired)).toBeInTheDocument();
    expect(screen.getByText(M.passwordRequired)).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Email'), 'not-an-email');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText(CM.emailInvalid)).toBeInTheDocument();
  });
});

describe('SecondFactorStep', () => {
  it('shows the QR code, key and recovery codes, and confirms only after they are saved', async () => {
    renderWithProviders(
      <SecondFactorStep challenge={enrolment} onRestart={vi.fn()} onDone={vi.fn()} />,
    );
    expect(screen.getByRole('img', { name: 'QR code for your authenticator app' })).toHaveAttribute(
      'src',
      enrolment.enrolment!.qr_data_url,
    );
    expect(screen.getByTestId('totp-secret')).toHaveTextContent('JBSWY3DPEHPK3PXP');
    expect(screen.getByTestId('recovery-codes')).toHaveTextContent('ABCD-EFGH');
    const confirm = screen.getByRole('button', { name: 'Confirm and sign in' });
    expect(confirm).toBeDisabled();
    await userEvent.click(screen.getByLabelText('I have saved my recovery codes somewhere safe'));
    expect(confirm).toBeEnabled();
    await userEvent.type(screen.getByLabelText(/Authentication code/), '12');
    await userEvent.click(confirm);
    expect(await screen.findByText(CM.codeInvalid)).toBeInTheDocument();
    // Recovery codes are for later sign-ins, not for enrolment.
    expect(screen.queryByText('Use a recovery code instead')).not.toBeInTheDocument();
  });

  it('offers a recovery code instead of the authenticator once enrolled', async () => {
    renderWithProviders(
      <SecondFactorStep
        challenge={{ ...enrolment, step: 'totp', enrolment: null }}
        onRestart={vi.fn()}
        onDone={vi.fn()}
      />,
    );
    expect(screen.queryByTestId('totp-secret')).not.toBeInTheDocument();
    await userEvent.click(screen.getByText('Use a recovery code instead'));
    expect(screen.getByLabelText('Recovery code')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Enter one of your recovery codes.')).toBeInTheDocument();
  });
});
