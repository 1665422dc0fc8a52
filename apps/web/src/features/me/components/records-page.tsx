import {
  formatPaise,
  RECORD_TYPES,
  ZStatementQuery,
  type TFundRecord,
  type TRecordType,
  addIstDays,
} from '@sampada/shared';
import { Alert, Button, Group, Loader, Select, Stack, Table, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useForm } from 'react-hook-form';
import { openModal } from '../../../components/modals';
import { isApiError } from '../../../lib/api-client';
import { useAppSettings } from '../../../lib/app-settings';
import { requestResolver } from '../../../lib/forms';
import { translateMessage } from '../../../lib/i18n';
import { MASKED } from '../../../lib/market/format';
import { toastError } from '../../../lib/notify';
import { recordsQueryOptions, useDownloadStatement } from '../api/funds';
import { ReceiptDetail, recordTypeLabel } from './receipt-detail';
import { formatDateTime, istDay } from '../../../lib/money';
import { useMeTranslation } from '../i18n';
import { CardTable } from '../../../components/card-table';
import { DateField, DateInputField } from '../../../components/date-field';

const errorText = (error: unknown) => translateMessage(isApiError(error) ? error : String(error));

const monthAgo = () => addIstDays(istDay(), -30);

/** The statement's dates: the shared query's, both ends included. */
const ZStatementDates = ZStatementQuery.pick({ from: true, to: true });

function Statement() {
  const { t } = useMeTranslation();
  const download = useDownloadStatement();
  const { control, handleSubmit, watch } = useForm({
    resolver: requestResolver(ZStatementDates),
    defaultValues: { from: monthAgo(), to: istDay() },
  });
  const [from, to] = watch(['from', 'to']);
  const save = (format: 'csv' | 'pdf') =>
    void handleSubmit((dates) =>
      download.mutate(
        { ...dates, format },
        { onError: (error) => toastError(errorText(error), t('records.statementFailed')) },
      ),
    )();
  const busy = download.isPending ? download.variables.format : null;
  return (
    <Group align="flex-end" gap="sm" data-testid="statement">
      <DateInputField control={control} name="from" label={t('records.statementFrom')} />
      <DateInputField control={control} name="to" label={t('records.statementTo')} />
      <Button
        variant="light"
        leftSection={<IconDownload size={16} />}
        loading={busy === 'csv'}
        disabled={!from || !to}
        onClick={() => save('csv')}
      >
        {t('records.csv')}
      </Button>
      <Button
        variant="light"
        leftSection={<IconDownload size={16} />}
        loading={busy === 'pdf'}
        disabled={!from || !to}
        onClick={() => save('pdf')}
      >
        {t('records.pdf')}
      </Button>
    </Group>
  );
}

/** The record type and the date range; either end may be left open. */
function RecordsFilters({
  type,
  onType,
  from,
  onFrom,
  to,
  onTo,
}: {
  type: TRecordType | null;
  onType: (type: TRecordType | null) => void;
  from: string;
  onFrom: (day: string) => void;
  to: string;
  onTo: (day: string) => void;
}) {
  const { t } = useMeTranslation();
  return (
    <Group align="flex-end" gap="sm">
      <Select
        label={t('records.type')}
        placeholder={t('records.allTypes')}
        clearable
        data={RECORD_TYPES.map((value) => ({ value, label: recordTypeLabel(value) }))}
        value={type}
        onChange={(value) => onType(value as TRecordType | null)}
      />
      <DateField
        label={t('records.from')}
        value={from}
        onChange={onFrom}
        maxDate={to || undefined}
      />
      <DateField label={t('records.to')} value={to} onChange={onTo} minDate={from || undefined} />
    </Group>
  );
}

/** One record; a click or Enter opens its receipt. */
function RecordRow({
  record,
  money,
  onOpen,
}: {
  record: TFundRecord;
  money: (paise: number) => string;
  onOpen: () => void;
}) {
  const { t } = useMeTranslation();
  return (
    <Table.Tr
      data-testid="record-row"
      style={{ cursor: 'pointer' }}
      tabIndex={0}
      onClick={onOpen}
      onKeyDown={(event) => event.key === 'Enter' && onOpen()}
    >
      <Table.Td>{formatDateTime(record.created_at)}</Table.Td>
      <Table.Td>
        {recordTypeLabel(record.type)}
        <Text size="xs" c="dimmed">
          {record.memo}
        </Text>
      </Table.Td>
      <Table.Td>{t(`account.${record.account}`)}</Table.Td>
      <Table.Td ta="right" c={record.amount_paise < 0 ? 'red' : 'teal'}>
        {money(record.amount_paise)}
      </Table.Td>
      <Table.Td ta="right">{money(record.balance_after_paise)}</Table.Td>
    </Table.Tr>
  );
}

/**
 * A notice of money that moved opens its receipt (`?receipt=<posting id>`, lib/notices.ts
 * `noticeHref`) over the records, once; the parameter goes so a reload does not reopen it.
 */
function useNoticedReceipt(open: (postingId: string) => void) {
  const [params, setParams] = useSearchParams();
  const postingId = params.get('receipt');
  const opened = useRef<string | null>(null);
  useEffect(() => {
    if (!postingId || opened.current === postingId) return;
    opened.current = postingId;
    open(postingId);
    setParams({}, { replace: true });
    // Opened once for the parameter it came with (`open` is a new function each render).
  }, [postingId]);
}

/** /me/records: every fund record, filtered by type and date, with statements (spec §2). */
export function RecordsPage() {
  const { t } = useMeTranslation();
  const { showAssets } = useAppSettings();
  const [type, setType] = useState<TRecordType | null>(null);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const filter = {
    ...(type ? { type } : {}),
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
  };
  const records = useInfiniteQuery(recordsQueryOptions(filter));
  const items = records.data?.pages.flatMap((page) => page.items) ?? [];
  const money = (paise: number) => (showAssets ? formatPaise(paise) : MASKED);
  const openReceipt = (postingId: string) =>
    openModal({
      id: 'fund-receipt',
      title: t('receipt.title'),
      size: 'lg',
      children: <ReceiptDetail postingId={postingId} />,
    });
  useNoticedReceipt(openReceipt);
  return (
    <Stack gap="md" data-testid="me-records">
      <RecordsFilters
        type={type}
        onType={setType}
        from={from}
        onFrom={setFrom}
        to={to}
        onTo={setTo}
      />
      {records.isError && <Alert color="red">{errorText(records.error)}</Alert>}
      {records.isPending ? (
        <Loader size="sm" />
      ) : items.length === 0 ? (
        <Text c="dimmed">{t('records.none')}</Text>
      ) : (
        <CardTable minWidth={560} highlightOnHover data-testid="records-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('records.date')}</Table.Th>
              <Table.Th>{t('records.type')}</Table.Th>
              <Table.Th>{t('records.account')}</Table.Th>
              <Table.Th ta="right">{t('records.amount')}</Table.Th>
              <Table.Th ta="right">{t('records.balance')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((record) => (
              <RecordRow
                key={record.id}
                record={record}
                money={money}
                onOpen={() => openReceipt(record.posting_id)}
              />
            ))}
          </Table.Tbody>
        </CardTable>
      )}
      {records.hasNextPage && (
        <Button
          variant="subtle"
          loading={records.isFetchingNextPage}
          onClick={() => void records.fetchNextPage()}
        >
          {t('records.more')}
        </Button>
      )}
      <Statement />
    </Stack>
  );
}
