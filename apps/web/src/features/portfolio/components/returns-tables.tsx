import { formatCount } from '@sampada/shared';
import type { TDividend, TRate, TReturns } from '@sampada/shared';
import { Table, Text } from '@mantine/core';
import { CardTable } from '../../../components/card-table';
import { DIRECTION_COLOR } from '../../../components/market/change-text';
import { formatDay } from '../../../lib/datetime';
import { changeDirection } from '../../../lib/market/format';
import { useReturnsTranslation } from '../returns-i18n';
import { useMoney } from './money-parts';
import { formatRate, reasonKey } from './returns-format';

/** A rate in its direction's colour, or why there is none (its reason in the reader's words). */
export function RateText({
  rate,
  size = 'sm',
  testId,
}: {
  rate: TRate;
  size?: string;
  testId?: string;
}) {
  const { t } = useReturnsTranslation();
  if (rate.rate === null) {
    const key = reasonKey(rate.reason);
    return (
      <Text
        span
        size={size}
        c="dimmed"
        data-testid={testId}
        title={key ? t(key) : (rate.reason ?? '')}
      >
        {t('notComputable')}
      </Text>
    );
  }
  return (
    <Text
      span
      size={size}
      fw={700}
      c={DIRECTION_COLOR[changeDirection(rate.rate)]}
      style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
      data-testid={testId}
    >
      {formatRate(rate.rate)}
    </Text>
  );
}

/** Each stock traded in the period: what it is worth now and its own XIRR. */
export function HoldingReturns({ holdings }: { holdings: TReturns['holdings'] }) {
  const { t } = useReturnsTranslation();
  const { money } = useMoney();
  if (!holdings.length)
    return (
      <Text size="sm" c="dimmed">
        {t('holdingsEmpty')}
      </Text>
    );
  return (
    <CardTable minWidth={480} data-testid="returns-holdings">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('stock')}</Table.Th>
          <Table.Th ta="right">{t('valueNow')}</Table.Th>
          <Table.Th ta="right">{t('xirr')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {holdings.map((h) => (
          <Table.Tr key={h.symbol} data-testid={`returns-holding-${h.symbol}`}>
            <Table.Td>
              <Text size="sm" fw={600}>
                {h.symbol}
              </Text>
              <Text size="xs" c="dimmed" lineClamp={1}>
                {h.name}
              </Text>
            </Table.Td>
            <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
              {money(h.value_paise)}
            </Table.Td>
            <Table.Td ta="right">
              <RateText rate={h.xirr} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </CardTable>
  );
}

/** Dividends paid in the period: gross, the company's TDS and what reached the bank. */
export function DividendsReceived({ items }: { items: TDividend[] }) {
  const { t } = useReturnsTranslation();
  const { money } = useMoney();
  if (!items.length)
    return (
      <Text size="sm" c="dimmed" data-testid="dividends-empty">
        {t('dividendsEmpty')}
      </Text>
    );
  const sum = (pick: (d: TDividend) => number) => items.reduce((s, d) => s + pick(d), 0);
  return (
    <CardTable minWidth={720} data-testid="returns-dividends">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('stock')}</Table.Th>
          <Table.Th>{t('paidOn')}</Table.Th>
          <Table.Th ta="right">{t('shares')}</Table.Th>
          <Table.Th ta="right">{t('perShare')}</Table.Th>
          <Table.Th ta="right">{t('gross')}</Table.Th>
          <Table.Th ta="right">{t('tds')}</Table.Th>
          <Table.Th ta="right">{t('net')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {items.map((d) => (
          <Table.Tr key={d.id} data-testid="dividend-row">
            <Table.Td>
              <Text size="sm" fw={600}>
                {d.symbol}
              </Text>
              <Text size="xs" c="dimmed" lineClamp={1}>
                {d.name}
              </Text>
            </Table.Td>
            <Table.Td>{formatDay(d.paid_on)}</Table.Td>
            <Table.Td ta="right">{formatCount(d.quantity)}</Table.Td>
            <Table.Td ta="right">{money(d.per_share_paise)}</Table.Td>
            <Table.Td ta="right">{money(d.gross_paise)}</Table.Td>
            <Table.Td ta="right">{money(d.tds_paise)}</Table.Td>
            <Table.Td ta="right">{money(d.net_paise)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
      <Table.Tfoot>
        <Table.Tr>
          <Table.Th>{t('total')}</Table.Th>
          <Table.Th />
          <Table.Th />
          <Table.Th />
          <Table.Th ta="right">{money(sum((d) => d.gross_paise))}</Table.Th>
          <Table.Th ta="right">{money(sum((d) => d.tds_paise))}</Table.Th>
          <Table.Th ta="right">{money(sum((d) => d.net_paise))}</Table.Th>
        </Table.Tr>
      </Table.Tfoot>
    </CardTable>
  );
}
