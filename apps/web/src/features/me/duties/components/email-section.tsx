import { EMAIL_MSG, M, ZEmailAddress, ZEmailVerifyRequest } from '@sampada/shared';
import { Alert, Badge, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { TextInputField } from '../../../../components/form-fields';
import { LoadingButton } from '../../../../components/loading-button';
import { PinField, ZPinTyped } from '../../../../components/pin-field';
import { isApiError } from '../../../../lib/api-client';
import { formatDate, formatDateTime } from '../../../../lib/datetime';
import { requestResolver } from '../../../../lib/forms';
import { translateMessage } from '../../../../lib/i18n';
import { toast } from '../../../../lib/notify';
import { emailQueryOptions, useStartEmail, useVerifyEmail } from '../api/duties';
import { useDutiesTranslation } from '../i18n';

const errorText = (error: unknown) => translateMessage(isApiError(error) ? error : M.requestFailed);

/** A new address; the PIN only when a verified one is being replaced. */
function AddressForm({ replacing, onDone }: { replacing: boolean; onDone: () => void }) {
  const { t } = useDutiesTranslation();
  const start = useStartEmail();
  const schema = z.object({ address: ZEmailAddress, pin: replacing ? ZPinTyped : z.string() });
  const { control, handleSubmit, resetField } = useForm({
    resolver: requestResolver(schema),
    defaultValues: { address: '', pin: '' },
  });
  const submit = handleSubmit(({ address, pin }) =>
    start.mutate(
      { address, pin: replacing ? pin : undefined },
      {
        onSuccess: () => {
          toast({ type: 'success', message: translateMessage(EMAIL_MSG.codeSent) });
          onDone();
        },
        onError: () => resetField('pin'),
      },
    ),
  );
  return (
    <form onSubmit={submit} noValidate aria-label={replacing ? t('email.change') : t('email.add')}>
      <Stack gap="sm">
        <TextInputField
          control={control}
          name="address"
          label={t('email.address')}
          type="email"
          autoComplete="email"
          clean={(text) => text.trim()}
        />
        {replacing && (
          <PinField
            control={control}
            name="pin"
            label={t('email.pinHint')}
            disabled={start.isPending}
            testId="email-pin"
          />
        )}
        {start.isError && (
          <Alert color="red" role="alert">
            {errorText(start.error)}
          </Alert>
        )}
        <Group gap="sm">
          <LoadingButton type="submit" loading={start.isPending}>
            {t('email.sendCode')}
          </LoadingButton>
          <Button variant="subtle" onClick={onDone}>
            {t('email.cancel')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The 6-digit code e-mailed to the pending address. */
function CodeForm({ address, expiresAt }: { address: string; expiresAt: string }) {
  const { t } = useDutiesTranslation();
  const verify = useVerifyEmail();
  const { control, handleSubmit, resetField } = useForm({
    resolver: requestResolver(ZEmailVerifyRequest),
    defaultValues: { code: '' },
  });
  const submit = handleSubmit((body) =>
    verify.mutate(body, {
      onSuccess: () => toast({ type: 'success', message: translateMessage(EMAIL_MSG.verified) }),
      onError: () => resetField('code'),
    }),
  );
  return (
    <form onSubmit={submit} noValidate aria-label={t('email.verify')}>
      <Stack gap="sm">
        <Text size="sm" data-testid="email-pending">
          {t('email.pendingText', { address, time: formatDateTime(expiresAt) })}
        </Text>
        <TextInputField
          control={control}
          name="code"
          label={t('email.code')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          clean={(text) => text.replace(/\D/g, '')}
        />
        {verify.isError && (
          <Alert color="red" role="alert" data-testid="email-code-error">
            {errorText(verify.error)}
          </Alert>
        )}
        <LoadingButton type="submit" loading={verify.isPending}>
          {t('email.verify')}
        </LoadingButton>
      </Stack>
    </form>
  );
}

/** Profile › E-mail address: add one, verify it with the e-mailed code, replace it with the PIN. */
export function EmailSection() {
  const { t } = useDutiesTranslation();
  const state = useQuery(emailQueryOptions());
  const [editing, setEditing] = useState(false);
  const data = state.data;
  return (
    <Paper component="section" withBorder p="md" radius="md" aria-labelledby="email-title">
      <Stack gap="sm" data-testid="email-section">
        <Title order={2} size="h4" id="email-title">
          {t('email.title')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('email.text')}
        </Text>
        {state.isPending && <Loader size="sm" />}
        {state.isError && <Alert color="red">{errorText(state.error)}</Alert>}
        {data && (
          <Group gap="sm" data-testid="email-current">
            <Text fw={500} style={{ wordBreak: 'break-all' }}>
              {data.address ?? t('email.none')}
            </Text>
            {data.address && (
              <Badge color={data.verified_at ? 'teal' : 'yellow'} variant="light">
                {data.verified_at ? t('email.verified') : t('email.unverified')}
              </Badge>
            )}
            {data.verified_at && (
              <Text size="xs" c="dimmed">
                {t('email.verifiedOn', { date: formatDate(data.verified_at) })}
              </Text>
            )}
          </Group>
        )}
        {data?.pending && !editing && (
          <CodeForm
            key={data.pending.address}
            address={data.pending.address}
            expiresAt={data.pending.expires_at}
          />
        )}
        {data && editing && (
          <AddressForm replacing={Boolean(data.verified_at)} onDone={() => setEditing(false)} />
        )}
        {data && !editing && (
          <Group>
            <Button variant="light" onClick={() => setEditing(true)}>
              {data.pending ? t('email.resend') : data.address ? t('email.change') : t('email.add')}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
