import { ZPasswordAgainForm } from '@sampada/shared';
import { Button, Group, Stack, Text } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { PasswordField } from '../../../components/form-fields';
import { LoadingButton } from '../../../components/loading-button';
import { isApiError } from '../../../lib/api-client';
import { translateMessage } from '../../../lib/i18n';
import { useSecurityTranslation } from '../i18n';

/** The password again before a security change; a refusal shows under the field. */
export function PasswordAgainForm({
  onSubmit,
  onCancel,
}: {
  onSubmit: (password: string) => Promise<unknown>;
  onCancel: () => void;
}) {
  const { t } = useSecurityTranslation();
  const [refusal, setRefusal] = useState<string>();
  const { control, handleSubmit, setFocus } = useForm({
    resolver: zodResolver(ZPasswordAgainForm),
    defaultValues: { password: '' },
  });
  useEffect(() => setFocus('password'), [setFocus]);
  const submit = handleSubmit(async ({ password }) => {
    setRefusal(undefined);
    try {
      await onSubmit(password);
    } catch (error) {
      console.error('Password refused', error);
      setRefusal(translateMessage(isApiError(error) ? error : String(error)));
    }
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Text size="sm">{t('twoFactor.passwordStep')}</Text>
        <PasswordField
          control={control}
          name="password"
          label={t('twoFactor.password')}
          autoComplete="current-password"
        />
        {refusal && (
          <Text size="sm" c="red.8" role="alert">
            {refusal}
          </Text>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            {t('twoFactor.cancel')}
          </Button>
          <LoadingButton type="submit">{t('twoFactor.continue')}</LoadingButton>
        </Group>
      </Stack>
    </form>
  );
}
