import {
  M,
  NOMINEES_MAX,
  NOMINEE_RELATIONSHIPS,
  ZNomineeOptOutRequest,
  ZNomineesRequest,
  formatTwoDecimals,
  shareHundredths,
  type TNominees,
} from '@sampada/shared';
import { Alert, Badge, Button, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useFieldArray, useForm, useWatch } from 'react-hook-form';
import { CheckboxField } from '../../../../components/form-fields';
import { LoadingButton } from '../../../../components/loading-button';
import { closeModal, openModal } from '../../../../components/modals';
import { PinField, ZPinTyped } from '../../../../components/pin-field';
import { isApiError } from '../../../../lib/api-client';
import { formatDateTime } from '../../../../lib/datetime';
import { requestResolver } from '../../../../lib/forms';
import { translateMessage } from '../../../../lib/i18n';
import { toast } from '../../../../lib/notify';
import { nomineesQueryOptions, useOptOutNominees, useSaveNominees } from '../api/duties';
import { useDutiesTranslation } from '../i18n';
import {
  EMPTY_NOMINEE,
  NomineeFields,
  toRequest,
  type TNomineeDraft,
  type TNomineesForm,
  type TNomineesOut,
} from './nominee-fields';

const errorText = (error: unknown) => translateMessage(isApiError(error) ? error : M.requestFailed);

const OPT_OUT_MODAL = 'nominees-opt-out';

const draftsOf = (current: TNominees): TNomineeDraft[] =>
  current.nominees.length === 0
    ? [{ ...EMPTY_NOMINEE, share_pct: '100' }]
    : // ID numbers come back masked: the client types them again when changing nominees.
      current.nominees.map((n) => ({ ...n, id_number: '', share_pct: String(n.share_pct) }));

/** The total of the typed shares, to two decimals, as the server adds them. */
const hundredthsOf = (nominees: TNomineeDraft[]) =>
  nominees.reduce((sum, n) => sum + shareHundredths(Number(n.share_pct) || 0), 0);
/** Hundredths of a percent shown as a percentage (10000 → 100.00). */
const percentOf = (hundredths: number) => formatTwoDecimals(hundredths / HUNDREDTHS_PER_PERCENT);
const HUNDREDTHS_PER_PERCENT = 100;

/** Add a nominee (up to NOMINEES_MAX), and the shares' total, green at exactly 100 %. */
function NomineesTotal({
  full,
  onAdd,
  hundredths,
}: {
  full: boolean;
  onAdd: () => void;
  hundredths: number;
}) {
  const { t } = useDutiesTranslation();
  const total = percentOf(hundredths);
  return (
    <Group justify="space-between">
      <Button variant="light" disabled={full} onClick={onAdd}>
        {t('nominees.addNominee')}
      </Button>
      <Badge
        size="lg"
        variant="light"
        color={hundredths === 10_000 ? 'teal' : 'red'}
        data-testid="nominee-total"
      >
        {t('nominees.total', { total })}
      </Badge>
    </Group>
  );
}

