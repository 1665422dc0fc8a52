import { formatPaise, M, type TTransferIn, formatCount } from '@sampada/shared';
import {
  Alert,
  Anchor,
  Button,
  FileInput,
  Group,
  Paper,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconFileTypeCsv } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { QueryState } from '../../../components/market/query-state';
import { StatusBadge } from '../../../components/status-badge';
import { paths } from '../../../config/paths';
import { isApiError } from '../../../lib/api-client';
import { translateMessage } from '../../../lib/i18n';
import { formatDateTime, formatDay } from '../../../lib/money';
import { toastSuccess } from '../../../lib/notify';
import { transfersInQueryOptions, useRequestTransferIn } from '../api/transfers-in';
import { useTransferInTranslation } from '../transfer-in-i18n';

/**
 * A refused file's message as the server wrote it ("…nothing was stored. line 5: …; line 9: …"),
 * one bad line a row.
 */
const errorLines = (error: unknown) =>
  isApiError(error)
    ? error.message.replace(/(?:\. |; )(?=line \d)/g, (sep) => (sep === '; ' ? '\n' : '.\n'))
    : translateMessage(M.requestFailed);

/** The upload: one CSV, and a refused file's lines with their reasons, as the server named them. */
function TransferInForm() {
  const { t } = useTransferInTranslation();
  const [file, setFile] = useState<File | null>(null);
  const request = useRequestTransferIn();
  const submit = () => {
    if (!file) return;
    request.mutate(file, {
      onSuccess: () => {
        setFile(null);
        toastSuccess(t('requested'));
      },
    });
  };
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Text size="sm">{t('intro')}</Text>
        <Text size="xs" c="dimmed">
          {t('format')}
        </Text>
        <FileInput
          label={t('file')}
          placeholder={t('filePlaceholder')}
          accept=".csv,text/csv"
          clearable
          clearButtonProps={{ tabIndex: -1 }}
          leftSection={<IconFileTypeCsv size={16} />}
          value={file}
          onChange={(chosen) => {
            setFile(chosen);
            request.reset();
          }}
          data-testid="transfer-in-file"
        />
        {request.isError && (
          <Alert color="red" role="alert" title={t('refused')} data-testid="transfer-in-error">
            <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
              {errorLines(request.error)}
            </Text>
          </Alert>
        )}
        <Group justify="flex-end">
          <Button
            onClick={submit}
            disabled={!file}
            loading={request.isPending}
            data-testid="transfer-in-submit"
          >
            {t('submit')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function TransferInCard({ transfer }: { transfer: TTransferIn }) {
  const { t } = useTransferInTranslation();
  return (
    <Paper withBorder p="md" data-testid={`transfer-in-${transfer.id}`}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Stack gap={0}>
            <Text fw={600} lineClamp={1}>
              {transfer.file_name}
            </Text>
            <Text size="xs" c="dimmed">
              {t('requestedOn', { when: formatDateTime(transfer.created_at) })} ·{' '}
              {t('trades', { count: transfer.trade_count })}
            </Text>
            {transfer.decided_at && (
              <Text size="xs" c="dimmed">
                {t('decidedOn', { when: formatDateTime(transfer.decided_at) })}
              </Text>
            )}
          </Stack>
          <StatusBadge status={transfer.status} />
        </Group>
        {transfer.reject_reason && (
          <Text size="sm" c="red.8">
            {t('reason', { reason: transfer.reject_reason })}
          </Text>
        )}
        {/* Four narrow columns fit a 375 px phone: no scrolling box (axe wants one focusable). */}
        <Table striped fz="xs" horizontalSpacing={6} aria-label={t('lots')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('stock')}</Table.Th>
              <Table.Th>{t('boughtOn')}</Table.Th>
              <Table.Th ta="right">{t('quantity')}</Table.Th>
              <Table.Th ta="right">{t('cost')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {transfer.lots.map((lot) => (
              <Table.Tr key={`${lot.symbol}-${lot.acquired_at}`}>
                <Table.Td fw={600}>{lot.symbol}</Table.Td>
                <Table.Td>{formatDay(lot.acquired_on)}</Table.Td>
                <Table.Td ta="right">{formatCount(lot.quantity)}</Table.Td>
                <Table.Td ta="right">{formatPaise(lot.cost_paise)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Stack>
    </Paper>
  );
}

/** /portfolio/transfer-in: upload another broker's tradebook and follow the requests. */
export function TransferInPage() {
  const { t } = useTransferInTranslation();
  const query = useQuery(transfersInQueryOptions());
  const items = query.data?.items ?? [];
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2} size="h3">
          {t('title')}
        </Title>
        <Anchor component={Link} to={paths.portfolio.holding} size="sm">
          {t('back')}
        </Anchor>
      </Group>
      <TransferInForm />
      <Title order={3} size="h4">
        {t('requests')}
      </Title>
      <QueryState
        isPending={query.isPending}
        isError={query.isError}
        onRetry={() => void query.refetch()}
        isEmpty={items.length === 0}
        emptyText={t('empty')}
      >
        <Stack gap="sm">
          {items.map((transfer) => (
            <TransferInCard key={transfer.id} transfer={transfer} />
          ))}
        </Stack>
      </QueryState>
    </Stack>
  );
}
