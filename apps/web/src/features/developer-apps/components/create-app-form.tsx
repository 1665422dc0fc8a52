import { ZApiAppCreate, type TApiAppWithSecret, M } from '@sampada/shared';
import { Alert, Button, Group, Paper, Stack, Title } from '@mantine/core';
import { useForm, useWatch } from 'react-hook-form';
import { TextInputField } from '../../../components/form-fields';
import { LoadingButton } from '../../../components/loading-button';
import { PinField, ZPinTyped } from '../../../components/pin-field';
import { isApiError } from '../../../lib/api-client';
import { requestResolver } from '../../../lib/forms';
import { translateMessage } from '../../../lib/i18n';
import { toastSuccess } from '../../../lib/notify';
import { useCreateApiApp } from '../api/api-apps';
import { useDeveloperAppsTranslation } from '../i18n';
import { AllowedIpsFieldset } from './allowed-ips-fieldset';
import { toRequest, type TForm, type TRequest } from './create-app-values';

const errorText = (error: unknown) =>
  translateMessage(isApiError(error) ? error.message : M.requestFailed);

/** The form with its request schema, the IP list watched, and the submit that creates. */
function useCreateAppForm(onCreated: (app: TApiAppWithSecret) => void) {
  const { t } = useDeveloperAppsTranslation();
  const create = useCreateApiApp();
  const { control, handleSubmit, resetField, setValue, formState } = useForm<
    TForm,
    unknown,
    TRequest
  >({
    resolver: requestResolver(ZApiAppCreate.extend({ pin: ZPinTyped }), { toRequest }),
    defaultValues: { name: '', redirect_url: '', postback_url: '', allowed_ips: [''], pin: '' },
  });
  const ips = useWatch({ control, name: 'allowed_ips' });
  const ipsError =
    formState.errors.allowed_ips?.root?.message ?? formState.errors.allowed_ips?.message;
  const submit = handleSubmit((body) =>
    create.mutate(body, {
      onSuccess: (app) => {
        toastSuccess(t('toasts.created'));
        onCreated(app);
      },
      onError: () => resetField('pin'),
    }),
  );
  return { create, control, setValue, ips, ipsError, submit };
}

/** A new app: its settings, then the trading PIN as the second factor (issue 35). */
export function CreateAppForm({
  onCreated,
  onCancel,
}: {
  onCreated: (app: TApiAppWithSecret) => void;
  onCancel: () => void;
}) {
  const { t } = useDeveloperAppsTranslation();
  const { create, control, setValue, ips, ipsError, submit } = useCreateAppForm(onCreated);
  return (
    <Paper withBorder radius="md" p="md">
      <form onSubmit={submit} noValidate aria-labelledby="api-app-form-title">
        <Stack gap="sm">
          <Title order={3} size="h4" id="api-app-form-title">
            {t('form.title')}
          </Title>
          <TextInputField
            control={control}
            name="name"
            label={t('form.name')}
            description={t('form.nameHint')}
            maxLength={60}
            required
          />
          <TextInputField
            control={control}
            name="redirect_url"
            label={t('form.redirect')}
            description={t('form.redirectHint')}
            type="url"
            inputMode="url"
            placeholder="https://"
            required
          />
          <TextInputField
            control={control}
            name="postback_url"
            label={t('form.postback')}
            description={t('form.postbackHint')}
            type="url"
            inputMode="url"
            placeholder="https://"
          />
          <AllowedIpsFieldset control={control} setValue={setValue} ips={ips} ipsError={ipsError} />
          <PinField
            control={control}
            name="pin"
            label={t('form.pin')}
            testId="api-app-pin"
            disabled={create.isPending}
          />
          {create.isError && (
            <Alert color="red" role="alert" data-testid="api-app-error">
              {errorText(create.error)}
            </Alert>
          )}
          <Group gap="sm">
            <LoadingButton type="submit" loading={create.isPending}>
              {t('form.submit')}
            </LoadingButton>
            <Button variant="subtle" onClick={onCancel}>
              {t('form.cancel')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
