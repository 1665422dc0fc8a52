import { M, PIN_LENGTH, ZCreatePinForm, ZCreatePinPasswordForm } from '@sampada/shared';
import { Input, PinInput, Stack } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { TextField } from '../../../components/form-fields';
import { LoadingButton } from '../../../components/loading-button';
import { StepIndicator } from '../../../components/step-indicator';
import { isApiError, toastFailure } from '../../../lib/api-client';
import { toast, toastError } from '../../../lib/notify';
import { createPin, verifyPassword } from '../api/create-pin';
import { useAccountTranslation } from '../i18n';

function PasswordStep({ onVerified }: { onVerified: () => void }) {
  const { t } = useAccountTranslation();
  const [busy, setBusy] = useState(false);
  const { control, handleSubmit, setError } = useForm({
    resolver: zodResolver(ZCreatePinPasswordForm),
    defaultValues: { password: '' },
  });
  const submit = handleSubmit(async ({ password }) => {
    setBusy(true);
    try {
      await verifyPassword(password);
      onVerified();
    } catch (error) {
      if (isApiError(error) && error.kind === 'http' && error.status === 400) {
        setError('password', { message: M.incorrectPassword });
      } else {
        toastError(isApiError(error) ? error.message : M.requestFailed);
      }
    } finally {
      setBusy(false);
    }
  });
  return (
    <form onSubmit={submit} noValidate aria-label={t('pin.verifyStep')}>
      <Stack gap="md">
        <TextField
          control={control}
          name="password"
          label={t('pin.password')}
          type="password"
          autoComplete="current-password"
        />
        <LoadingButton type="submit" loading={busy} fullWidth>
          {t('pin.next')}
        </LoadingButton>
      </Stack>
    </form>
  );
}

function PinStep({ onDone }: { onDone: () => void }) {
  const { t } = useAccountTranslation();
  const [pin, setPin] = useState('');
  const [busy, setBusy] = useState(false);
  const sending = useRef(false);
  const valid = ZCreatePinForm.safeParse({ pin }).success;

  const submit = async (value: string) => {
    if (sending.current || !ZCreatePinForm.safeParse({ pin: value }).success) return;
    sending.current = true;
    setBusy(true);
    try {
      await createPin(value);
      toast({ type: 'success', message: M.pinSet });
      onDone();
    } catch (error) {
      console.error('Set PIN failed', error);
      toastFailure(M.pinFailed, error);
      setPin('');
    } finally {
      sending.current = false;
      setBusy(false);
    }
  };

  return (
    <Stack gap="md" align="stretch">
      <Input.Wrapper label={t('pin.pinLabel')} description={t('pin.pinHint')}>
        <PinInput
          mt="xs"
          length={PIN_LENGTH}
          type="number"
          mask
          oneTimeCode={false}
          value={pin}
          onChange={setPin}
          onComplete={(value) => void submit(value)}
          disabled={busy}
          aria-label={t('pin.pinLabel')}
          data-testid="pin-input"
        />
      </Input.Wrapper>
      <LoadingButton onClick={() => submit(pin)} disabled={!valid} loading={busy} fullWidth>
        {t('pin.confirm')}
      </LoadingButton>
    </Stack>
  );
}

/** Create PIN: verify the current password, then 6 digits, sent on the sixth (spec §2, §4). */
export function CreatePinModal({ onDone }: { onDone: () => void }) {
  const { t } = useAccountTranslation();
  const [verified, setVerified] = useState(false);
  return (
    <Stack gap="lg">
      <StepIndicator
        active={verified ? 1 : 0}
        steps={[{ label: t('pin.verifyStep') }, { label: t('pin.pinStep') }]}
      />
      {verified ? (
        <PinStep onDone={onDone} />
      ) : (
        <PasswordStep onVerified={() => setVerified(true)} />
      )}
    </Stack>
  );
}
