import { M, PIN_LENGTH, ZCreatePinForm, ZCreatePinPasswordForm, md5 } from '@sampada/shared';
import { Input, PasswordInput, PinInput, Stack } from '@mantine/core';
import { useState } from 'react';
import { LoadingButton } from './loading-button';
import { closeModal, openModal } from './modals';
import { StepIndicator } from './step-indicator';
import { apiPost, isApiError, toastFailure } from '../lib/api-client';
import { profileQueryKey } from '../lib/auth';
import { registerTranslations, t, translateMessage } from '../lib/i18n';
import { toast } from '../lib/notify';
import { queryClient } from '../lib/query-client';

/*
 * The Set PIN flow for money screens that find no PIN (withdrawal, bank accounts): the same
 * calls, schemas, messages and modal id as the user drawer's create-pin modal in
 * features/account. It lives here because features may not import each other.
 */

registerTranslations('set-pin', {
  'en-US': {
    title: 'Set PIN',
    verifyStep: 'Verify password',
    pinStep: 'Set PIN',
    password: 'Current password',
    next: 'Next',
    pinLabel: 'Enter a 6-digit PIN',
    pinHint: 'You will use this PIN to confirm withdrawals and changes to your bank accounts.',
    confirm: 'Confirm',
  },
});

const PIN_MODAL_ID = 'create-pin';
const tp = (key: string) => t(`set-pin:${key}`);

function SetPinFlow({ onDone }: { onDone: () => void }) {
  const [verified, setVerified] = useState(false);
  const [password, setPassword] = useState('');
  const [pin, setPin] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const verify = async () => {
    const parsed = ZCreatePinPasswordForm.safeParse({ password });
    if (!parsed.success) return setError(translateMessage(parsed.error.issues[0]!.message));
    setBusy(true);
    try {
      await apiPost('/client/app/v1/pwd_verify', { password: md5(password) }, { silent: true });
      setError(null);
      setVerified(true);
    } catch (failure) {
      setError(
        isApiError(failure) && failure.status === 400
          ? M.incorrectPassword
          : isApiError(failure)
            ? failure.message
            : M.requestFailed,
      );
    } finally {
      setBusy(false);
    }
  };

  const save = async (value: string) => {
    if (busy || !ZCreatePinForm.safeParse({ pin: value }).success) return;
    setBusy(true);
    try {
      await apiPost('/client/app/v1/pin', { pin: md5(value) }, { silent: true });
      await queryClient.invalidateQueries({ queryKey: profileQueryKey });
      toast({ type: 'success', message: M.pinSet });
      onDone();
    } catch (failure) {
      toastFailure(M.pinFailed, failure);
      setPin('');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="lg">
      <StepIndicator
        active={verified ? 1 : 0}
        steps={[{ label: tp('verifyStep') }, { label: tp('pinStep') }]}
      />
      {verified ? (
        <Stack gap="md">
          <Input.Wrapper label={tp('pinLabel')} description={tp('pinHint')}>
            <PinInput
              mt="xs"
              length={PIN_LENGTH}
              type="number"
              mask
              oneTimeCode={false}
              value={pin}
              onChange={setPin}
              onComplete={(value) => void save(value)}
              disabled={busy}
              aria-label={tp('pinLabel')}
              data-testid="pin-input"
            />
          </Input.Wrapper>
          <LoadingButton
            onClick={() => save(pin)}
            disabled={pin.length !== PIN_LENGTH}
            loading={busy}
            fullWidth
          >
            {tp('confirm')}
          </LoadingButton>
        </Stack>
      ) : (
        <form
          noValidate
          aria-label={tp('verifyStep')}
          onSubmit={(event) => {
            event.preventDefault();
            void verify();
          }}
        >
          <Stack gap="md">
            <PasswordInput
              label={tp('password')}
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.currentTarget.value)}
              error={error ?? undefined}
            />
            <LoadingButton type="submit" loading={busy} fullWidth>
              {tp('next')}
            </LoadingButton>
          </Stack>
        </form>
      )}
    </Stack>
  );
}

/** Sends a client without a PIN to the Set PIN flow. */
export function openSetPin() {
  openModal({
    id: PIN_MODAL_ID,
    title: tp('title'),
    hold: true,
    children: <SetPinFlow onDone={() => closeModal(PIN_MODAL_ID)} />,
  });
}
