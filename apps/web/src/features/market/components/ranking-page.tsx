import { RANKING_TYPES, type TRankingType } from '@sampada/shared';
import { Stack, Tabs, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { QueryState } from '../../../components/market/query-state';
import { useTranslation } from '../../../lib/i18n';
import { formatPrice, useCompactFormat } from '../../../lib/market/format';
import { useLiveList } from '../../../lib/market/live-quotes';
import { useIsPhone } from '../../../lib/use-is-phone';
import { rankingsQueryOptions } from '../../../lib/market/market-queries';
import { useMarketTranslation } from '../i18n';
import { QuoteTable, type TQuoteColumn } from './quote-table';

const FULL_VIEW = 50;

const isRankingType = (value: string | null): value is TRankingType =>
  (RANKING_TYPES as readonly string[]).includes(value ?? '');

function RankingTable({ type }: { type: TRankingType }) {
  const { t } = useMarketTranslation();
  const compact = useCompactFormat();
  const common = useTranslation().t;
  const query = useQuery(rankingsQueryOptions(type, FULL_VIEW));
  const quotes = useLiveList(query.data);
  // The same columns between ticks: the table's rows re-render only when they move.
  const columns = useMemo<TQuoteColumn[]>(
    () => [
      {
        key: 'high',
        header: t('table.week52High'),
        cell: (quote) => formatPrice(quote.week52_high),
        wideOnly: type !== 'week52_high',
      },
      {
        key: 'low',
        header: t('table.week52Low'),
        cell: (quote) => formatPrice(quote.week52_low),
        wideOnly: type !== 'week52_low',
      },
      {
        key: 'volume',
        header: t('table.volume'),
        cell: (quote) => compact.number(quote.volume),
        wideOnly: true,
      },
    ],
    [type, t, compact],
  );
  return (
    <QueryState
      isPending={query.isPending}
      isError={query.isError}
      onRetry={() => void query.refetch()}
      isEmpty={quotes.length === 0}
      emptyText={common('quote.rankingEmpty')}
      rows={10}
    >
      <QuoteTable quotes={quotes} testId={`ranking-table-${type}`} columns={columns} />
    </QueryState>
  );
}

/**
 * Ranking (menu component 'market/ranking'): gainers, losers, 52-week high and low, top 50.
 * The tab lives in the URL (?type=losers) so a ranking can be linked and reloaded.
 */
export default function RankingPage() {
  const common = useTranslation().t;
  const { t } = useMarketTranslation();
  const [params, setParams] = useSearchParams();
  const requested = params.get('type');
  const type: TRankingType = isRankingType(requested) ? requested : 'gainers';
  const compact = useIsPhone();
  return (
    <Stack gap="md" data-testid="ranking-page">
      <Title order={1} size="h2">
        {t('rankings.title')}
      </Title>
      <Tabs
        value={type}
        onChange={(next) => next && setParams({ type: next }, { replace: true })}
        keepMounted={false}
      >
        {/* One row at 375 px ("52W low" went to a second), scrolling sideways if it must. */}
        <Tabs.List
          style={
            compact ? { flexWrap: 'nowrap', overflowX: 'auto', scrollbarWidth: 'none' } : undefined
          }
        >
          {RANKING_TYPES.map((option) => (
            <Tabs.Tab
              key={option}
              value={option}
              px={compact ? 8 : undefined}
              style={compact ? { flexShrink: 0, whiteSpace: 'nowrap' } : undefined}
            >
              {common(`quote.rankings.${option}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {RANKING_TYPES.map((option) => (
          <Tabs.Panel key={option} value={option} pt="sm">
            <RankingTable type={option} />
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}
