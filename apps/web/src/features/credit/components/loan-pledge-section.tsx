import { formatBps, formatPaise, type TLoanDetail } from '@sampada/shared';
import { Alert, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useCreditTranslation } from '../i18n';
import { LoanFigure } from './loan-figure';
import { formatDay } from '../../../lib/datetime';

/** A loan against shares: margin call or sell-off, the pledge's value and LTV, each stock. */
export function PledgeSection({ loan }: { loan: TLoanDetail }) {
  const { t } = useCreditTranslation();
  const levels = loan.product_levels;
  return (
    <Stack gap="sm" data-testid="loan-pledge-section">
      <Title order={3} size="h5">
        {t('loan.pledge')}
      </Title>
      {loan.margin_state === 'margin_call' && loan.ltv_bps !== null && (
        <Alert color="orange" icon={<IconAlertTriangle size={18} />} data-testid="loan-margin-call">
          {t('loan.marginCall', {
            ltv: formatBps(loan.ltv_bps),
            limit: formatBps(levels.margin_call_ltv_bps ?? 0),
          })}
          {loan.margin_call_deadline &&
            ` ${t('loan.marginCallBy', { day: formatDay(loan.margin_call_deadline) })}`}
        </Alert>
      )}
      {loan.margin_state === 'sell_off' && loan.ltv_bps !== null && (
        <Alert color="red" icon={<IconAlertTriangle size={18} />} data-testid="loan-sell-off">
          {t('loan.sellOff', { ltv: formatBps(loan.ltv_bps) })}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
        <LoanFigure
          label={t('loan.pledgeValue')}
          value={formatPaise(loan.pledge_value_paise ?? 0)}
        />
        <LoanFigure
          label={t('loan.ltv')}
          value={loan.ltv_bps === null ? '—' : formatBps(loan.ltv_bps)}
          hint={
            levels.margin_call_ltv_bps !== null && levels.sell_off_ltv_bps !== null
              ? t('loan.levels', {
                  call: formatBps(levels.margin_call_ltv_bps),
                  sell: formatBps(levels.sell_off_ltv_bps),
                })
              : undefined
          }
          testId="loan-ltv"
        />
      </SimpleGrid>
      <Table withTableBorder fz="sm" data-testid="loan-pledges">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('loan.stock')}</Table.Th>
            <Table.Th ta="right">{t('loan.shares')}</Table.Th>
            <Table.Th ta="right">{t('loan.value')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {loan.pledges.map((p) => (
            <Table.Tr key={p.symbol}>
              <Table.Td>
                <Text size="sm" fw={600}>
                  {p.symbol}
                </Text>
                <Text size="xs" c="dimmed">
                  {p.name}
                </Text>
              </Table.Td>
              <Table.Td ta="right">
                {p.quantity}
                {p.released ? ` · ${t('loan.released')}` : ''}
              </Table.Td>
              <Table.Td ta="right">{formatPaise(p.value_paise)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
