import {
  GRIEVANCE_CATEGORIES,
  GRIEVANCE_MSG,
  M,
  ZGrievanceRequest,
  type TGrievance,
  type TGrievanceRequest,
} from '@sampada/shared';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Loader,
  NativeSelect,
  Paper,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { TextInputField } from '../../../../components/form-fields';
import { LoadingButton } from '../../../../components/loading-button';
import { paths } from '../../../../config/paths';
import { isApiError } from '../../../../lib/api-client';
import { formatDateTime, formatDay } from '../../../../lib/datetime';
import { requestResolver } from '../../../../lib/forms';
import { translateMessage } from '../../../../lib/i18n';
import { toast } from '../../../../lib/notify';
import { grievancesQueryOptions, useFileGrievance } from '../api/duties';
import { useDutiesTranslation } from '../i18n';
import { EscalationMatrix } from './escalation-matrix';

const errorText = (error: unknown) => translateMessage(isApiError(error) ? error : M.requestFailed);

/** A category the app has words for; a newer server's shows as it came. */
const isKnownCategory = (value: string): value is (typeof GRIEVANCE_CATEGORIES)[number] =>
  (GRIEVANCE_CATEGORIES as readonly string[]).includes(value);

function RaiseForm({ onDone }: { onDone: () => void }) {
  const { t } = useDutiesTranslation();
  const file = useFileGrievance();
  const { control, handleSubmit } = useForm<TGrievanceRequest>({
    resolver: requestResolver(ZGrievanceRequest),
    defaultValues: { category: '' as TGrievanceRequest['category'], subject: '', description: '' },
  });
  const submit = handleSubmit((body) =>
    file.mutate(body, {
      onSuccess: () => {
        toast({ type: 'success', message: translateMessage(GRIEVANCE_MSG.filed) });
        onDone();
      },
    }),
  );
  return (
    <form onSubmit={submit} noValidate aria-label={t('grievances.raise')}>
      <Stack gap="sm">
        <Controller
          control={control}
          name="category"
          render={({ field, fieldState }) => (
            <NativeSelect
              label={t('grievances.category')}
              value={field.value}
              onChange={(event) => field.onChange(event.currentTarget.value)}
              onBlur={field.onBlur}
              error={translateMessage(fieldState.error?.message) || undefined}
              data={[
                { value: '', label: '—' },
                ...GRIEVANCE_CATEGORIES.map((value) => ({
                  value,
                  label: t(`grievances.categories.${value}`),
                })),
              ]}
            />
          )}
        />
        <TextInputField control={control} name="subject" label={t('grievances.subject')} />
        <Controller
          control={control}
          name="description"
          render={({ field, fieldState }) => (
            <Textarea
              label={t('grievances.description')}
              autosize
              minRows={3}
              value={field.value}
              onChange={(event) => field.onChange(event.currentTarget.value)}
              onBlur={field.onBlur}
              error={translateMessage(fieldState.error?.message) || undefined}
            />
          )}
        />
        {file.isError && (
          <Alert color="red" role="alert">
            {errorText(file.error)}
          </Alert>
        )}
        <Group gap="sm">
          <LoadingButton type="submit" loading={file.isPending}>
            {t('grievances.submit')}
          </LoadingButton>
          <Button variant="subtle" onClick={onDone}>
            {t('grievances.cancel')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function GrievanceCard({ item }: { item: TGrievance }) {
  const { t } = useDutiesTranslation();
  const open = item.status === 'open' || !item.resolved_at;
  return (
    <Paper withBorder p="sm" radius="md" data-testid="grievance-row">
      <Stack gap={4}>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text fw={600} style={{ wordBreak: 'break-word' }}>
            {item.subject}
          </Text>
          <Group gap={4}>
            <Badge variant="light" color={open ? 'blue' : 'teal'}>
              {item.status === 'open' || item.status === 'resolved'
                ? t(`grievances.statuses.${item.status}`)
                : item.status}
            </Badge>
            {item.overdue && (
              <Badge color="red" data-testid="grievance-overdue">
                {t('grievances.overdue')}
              </Badge>
            )}
          </Group>
        </Group>
        <Text size="sm" c="dimmed">
          {t(`grievances.kinds.${item.kind}`)}
          {isKnownCategory(item.category)
            ? ` · ${t(`grievances.categories.${item.category}`)}`
            : ''}
          {' · '}
          {t('grievances.reference')} {item.reference}
        </Text>
        <Text size="sm">
          {t('grievances.filed', { date: formatDateTime(item.filed_at) })} ·{' '}
          {t('grievances.due', { date: formatDay(item.due_date) })}
        </Text>
        {item.resolution && (
          <Text size="sm">
            <b>{t('grievances.resolution')}:</b> {item.resolution}
          </Text>
        )}
        {item.overdue && (
          <Text size="sm" c="red">
            {t('grievances.escalate', { reference: item.reference })}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

/** Me › Complaints: raise one, follow it against its 21 days, and where to escalate. */
export function GrievancesPage() {
  const { t } = useDutiesTranslation();
  const list = useQuery(grievancesQueryOptions());
  const [raising, setRaising] = useState(false);
  return (
    <Stack gap="md" data-testid="grievances-page">
      <Group justify="space-between">
        <Title order={2} size="h3">
          {t('grievances.title')}
        </Title>
        <Anchor component={Link} to={paths.investorCharter} size="sm">
          {t('grievances.charter')}
        </Anchor>
      </Group>
      <Text c="dimmed" size="sm">
        {t('grievances.text')}
      </Text>
      {raising ? (
        <Paper withBorder p="md" radius="md">
          <RaiseForm onDone={() => setRaising(false)} />
        </Paper>
      ) : (
        <Group>
          <Button onClick={() => setRaising(true)}>{t('grievances.raise')}</Button>
        </Group>
      )}
      <Title order={3} size="h4">
        {t('grievances.mine')}
      </Title>
      {list.isPending && <Loader size="sm" />}
      {list.isError && <Alert color="red">{errorText(list.error)}</Alert>}
      {list.data?.length === 0 && <Text c="dimmed">{t('grievances.empty')}</Text>}
      {list.data?.map((item) => (
        <GrievanceCard key={item.id} item={item} />
      ))}
      <Title order={3} size="h4">
        {t('grievances.escalation')}
      </Title>
      <EscalationMatrix />
    </Stack>
  );
}