function NomineesForm({ current, onDone }: { current: TNominees; onDone: () => void }) {
  const { t } = useDutiesTranslation();
  const save = useSaveNominees();
  const { control, handleSubmit, resetField, setValue, formState } = useForm<
    TNomineesForm,
    unknown,
    TNomineesOut
  >({
    resolver: requestResolver(ZNomineesRequest.safeExtend({ pin: ZPinTyped }), { toRequest }),
    defaultValues: { nominees: draftsOf(current), pin: '' },
  });
  const { fields, append, remove } = useFieldArray({ control, name: 'nominees' });
  const drafts = useWatch({ control, name: 'nominees' });
  const hundredths = hundredthsOf(drafts);
  const sumError = formState.errors.nominees?.root?.message ?? formState.errors.nominees?.message;
  const submit = handleSubmit((body) =>
    save.mutate(body, {
      onSuccess: () => {
        toast({
          type: 'success',
          message: translateMessage('Your nominees are saved. We e-mailed you a confirmation.'),
        });
        onDone();
      },
      onError: () => resetField('pin'),
    }),
  );
  return (
    <form onSubmit={submit} noValidate aria-label={t('nominees.edit')}>
      <Stack gap="sm">
        {fields.map((item, index) => (
          <NomineeFields
            key={item.id}
            control={control}
            index={index}
            onRemove={fields.length > 1 ? () => remove(index) : null}
            onGuardian={(guardian) => setValue(`nominees.${index}.guardian`, guardian)}
          />
        ))}
        <NomineesTotal
          full={fields.length >= NOMINEES_MAX}
          onAdd={() => append({ ...EMPTY_NOMINEE })}
          hundredths={hundredths}
        />
        {sumError && (
          <Alert color="red" role="alert" data-testid="nominee-sum-error">
            {translateMessage(sumError)}
          </Alert>
        )}
        <PinField
          control={control}
          name="pin"
          label={t('nominees.save')}
          testId="nominee-pin"
          disabled={save.isPending}
        />
        {save.isError && (
          <Alert color="red" role="alert" data-testid="nominee-error">
            {errorText(save.error)}
          </Alert>
        )}
        <Group gap="sm">
          <LoadingButton type="submit" loading={save.isPending}>
            {t('nominees.save')}
          </LoadingButton>
          <Button variant="subtle" onClick={onDone}>
            {t('nominees.cancel')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function OptOut({ onDone }: { onDone: () => void }) {
  const { t } = useDutiesTranslation();
  const optOut = useOptOutNominees();
  const { control, handleSubmit, resetField } = useForm({
    resolver: requestResolver(ZNomineeOptOutRequest.extend({ pin: ZPinTyped })),
    defaultValues: { pin: '', declaration: false as boolean },
  });
  const submit = handleSubmit(({ pin }) =>
    optOut.mutate(
      { pin },
      {
        onSuccess: () => {
          toast({
            type: 'success',
            message: translateMessage(
              'You opted out of nomination. We e-mailed you a confirmation.',
            ),
          });
          onDone();
        },
        onError: () => resetField('pin'),
      },
    ),
  );
  return (
    <form onSubmit={submit} noValidate aria-label={t('nominees.optOutTitle')}>
      <Stack gap="md">
        <Text size="sm" data-testid="opt-out-declaration">
          {t('nominees.declaration')}
        </Text>
        <CheckboxField control={control} name="declaration" label={t('nominees.agree')} />
        <PinField
          control={control}
          name="pin"
          label={t('nominees.confirmOptOut')}
          testId="opt-out-pin"
        />
        {optOut.isError && (
          <Alert color="red" role="alert">
            {errorText(optOut.error)}
          </Alert>
        )}
        <LoadingButton type="submit" color="red" loading={optOut.isPending} fullWidth>
          {t('nominees.confirmOptOut')}
        </LoadingButton>
      </Stack>
    </form>
  );
}

function NomineeTable({ current }: { current: TNominees }) {
  const { t } = useDutiesTranslation();
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table withTableBorder data-testid="nominee-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('nominees.name')}</Table.Th>
            <Table.Th>{t('nominees.relationship')}</Table.Th>
            <Table.Th>{t('nominees.dob')}</Table.Th>
            <Table.Th>{t('nominees.idNumber')}</Table.Th>
            <Table.Th ta="right">{t('nominees.share')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {current.nominees.map((n) => (
            <Table.Tr key={`${n.name}-${n.dob}`} data-testid="nominee-row">
              <Table.Td>
                {n.name}
                {n.guardian && (
                  <Text size="xs" c="dimmed">
                    {t('nominees.minor')} · {n.guardian.name} ({n.guardian.relationship})
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                {isKnownRelationship(n.relationship)
                  ? t(`nominees.relationships.${n.relationship}`)
                  : n.relationship}
              </Table.Td>
              <Table.Td>{n.dob}</Table.Td>
              <Table.Td>{n.id_number}</Table.Td>
              <Table.Td ta="right">{formatTwoDecimals(n.share_pct)}%</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** A relationship the app has words for; a newer server's shows as it came. */
const isKnownRelationship = (value: string): value is (typeof NOMINEE_RELATIONSHIPS)[number] =>
  (NOMINEE_RELATIONSHIPS as readonly string[]).includes(value);

/** Me › Nominees: who inherits the account, with shares adding up to 100%, or an opt-out. */
export function NomineesPage() {
  const { t } = useDutiesTranslation();
  const state = useQuery(nomineesQueryOptions());
  const [editing, setEditing] = useState(false);
  const current = state.data;
  const openOptOut = () =>
    openModal({
      id: OPT_OUT_MODAL,
      title: t('nominees.optOutTitle'),
      hold: true,
      children: <OptOut onDone={() => closeModal(OPT_OUT_MODAL)} />,
    });
  return (
    <Stack gap="md" data-testid="nominees-page">
      <Title order={2} size="h3">
        {t('nominees.title')}
      </Title>
      <Text c="dimmed" size="sm">
        {t('nominees.text')}
      </Text>
      {state.isPending && <Loader size="sm" />}
      {state.isError && <Alert color="red">{errorText(state.error)}</Alert>}
      {current && (
        <Group gap="sm" data-testid="nominee-status">
          <Badge
            variant="light"
            color={
              current.status === 'none'
                ? 'yellow'
                : current.status === 'nominated'
                  ? 'teal'
                  : 'gray'
            }
          >
            {current.status === 'none'
              ? t('nominees.statusNone')
              : current.status === 'nominated'
                ? t('nominees.statusNominated')
                : t('nominees.statusOptedOut')}
          </Badge>
          {current.updated_at && (
            <Text size="xs" c="dimmed">
              {t('nominees.updated', { date: formatDateTime(current.updated_at) })}
            </Text>
          )}
        </Group>
      )}
      {current && current.nominees.length > 0 && !editing && <NomineeTable current={current} />}
      {current && editing && <NomineesForm current={current} onDone={() => setEditing(false)} />}
      {current && !editing && (
        <Group gap="sm">
          <Button onClick={() => setEditing(true)}>
            {current.status === 'nominated' ? t('nominees.edit') : t('nominees.add')}
          </Button>
          {current.status !== 'opted_out' && (
            <Button variant="subtle" color="gray" onClick={openOptOut}>
              {t('nominees.optOut')}
            </Button>
          )}
        </Group>
      )}
    </Stack>
  );
}
