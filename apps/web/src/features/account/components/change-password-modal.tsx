import { ZChangePasswordForm } from '@sampada/shared';
import { Stack, Text } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { NewPasswordFields, PasswordField } from '../../../components/form-fields';
import { LoadingButton } from '../../../components/loading-button';
import { useChangePassword } from '../api/change-password';
import { useAccountTranslation } from '../i18n';

/** Change Password (spec §5): on success the session ends everywhere and the user signs in again. */
export function ChangePasswordModal() {
  const { t } = useAccountTranslation();
  const change = useChangePassword();
  const { control, handleSubmit } = useForm({
    resolver: zodResolver(ZChangePasswordForm),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  // A failure is only logged (spec §8); the HTTP client showed the server's reason.
  const submit = handleSubmit(({ currentPassword, newPassword }) =>
    change.mutate({ currentPassword, newPassword }),
  );
  return (
    <form onSubmit={submit} noValidate aria-label={t('changePassword.title')}>
      <Stack gap="md">
        <PasswordField
          control={control}
          name="currentPassword"
          label={t('changePassword.current')}
          autoComplete="current-password"
        />
        <NewPasswordFields
          control={control}
          names={['newPassword', 'confirmPassword']}
          labels={[t('changePassword.new'), t('changePassword.confirm')]}
        />
        <Text size="xs" c="dimmed">
          {t('changePassword.hint')}
        </Text>
        <LoadingButton type="submit" loading={change.isPending || change.isSuccess} fullWidth>
          {t('changePassword.submit')}
        </LoadingButton>
      </Stack>
    </form>
  );
}
