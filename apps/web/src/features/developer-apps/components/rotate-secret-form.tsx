import { M, type TApiApp, type TApiAppWithSecret } from '@sampada/shared';
import { Alert, Stack, Text } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { LoadingButton } from '../../../components/loading-button';
import { PinField, ZPinTyped } from '../../../components/pin-field';
import { isApiError } from '../../../lib/api-client';
import { requestResolver } from '../../../lib/forms';
import { translateMessage } from '../../../lib/i18n';
import { toastSuccess } from '../../../lib/notify';
import { useRotateSecret } from '../api/api-apps';
import { useDeveloperAppsTranslation } from '../i18n';

/** The PIN for a new secret (in a modal); the new secret is shown on the app's card. */
export function RotateSecretForm({
  app,
  onRotated,
}: {
  app: TApiApp;
  onRotated: (app: TApiAppWithSecret) => void;
}) {
  const { t } = useDeveloperAppsTranslation();
  const rotate = useRotateSecret();
  const { control, handleSubmit, resetField } = useForm({
    resolver: requestResolver(z.object({ pin: ZPinTyped })),
    defaultValues: { pin: '' },
  });
  const submit = handleSubmit(({ pin }) =>
    rotate.mutate(
      { id: app.id, pin },
      {
        onSuccess: (rotated) => {
          toastSuccess(t('toasts.rotated'));
          onRotated(rotated);
        },
        onError: () => resetField('pin'),
      },
    ),
  );
  return (
    <form onSubmit={submit} noValidate aria-label={t('rotate.title', { name: app.name })}>
      <Stack gap="md">
        <Text size="sm">{t('rotate.text')}</Text>
        <PinField
          control={control}
          name="pin"
          label={t('rotate.pin')}
          testId="rotate-pin"
          disabled={rotate.isPending}
        />
        {rotate.isError && (
          <Alert color="red" role="alert">
            {translateMessage(isApiError(rotate.error) ? rotate.error.message : M.requestFailed)}
          </Alert>
        )}
        <LoadingButton type="submit" loading={rotate.isPending} fullWidth>
          {t('rotate.submit')}
        </LoadingButton>
      </Stack>
    </form>
  );
}
