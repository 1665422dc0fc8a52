import type { TQuote, TRankingType } from '@sampada/shared';
import { Tabs } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from '../../lib/i18n';
import { formatPrice } from '../../lib/market/format';
import { useLiveList } from '../../lib/market/live-quotes';
import { rankingsQueryOptions } from '../../lib/market/market-queries';
import { QueryState } from './query-state';
import { QuoteList, quoteListHeight } from './quote-list';
import { SectionCard } from './section-card';

export interface RankingsCardProps {
  title: string;
  types: readonly TRankingType[];
  limit?: number;
  seeAllTo?: string;
  testId?: string;
}

/**
 * Under a 52-week ranking, the level it is measured against instead of the name; the same
 * function until the language changes, so the list's rows re-render only when they tick.
 */
export function useRankingSecondary(type: TRankingType) {
  const { t } = useTranslation();
  return useMemo(() => {
    if (type === 'week52_high')
      return (quote: TQuote) => t('quote.high52', { price: formatPrice(quote.week52_high) });
    if (type === 'week52_low')
      return (quote: TQuote) => t('quote.low52', { price: formatPrice(quote.week52_low) });
    return undefined;
  }, [type, t]);
}

function RankingList({ type, limit }: { type: TRankingType; limit: number }) {
  const { t } = useTranslation();
  const query = useQuery(rankingsQueryOptions(type, limit));
  const quotes = useLiveList(query.data);
  const secondary = useRankingSecondary(type);
  return (
    <QueryState
      isPending={query.isPending}
      isError={query.isError}
      onRetry={() => void query.refetch()}
      isEmpty={quotes.length === 0}
      emptyText={t('quote.rankingEmpty')}
      rows={limit}
      height={quoteListHeight(limit)}
    >
      <QuoteList quotes={quotes} secondary={secondary} testId={`ranking-${type}`} />
    </QueryState>
  );
}

/** Top movers (Home) and rankings (Market): one tab per ranking, top five, live. */
export function RankingsCard({ title, types, limit = 5, seeAllTo, testId }: RankingsCardProps) {
  const { t } = useTranslation();
  const [type, setType] = useState<TRankingType>(types[0]!);
  return (
    <SectionCard title={title} seeAllTo={seeAllTo} testId={testId}>
      {/* Only the visible tab is mounted, so only its symbols are subscribed. */}
      <Tabs
        value={type}
        onChange={(value) => value && setType(value as TRankingType)}
        keepMounted={false}
      >
        <Tabs.List mb="xs">
          {types.map((option) => (
            <Tabs.Tab key={option} value={option}>
              {t(`quote.rankings.${option}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {types.map((option) => (
          <Tabs.Panel key={option} value={option}>
            <RankingList type={option} limit={limit} />
          </Tabs.Panel>
        ))}
      </Tabs>
    </SectionCard>
  );
}
