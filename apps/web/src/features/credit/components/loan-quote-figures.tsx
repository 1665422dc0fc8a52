import { formatBps, formatPaise, type TLoanQuote } from '@sampada/shared';
import { Stack, Table, Title } from '@mantine/core';
import { useCreditTranslation } from '../i18n';
import { formatDay } from '../../../lib/datetime';
import { FigureGrid } from './figure-grid';

export function LoanQuoteFigures({ quote }: { quote: TLoanQuote }) {
  const { t } = useCreditTranslation();
  const rows: [string, string][] = [
    [t(`apply.instalment.${quote.repayment}`), formatPaise(quote.instalment_paise)],
    [t('apply.totalInterest'), formatPaise(quote.total_interest_paise)],
    [t('apply.fee'), formatPaise(quote.processing_fee_paise)],
    [t('apply.gst'), formatPaise(quote.fee_gst_paise)],
    [t('apply.net'), formatPaise(quote.net_disbursal_paise)],
    [t('apply.totalRepayable'), formatPaise(quote.total_repayable_paise)],
    [t('apply.apr'), formatBps(quote.apr_bps)],
  ];
  return (
    <Stack gap="xs" data-testid="loan-quote">
      <Title order={4} size="h6">
        {t('apply.quote')}
      </Title>
      <FigureGrid rows={rows} />
      <Table striped withTableBorder fz="xs" data-testid="loan-quote-schedule">
        {/* Three columns of amounts say nothing without their names (issue 31). */}
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('loan.due')}</Table.Th>
            <Table.Th ta="right">{t('loan.instalment')}</Table.Th>
            <Table.Th ta="right">{t('loan.balance')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {quote.schedule.map((i) => (
            <Table.Tr key={i.number}>
              <Table.Td>{formatDay(i.due_date)}</Table.Td>
              <Table.Td ta="right">{formatPaise(i.amount_paise)}</Table.Td>
              <Table.Td ta="right" c="dimmed">
                {formatPaise(i.balance_after_paise)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
