import type { TQuote } from '@sampada/shared';
import { SegmentedControl } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { QueryState } from '../../../components/market/query-state';
import { QuoteList } from '../../../components/market/quote-list';
import { SectionCard } from '../../../components/market/section-card';
import { paths } from '../../../config/paths';
import { useCompactFormat } from '../../../lib/market/format';
import { useLiveList } from '../../../lib/market/live-quotes';
import type { TMostActiveBy } from '../../../lib/query-keys';
import { mostActiveQueryOptions } from '../api/get-most-active';
import { useMarketTranslation } from '../i18n';

const PREVIEW = 5;

/** Volume or value toggle, shared by the card and the full view. */
export function MostActiveToggle({
  value,
  onChange,
}: {
  value: TMostActiveBy;
  onChange: (by: TMostActiveBy) => void;
}) {
  const { t } = useMarketTranslation();
  return (
    <SegmentedControl
      size="xs"
      aria-label={t('mostActive.by')}
      value={value}
      onChange={(next) => onChange(next as TMostActiveBy)}
      data={[
        { value: 'volume', label: t('mostActive.volume') },
        { value: 'value', label: t('mostActive.value') },
      ]}
      data-testid="most-active-by"
    />
  );
}

/** Market screen: the five most traded stocks by volume or value, live. */
export function MostActiveCard() {
  const { t } = useMarketTranslation();
  const compact = useCompactFormat();
  const [by, setBy] = useState<TMostActiveBy>('volume');
  const query = useQuery(mostActiveQueryOptions(by, PREVIEW));
  const quotes = useLiveList(query.data);
  // One function until the toggle, language or number style changes: rows re-render on ticks.
  const secondary = useCallback(
    (quote: TQuote) =>
      by === 'volume'
        ? t('mostActive.volumeLine', { volume: compact.number(quote.volume) })
        : t('mostActive.valueLine', { value: compact.rupees(quote.value) }),
    [by, t, compact],
  );
  return (
    <SectionCard
      title={t('mostActive.title')}
      seeAllTo={paths.mostActive}
      actions={<MostActiveToggle value={by} onChange={setBy} />}
      testId="most-active-card"
    >
      <QueryState
        isPending={query.isPending}
        isError={query.isError}
        onRetry={() => void query.refetch()}
        isEmpty={quotes.length === 0}
        emptyText={t('mostActive.empty')}
        rows={PREVIEW}
      >
        <QuoteList quotes={quotes} testId="most-active-list" secondary={secondary} />
      </QueryState>
    </SectionCard>
  );
}
