import { formatPaise, formatCount } from '@sampada/shared';
import { Alert, Button, Group, Skeleton, Stack, Table } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { openModal } from '../../../components/modals';
import { ChargesTable } from '../../../components/trading/charges-table';
import { orderTypeLabel, sideLabel } from '../../../components/trading/trade-labels';
import { isApiError } from '../../../lib/api-client';
import { t as translate, translateMessage } from '../../../lib/i18n';
import { formatDateTime, formatDay } from '../../../lib/money';
import { toastError } from '../../../lib/notify';
import { contractNoteQueryOptions, downloadContractNote } from '../api/contract-notes';
import { usePortfolioTranslation } from '../i18n';

const errorText = (error: unknown) => translateMessage(isApiError(error) ? error : String(error));

/**
 * A contract note (GET /trade/app/v1/contract-notes/:no): the trade, its itemised charges and
 * the net amount, with the PDF fetched with the session's token and saved as a file.
 */
export function ContractNoteView({ no }: { no: string }) {
  const { t } = usePortfolioTranslation();
  const query = useQuery(contractNoteQueryOptions(no));
  const [busy, setBusy] = useState(false);

  const download = async () => {
    setBusy(true);
    try {
      await downloadContractNote(no);
    } catch (error) {
      console.error('Contract note download failed', error);
      toastError(errorText(error), t('note.pdfFailed'));
    } finally {
      setBusy(false);
    }
  };

  if (query.isPending) return <Skeleton height={280} aria-busy="true" />;
  if (query.isError) return <Alert color="red">{errorText(query.error)}</Alert>;
  const note = query.data;
  const rows: [string, string][] = [
    [t('note.firm'), note.firm],
    [t('note.client'), `${note.client.name} · ${note.client.uid}`],
    [t('note.tradeDate'), formatDay(note.trade_date)],
    [t('note.executed'), formatDateTime(note.executed_at)],
    [t('note.security'), `${note.symbol} · ${note.name}`],
    [t('note.isin'), note.isin ?? '—'],
    [t('note.trade'), `${sideLabel(note.side)} · ${orderTypeLabel(note.type)}`],
    [t('note.quantity'), formatCount(note.quantity)],
    [t('note.price'), formatPaise(note.price_paise)],
  ];
  return (
    <Stack gap="md" data-testid="contract-note">
      <Table variant="vertical" layout="fixed">
        <Table.Tbody>
          {rows.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th w="40%">{label}</Table.Th>
              <Table.Td>{value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <ChargesTable
        charges={note.charges}
        testIdPrefix="contract-note"
        totalLabel={t('note.totalCharges')}
        before={[
          { label: t('note.value'), paise: note.value_paise, testId: 'contract-note-value' },
        ]}
        after={[
          {
            label: t(note.side === 'buy' ? 'note.netBuy' : 'note.netSell'),
            paise: note.net_paise,
            testId: 'contract-note-net',
            strong: true,
          },
        ]}
      />
      <Group justify="flex-end">
        <Button
          variant="light"
          leftSection={<IconDownload size={16} />}
          loading={busy}
          onClick={() => void download()}
          data-testid="contract-note-pdf"
        >
          {t('note.pdf')}
        </Button>
      </Group>
    </Stack>
  );
}

export function openContractNote(no: string) {
  openModal({
    id: 'contract-note',
    title: translate('portfolio:note.title', { no }),
    size: 'lg',
    children: <ContractNoteView no={no} />,
  });
}
