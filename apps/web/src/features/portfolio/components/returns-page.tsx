import type { TReturns } from '@sampada/shared';
import {
  Group,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { QueryState } from '../../../components/market/query-state';
import { formatDateTime, formatDay } from '../../../lib/datetime';
import { useIsPhone } from '../../../lib/use-is-phone';
import { dividendsQueryOptions, returnsQueryOptions } from '../api/returns';
import { useReturnsTranslation } from '../returns-i18n';
import { Pnl, useMoney } from './money-parts';
import { ReturnsChart } from './returns-chart';
import { comparison, formatRate, fromOf, PERIODS, reasonKey, type TPeriod } from './returns-format';
import { DividendsReceived, HoldingReturns, RateText } from './returns-tables';

function Figure({ label, hint, children }: { label: string; hint?: string; children: ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text component="div" fw={600} style={{ fontVariantNumeric: 'tabular-nums' }}>
        {children}
      </Text>
      {hint ? (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      ) : null}
    </Stack>
  );
}

/** A headline rate: the figure a year, or in its place why there is none. */
function Headline({
  label,
  rate,
  testId,
}: {
  label: string;
  rate: TReturns['xirr'];
  testId: string;
}) {
  const { t } = useReturnsTranslation();
  const key = reasonKey(rate.reason);
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Group gap={6} align="baseline">
        <RateText rate={rate} size="xl" testId={testId} />
        {rate.rate !== null ? (
          <Text size="sm" c="dimmed">
            {t('perYear')}
          </Text>
        ) : null}
      </Group>
      {rate.rate === null ? (
        <Text size="xs" c="dimmed" data-testid={`${testId}-reason`}>
          {key ? t(key) : rate.reason}
        </Text>
      ) : null}
    </Stack>
  );
}

/** The headline card: both rates, the gap between them, the values, income and the window. */
function ReturnsSummary({ data }: { data: TReturns }) {
  const { t } = useReturnsTranslation();
  const { money } = useMoney();
  const versus = comparison(data.xirr, data.benchmark_result.xirr);
  return (
    <Paper withBorder radius="md" p="md">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <Headline label={t('yourXirr')} rate={data.xirr} testId="returns-xirr" />
        <Headline
          label={t('benchmarkXirr')}
          rate={data.benchmark_result.xirr}
          testId="returns-benchmark-xirr"
        />
      </SimpleGrid>
      {versus ? (
        <Text size="sm" fw={500} mt="xs" data-testid="returns-versus">
          {t(versus.key, { points: versus.points })}
        </Text>
      ) : null}
      <SimpleGrid cols={{ base: 2, sm: 3 }} mt="md" spacing="sm">
        <Figure label={t('value')}>{money(data.value_paise)}</Figure>
        <Figure label={t('benchmarkValue')}>
          <span data-testid="returns-benchmark-value">
            {data.benchmark_result.value_paise === null
              ? '—'
              : money(data.benchmark_result.value_paise)}
          </span>
        </Figure>
        <Figure label={t('twr')} hint={t('twrHint')}>
          {formatRate(data.twr)}
        </Figure>
        <Figure label={t('realised')}>
          <Pnl paise={data.income.realised_paise} size="sm" />
        </Figure>
        <Figure label={t('unrealised')}>
          <Pnl paise={data.income.unrealised_paise} size="sm" />
        </Figure>
        <Figure label={t('dividends')}>
          <span data-testid="returns-dividends-total">{money(data.income.dividend_paise)}</span>
        </Figure>
      </SimpleGrid>
      <Text size="xs" c="dimmed" mt="sm" data-testid="returns-window">
        {t('window', { from: formatDay(data.from), to: formatDay(data.to) })}
      </Text>
      <Text size="xs" c="dimmed">
        {t('asOf', { time: formatDateTime(data.as_of) })}
      </Text>
    </Paper>
  );
}

function Explanation() {
  const { t } = useReturnsTranslation();
  return (
    <Paper withBorder radius="md" p="md" data-testid="returns-explain">
      <Title order={2} size="h5" mb="xs">
        {t('explain.title')}
      </Title>
      <Stack gap={6}>
        {(['what', 'why', 'benchmark', 'short', 'none'] as const).map((part) => (
          <Text key={part} size="sm">
            {t(`explain.${part}`)}
          </Text>
        ))}
      </Stack>
    </Paper>
  );
}

/** The period: a segmented row on a desk, a select on a phone (five choices outgrow 375 px). */
function PeriodPicker({
  period,
  onChange,
}: {
  period: TPeriod;
  onChange: (period: TPeriod) => void;
}) {
  const { t } = useReturnsTranslation();
  const data = PERIODS.map((p) => ({ value: p, label: t(`periods.${p}`) }));
  const change = (value: string | null) => value && onChange(value as TPeriod);
  return useIsPhone() ? (
    <Select
      label={t('period')}
      data={data}
      value={period}
      onChange={change}
      allowDeselect={false}
      data-testid="returns-period"
    />
  ) : (
    <SegmentedControl
      aria-label={t('period')}
      data={data}
      value={period}
      onChange={change}
      style={{ alignSelf: 'flex-start' }}
      data-testid="returns-period"
    />
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Title order={2} size="h5" mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

/**
 * /portfolio/returns (issue 34's "returns the client can trust"): XIRR over a period against
 * NIFTY 50 on the same cash flows (GET /stat/app/v1/returns), the performance chart, each
 * stock's XIRR, what XIRR means, and the dividends received in the period.
 */
export function ReturnsPage() {
  const { t } = useReturnsTranslation();
  const [period, setPeriod] = useState<TPeriod>('all');
  const query = useQuery({
    ...returnsQueryOptions(fromOf(period)),
    placeholderData: keepPreviousData,
  });
  const dividends = useQuery(dividendsQueryOptions());
  const data = query.data;
  const inWindow = (dividends.data?.items ?? []).filter(
    (d) => data && d.paid_on >= data.from && d.paid_on <= data.to,
  );
  return (
    <Stack gap="md" data-testid="portfolio-returns">
      <PeriodPicker period={period} onChange={setPeriod} />
      <QueryState
        isPending={query.isPending}
        isError={query.isError}
        onRetry={() => void query.refetch()}
        rows={5}
      >
        {data ? (
          <>
            <ReturnsSummary data={data} />
            <Section title={t('chart')}>
              <ReturnsChart series={data.series} />
            </Section>
            <Explanation />
            <Section title={t('holdings')}>
              <HoldingReturns holdings={data.holdings} />
            </Section>
            <Section title={t('dividendsTitle')}>
              <Text size="xs" c="dimmed" mb="sm">
                {t('dividendsNote')}
              </Text>
              <DividendsReceived items={inWindow} />
            </Section>
          </>
        ) : null}
      </QueryState>
    </Stack>
  );
}
