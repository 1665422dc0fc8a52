import { M, md5 } from '@sampada/shared';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, mockApi, ok } from '../../../test/http';
import { renderWithProviders, resetAppState } from '../../../test/render';
import { CreatePinModal } from './create-pin-modal';

beforeEach(resetAppState);
afterEach(() => vi.restoreAllMocks());

const pinBoxes = () => [...screen.getByTestId('pin-input').querySelectorAll('input')];

async function verifyPassword(user: ReturnType<typeof renderWithProviders>['user']) {
  await user.type(screen.getByLabelText('Current password'), 'secret1');
  await user.click(screen.getByRole('button', { name: 'Next' }));
  await screen.findByText('Enter a 6-digit PIN');
}

describe('CreatePinModal (spec §2, §4, §5, §8)', () => {
  it("requires the password ('Password is required')", async () => {
    const { user } = renderWithProviders(<CreatePinModal onDone={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText(M.passwordRequired)).toBeInTheDocument();
  });

  it("shows the field error 'Incorrect password' for a wrong password", async () => {
    const { calls } = mockApi({
      'POST /client/app/v1/pwd_verify': fail(400, 'Incorrect password'),
    });
    const { user } = renderWithProviders(<CreatePinModal onDone={vi.fn()} />);
    await user.type(screen.getByLabelText('Current password'), 'nope12');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText(M.incorrectPassword)).toBeInTheDocument();
    expect(calls[0]!.body).toEqual({ password: md5('nope12') });
    expect(screen.queryByText('Enter a 6-digit PIN')).not.toBeInTheDocument();
  });

  it("sends the PIN as MD5 on the sixth digit and says 'PIN has been set'", async () => {
    const { calls } = mockApi({
      'POST /client/app/v1/pwd_verify': ok({ verified: true }),
      'POST /client/app/v1/pin': ok(null),
      'GET /auth/app/v1/client_info': ok({ id: 'C1', has_pin: true, kycStatus: 'approved' }),
    });
    const onDone = vi.fn();
    const { user } = renderWithProviders(<CreatePinModal onDone={onDone} />);
    await verifyPassword(user);
    const confirm = screen.getByRole('button', { name: 'Confirm' });
    expect(confirm).toBeDisabled();
    await user.click(pinBoxes()[0]!);
    await user.keyboard('48213');
    expect(calls.filter((c) => c.url === '/client/app/v1/pin')).toHaveLength(0);
    await user.keyboard('7');
    expect(await screen.findByText(M.pinSet)).toBeInTheDocument();
    expect(onDone).toHaveBeenCalledOnce();
    const pinCalls = calls.filter((c) => c.url === '/client/app/v1/pin');
    expect(pinCalls).toHaveLength(1);
    expect(pinCalls[0]!.body).toEqual({ pin: md5('482137') });
  });

  it("shows 'Failed to set PIN.' and lets the client try again", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockApi({
      'POST /client/app/v1/pwd_verify': ok({ verified: true }),
      'POST /client/app/v1/pin': fail(400, 'Confirm your password before setting a PIN.'),
    });
    const onDone = vi.fn();
    const { user } = renderWithProviders(<CreatePinModal onDone={onDone} />);
    await verifyPassword(user);
    await user.click(pinBoxes()[0]!);
    await user.keyboard('111111');
    expect(await screen.findByText(M.pinFailed)).toBeInTheDocument();
    expect(onDone).not.toHaveBeenCalled();
    await waitFor(() =>
      expect(pinBoxes().every((box) => (box as HTMLInputElement).value === '')).toBe(true),
    );
  });

  it('only accepts digits', async () => {
    mockApi({ 'POST /client/app/v1/pwd_verify': ok({ verified: true }) });
    const { user } = renderWithProviders(<CreatePinModal onDone={vi.fn()} />);
    await verifyPassword(user);
    await user.click(pinBoxes()[0]!);
    await user.keyboard('ab');
    expect(
      pinBoxes()
        .map((box) => (box as HTMLInputElement).value)
        .join(''),
    ).toBe('');
  });
});
