import { ZChangePasswordForm } from '@sampada/shared';
import { Stack, Text } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { TextField } from '../../../components/form-fields';
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
  const submit = handleSubmit(async ({ currentPassword, newPassword }) => {
    try {
      await change.mutateAsync({ currentPassword, newPassword });
    } catch {
      // Only logged (spec §8); the HTTP client showed the server's reason.
    }
  });
  return (
    <form onSubmit={submit} noValidate aria-label={t('changePassword.title')}>
      <Stack gap="md">
        <TextField
          control={control}
          name="currentPassword"
          label={t('changePassword.current')}
          type="password"
          autoComplete="current-password"
        />
        <TextField
          control={control}
          name="newPassword"
          label={t('changePassword.new')}
          type="password"
          autoComplete="new-password"
        />
        <TextField
          control={control}
          name="confirmPassword"
          label={t('changePassword.confirm')}
          type="password"
          autoComplete="new-password"
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
