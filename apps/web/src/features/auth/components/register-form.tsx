import { PHONE_CODE, ZRegisterForm } from '@sampada/shared';
import { Stack, Text } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { TextField } from '../../../components/form-fields';
import { LoadingButton } from '../../../components/loading-button';
import { paths } from '../../../config/paths';
import { useRegister } from '../api/register';
import { useAuthTranslation } from '../i18n';

/** Sign-up: mobile, password, confirmation and invitation code (spec §5 Registration). */
export function RegisterForm({ onDone }: { onDone: () => void }) {
  const { t } = useAuthTranslation();
  const navigate = useNavigate();
  const register = useRegister();
  const { control, handleSubmit } = useForm({
    resolver: zodResolver(ZRegisterForm),
    defaultValues: { mobile: '', password: '', confirmPassword: '', invitationCode: '' },
  });

  const submit = handleSubmit(async (values) => {
    try {
      await register.mutateAsync(values);
      onDone();
      // A new client starts with KYC.
      await navigate(paths.kyc, { replace: true });
    } catch {
      // Shown by the mutation.
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label={t('register.title')}>
      <Stack gap="md">
        <TextField
          control={control}
          name="mobile"
          label={t('mobile')}
          type="tel"
          prefix={PHONE_CODE}
          inputMode="numeric"
          maxLength={10}
          autoComplete="tel-national"
          clearable
        />
        <TextField
          control={control}
          name="password"
          label={t('password')}
          type="password"
          autoComplete="new-password"
        />
        <TextField
          control={control}
          name="confirmPassword"
          label={t('register.confirmPassword')}
          type="password"
          autoComplete="new-password"
        />
        <TextField
          control={control}
          name="invitationCode"
          label={t('register.invitationCode')}
          autoComplete="off"
          clearable
        />
        <Text size="xs" c="dimmed">
          {t('register.inviteHint')}
        </Text>
        <LoadingButton type="submit" fullWidth loading={register.isPending}>
          {t('register.submit')}
        </LoadingButton>
      </Stack>
    </form>
  );
}
