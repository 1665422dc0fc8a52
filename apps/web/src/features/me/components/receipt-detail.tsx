import { formatPaise, receiptNumber } from '@sampada/shared';
import { recordTypeLabel } from '../../../components/shared-labels';
import { Alert, Loader, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { isApiError } from '../../../lib/api-client';
import { translateMessage } from '../../../lib/i18n';
import { receiptQueryOptions } from '../api/funds';
import { useMeTranslation } from '../i18n';
import { StatusBadge } from '../../../components/status-badge';
import { formatDateTime } from '../../../lib/money';

export { recordTypeLabel };

/** A fund record's receipt: the posting, its lines, and the deposit or withdrawal it settles. */
export function ReceiptDetail({ postingId }: { postingId: string }) {
  const { t } = useMeTranslation();
  const { data, error } = useQuery(receiptQueryOptions(postingId));
  if (error)
    return <Alert color="red">{translateMessage(isApiError(error) ? error : String(error))}</Alert>;
  if (!data) return <Loader size="sm" />;
  const deposit = data.deposit;
  const withdrawal = data.withdrawal;
  const rows: [string, React.ReactNode][] = [
    [t('receipt.type'), recordTypeLabel(data.type)],
    [t('receipt.date'), formatDateTime(data.created_at)],
    [t('receipt.memo'), data.memo],
    [t('receipt.reference'), receiptNumber(data.posting_id)],
  ];
  if (deposit)
    rows.push(
      [t('receipt.amount'), formatPaise(deposit.amount_paise)],
      [t('receipt.method'), `${deposit.method} · ${deposit.utr}`],
      [t('receipt.status'), <StatusBadge key="s" status={deposit.status} />],
    );
  if (withdrawal)
    rows.push(
      [t('receipt.amount'), formatPaise(withdrawal.amount_paise)],
      [
        t('receipt.toAccount'),
        `${withdrawal.bank_card.bank_name ?? withdrawal.bank_card.ifsc} · ${withdrawal.bank_card.account_number}`,
      ],
      [t('receipt.status'), <StatusBadge key="s" status={withdrawal.status} />],
      [t('receipt.bankReference'), withdrawal.bank_reference ?? '—'],
    );
  return (
    <Stack gap="md" data-testid="receipt-detail">
      <Table variant="vertical" withTableBorder layout="fixed">
        <Table.Tbody>
          {rows.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th w="40%">{label}</Table.Th>
              <Table.Td style={{ wordBreak: 'break-word' }}>{value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Text fw={600} size="sm">
        {t('receipt.lines')}
      </Text>
      <Table withTableBorder>
        <Table.Tbody>
          {data.lines.map((line) => (
            <Table.Tr key={line.id}>
              <Table.Td>{t(`account.${line.account}`)}</Table.Td>
              <Table.Td ta="right">{formatPaise(line.amount_paise)}</Table.Td>
              <Table.Td ta="right">{formatPaise(line.balance_after_paise)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
