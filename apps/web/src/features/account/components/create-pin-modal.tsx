import { M, PIN_LENGTH, ZCreatePinForm, ZCreatePinPasswordForm } from '@sampada/shared';
import { Stack } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { PasswordField } from '../../../components/form-fields';
import { LoadingButton } from '../../../components/loading-button';
import { PinField } from '../../../components/pin-field';
import { StepIndicator } from '../../../components/step-indicator';
import { isApiError } from '../../../lib/api-client';
import { toastError } from '../../../lib/notify';
import { useCreatePin, useVerifyPassword } from '../api/create-pin';
import { useAccountTranslation } from '../i18n';

function PasswordStep({ onVerified }: { onVerified: () => void }) {
  const { t } = useAccountTranslation();
  const verify = useVerifyPassword();
  const { control, handleSubmit, setError } = useForm({
    resolver: zodResolver(ZCreatePinPasswordForm),
    defaultValues: { password: '' },
  });
  const submit = handleSubmit(({ password }) =>
    verify.mutate(password, {
      onSuccess: onVerified,
      onError: (error) => {
        if (isApiError(error) && error.kind === 'http' && error.status === 400) {
          setError('password', { message: M.incorrectPassword });
        } else {
          toastError(isApiError(error) ? error : M.requestFailed);
        }
      },
    }),
  );
  return (
    <form onSubmit={submit} noValidate aria-label={t('pin.verifyStep')}>
      <Stack gap="md">
        <PasswordField
          control={control}
          name="password"
          label={t('pin.password')}
          autoComplete="current-password"
        />
        <LoadingButton type="submit" loading={verify.isPending} fullWidth>
          {t('pin.next')}
        </LoadingButton>
      </Stack>
    </form>
  );
}

function PinStep({ onDone }: { onDone: () => void }) {
  const { t } = useAccountTranslation();
  const create = useCreatePin();
  const { control, handleSubmit, resetField, watch } = useForm({
    resolver: zodResolver(ZCreatePinForm),
    defaultValues: { pin: '' },
  });
  // Sent on the sixth digit, or with Confirm; never twice at once.
  const submit = handleSubmit(({ pin }) => {
    if (create.isPending) return;
    create.mutate(pin, { onSuccess: onDone, onError: () => resetField('pin') });
  });
  return (
    <Stack gap="md" align="stretch">
      <PinField
        control={control}
        name="pin"
        label={t('pin.pinLabel')}
        description={t('pin.pinHint')}
        disabled={create.isPending}
        onComplete={() => void submit()}
        testId="pin-input"
      />
      <LoadingButton
        onClick={() => void submit()}
        disabled={watch('pin').length !== PIN_LENGTH}
        loading={create.isPending}
        fullWidth
      >
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
