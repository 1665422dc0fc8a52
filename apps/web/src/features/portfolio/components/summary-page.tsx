import type { TPortfolio } from '@sampada/shared';
import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { QueryState } from '../../../components/market/query-state';
import { formatDateTime } from '../../../lib/money';
import { portfolioQueryOptions } from '../api/get-portfolio';
import { usePortfolioTranslation } from '../i18n';
import { AllocationChart } from './allocation-chart';
import { Pnl, useMoney } from './money-parts';

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text component="div" fw={600} style={{ fontVariantNumeric: 'tabular-nums' }}>
        {children}
      </Text>
    </Stack>
  );
}

/** Invested, the P&L totals, charges paid and the counts under the current value. */
function SummaryFigures({ summary }: { summary: TPortfolio['summary'] }) {
  const { t } = usePortfolioTranslation();
  const { money } = useMoney();
  return (
    <SimpleGrid cols={{ base: 2, sm: 3 }} mt="md" spacing="sm">
      <Figure label={t('summary.invested')}>
        <span data-testid="summary-invested">{money(summary.invested_paise)}</span>
      </Figure>
      <Figure label={t('summary.totalPnl')}>
        <Pnl paise={summary.total_pnl_paise} testId="summary-total-pnl" />
      </Figure>
      <Figure label={t('summary.dayPnl')}>
        <Pnl paise={summary.day_pnl_paise} testId="summary-day-pnl" />
      </Figure>
      <Figure label={t('summary.realised')}>
        <Pnl paise={summary.realised_pnl_paise} testId="summary-realised" />
      </Figure>
      <Figure label={t('summary.charges')}>
        <span data-testid="summary-charges">{money(summary.charges_paid_paise)}</span>
      </Figure>
      <Figure label={t('summary.holdings')}>
        <span data-testid="summary-holdings">{summary.holdings}</span>
      </Figure>
      <Figure label={t('summary.awaiting')}>
        <span data-testid="summary-awaiting">{summary.awaiting_orders}</span>
      </Figure>
      <Figure label={t('summary.trades')}>
        <span data-testid="summary-trades">{summary.trades}</span>
      </Figure>
    </SimpleGrid>
  );
}

/**
 * /portfolio/summary (GET /stat/app/v1/portfolio): current value against what was invested,
 * total, day's and realised P&L, charges paid, and the allocation by sector.
 */
export function SummaryPage() {
  const { t } = usePortfolioTranslation();
  const { money } = useMoney();
  const query = useQuery(portfolioQueryOptions());
  const summary = query.data?.summary;
  return (
    <Stack gap="md" data-testid="portfolio-summary">
      <QueryState
        isPending={query.isPending}
        isError={query.isError}
        onRetry={() => void query.refetch()}
        rows={4}
      >
        {summary && query.data && (
          <>
            <Paper withBorder radius="md" p="md">
              <Text size="xs" c="dimmed" fw={600} tt="uppercase">
                {t('summary.currentValue')}
              </Text>
              <Text
                fz={28}
                fw={700}
                data-testid="summary-current"
                style={{ fontVariantNumeric: 'tabular-nums' }}
              >
                {money(summary.current_value_paise)}
              </Text>
              <Pnl
                paise={summary.unrealised_pnl_paise}
                pct={summary.unrealised_pnl_pct}
                testId="summary-unrealised"
              />
              <SummaryFigures summary={summary} />
              <Text size="xs" c="dimmed" mt="sm">
                {t('asOf', { time: formatDateTime(query.data.as_of) })}
              </Text>
            </Paper>
            <Paper withBorder radius="md" p="md">
              <Title order={2} size="h4" mb="sm">
                {t('summary.allocation')}
              </Title>
              {query.data.allocation.length ? (
                <AllocationChart
                  parts={query.data.allocation.map(({ sector, ...part }) => ({
                    name: sector,
                    ...part,
                  }))}
                  labelKey="summary.allocationLabel"
                />
              ) : (
                <Text size="sm" c="dimmed" data-testid="allocation-empty">
                  {t('summary.noAllocation')}
                </Text>
              )}
            </Paper>
          </>
        )}
      </QueryState>
    </Stack>
  );
}
