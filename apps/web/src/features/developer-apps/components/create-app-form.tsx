import { ZApiAppCreate, type TApiAppSettings, type TApiAppWithSecret, M } from '@sampada/shared';
import { ActionIcon, Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
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

const IPS_MAX = 5;

type TForm = {
  name: string;
  redirect_url: string;
  postback_url: string;
  allowed_ips: string[];
  pin: string;
};
type TRequest = TApiAppSettings & { pin: string };

/** What the form sends: trimmed text, no postback URL when the field is empty. */
const toRequest = (values: TForm): TRequest => ({
  name: values.name.trim(),
  redirect_url: values.redirect_url.trim(),
  postback_url: values.postback_url.trim() || null,
  allowed_ips: values.allowed_ips.map((ip) => ip.trim()),
  pin: values.pin,
});

const errorText = (error: unknown) =>
  translateMessage(isApiError(error) ? error.message : M.requestFailed);

/** A new app: its settings, then the trading PIN as the second factor (issue 35). */
export function CreateAppForm({
  onCreated,
  onCancel,
}: {
  onCreated: (app: TApiAppWithSecret) => void;
  onCancel: () => void;
}) {
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
          <Stack gap={6} component="fieldset" m={0} p={0} style={{ border: 0 }}>
            <Text component="legend" size="sm" fw={500} p={0}>
              {t('form.ips')}
            </Text>
            <Text size="xs" c="dimmed">
              {t('form.ipsHint')}
            </Text>
            {ips.map((_, index) => (
              <Group key={index} gap="xs" wrap="nowrap" align="flex-start">
                <TextInputField
                  control={control}
                  name={`allowed_ips.${index}`}
                  aria-label={t('form.ip', { n: index + 1 })}
                  placeholder={index === 0 ? '203.0.113.7' : '2001:db8::1'}
                  autoComplete="off"
                  spellCheck={false}
                  style={{ flex: 1 }}
                />
                {ips.length > 1 && (
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    size="lg"
                    aria-label={t('form.removeIp', { n: index + 1 })}
                    onClick={() =>
                      setValue(
                        'allowed_ips',
                        ips.filter((__, i) => i !== index),
                      )
                    }
                  >
                    <IconTrash size={18} />
                  </ActionIcon>
                )}
              </Group>
            ))}
            {ipsError && (
              <Text size="xs" c="red" role="alert">
                {translateMessage(ipsError)}
              </Text>
            )}
            {ips.length < IPS_MAX && (
              <Button
                variant="subtle"
                size="xs"
                leftSection={<IconPlus size={14} />}
                onClick={() => setValue('allowed_ips', [...ips, ''])}
                style={{ alignSelf: 'flex-start' }}
              >
                {t('form.addIp')}
              </Button>
            )}
          </Stack>
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
