import { ZForgotResetForm, ZForgotVerifyForm } from '@sampada/shared';
import { Button, Group, Stack, Text } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { MobileField, NewPasswordFields, TextField } from '../../../components/form-fields';
import { LoadingButton } from '../../../components/loading-button';
import { StepIndicator } from '../../../components/step-indicator';
import { useResetPassword, useVerifyResetCode } from '../api/reset-password';
import { useAuthTranslation } from '../i18n';

interface TVerified {
  mobile: string;
  resetToken: string;
}

function VerifyStep({ onVerified }: { onVerified: (verified: TVerified) => void }) {
  const { t } = useAuthTranslation();
  const verify = useVerifyResetCode();
  const { control, handleSubmit } = useForm({
    resolver: zodResolver(ZForgotVerifyForm),
    defaultValues: { mobile: '', code: '' },
  });
  const submit = handleSubmit(({ mobile, code }) =>
    verify.mutate(
      { mobile, code },
      { onSuccess: ({ reset_token }) => onVerified({ mobile, resetToken: reset_token }) },
    ),
  );
  return (
    <form onSubmit={submit} noValidate aria-label={t('forgotPassword.verifyStep')}>
      <Stack gap="md">
        <MobileField control={control} name="mobile" label={t('mobile')} />
        <TextField
          control={control}
          name="code"
          label={t('forgotPassword.code')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
        />
        <Text size="xs" c="dimmed">
          {t('forgotPassword.codeHint')}
        </Text>
        <LoadingButton type="submit" fullWidth loading={verify.isPending}>
          {t('forgotPassword.verify')}
        </LoadingButton>
      </Stack>
    </form>
  );
}

function ResetStep({
  verified,
  onBack,
  onDone,
}: {
  verified: TVerified;
  onBack: () => void;
  onDone: () => void;
}) {
  const { t } = useAuthTranslation();
  const reset = useResetPassword();
  const { control, handleSubmit } = useForm({
    resolver: zodResolver(ZForgotResetForm),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const submit = handleSubmit(({ password }) =>
    reset.mutate({ ...verified, password }, { onSuccess: onDone }),
  );
  return (
    <form onSubmit={submit} noValidate aria-label={t('forgotPassword.resetStep')}>
      <Stack gap="md">
        <NewPasswordFields
          control={control}
          names={['password', 'confirmPassword']}
          labels={[t('forgotPassword.newPassword'), t('forgotPassword.confirmPassword')]}
        />
        <Group grow>
          <Button variant="default" onClick={onBack}>
            {t('forgotPassword.back')}
          </Button>
          <LoadingButton type="submit" loading={reset.isPending}>
            {t('forgotPassword.submit')}
          </LoadingButton>
        </Group>
      </Stack>
    </form>
  );
}

/** Forgot password in two steps: verify mobile and code, then set a new password (spec §2). */
export function ForgotPasswordForm({ onDone }: { onDone: () => void }) {
  const { t } = useAuthTranslation();
  const [verified, setVerified] = useState<TVerified | null>(null);
  return (
    <Stack gap="lg">
      <StepIndicator
        active={verified ? 1 : 0}
        steps={[
          { label: t('forgotPassword.verifyStep') },
          { label: t('forgotPassword.resetStep') },
        ]}
      />
      {verified ? (
        <ResetStep verified={verified} onBack={() => setVerified(null)} onDone={onDone} />
      ) : (
        <VerifyStep onVerified={setVerified} />
      )}
    </Stack>
  );
}
