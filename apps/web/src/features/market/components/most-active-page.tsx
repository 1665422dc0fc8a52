import { Group, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { QueryState } from '../../../components/market/query-state';
import { useCompactFormat } from '../../../lib/market/format';
import { useLiveList } from '../../../lib/market/live-quotes';
import type { TMostActiveBy } from '../../../lib/query-keys';
import { mostActiveQueryOptions } from '../api/get-most-active';
import { useMarketTranslation } from '../i18n';
import { MostActiveToggle } from './most-active-card';
import { QuoteTable, type TQuoteColumn } from './quote-table';

const FULL_VIEW = 50;

/** Most Active (menu component 'market/most-active'): the top 50 by volume or value. */
export default function MostActivePage() {
  const { t } = useMarketTranslation();
  const compact = useCompactFormat();
  const [by, setBy] = useState<TMostActiveBy>('volume');
  const query = useQuery(mostActiveQueryOptions(by, FULL_VIEW));
  const quotes = useLiveList(query.data);
  // The same columns between ticks: the table's rows re-render only when they move.
  const columns = useMemo<TQuoteColumn[]>(
    () => [
      {
        key: 'volume',
        header: t('table.volume'),
        cell: (quote) => compact.number(quote.volume),
        wideOnly: by !== 'volume',
      },
      {
        key: 'value',
        header: t('table.value'),
        cell: (quote) => compact.rupees(quote.value),
        wideOnly: by !== 'value',
      },
    ],
    [by, t, compact],
  );
  return (
    <Stack gap="md" data-testid="most-active-page">
      <Group justify="space-between">
        <Title order={1} size="h2">
          {t('mostActive.title')}
        </Title>
        <MostActiveToggle value={by} onChange={setBy} />
      </Group>
      <QueryState
        isPending={query.isPending}
        isError={query.isError}
        onRetry={() => void query.refetch()}
        isEmpty={quotes.length === 0}
        emptyText={t('mostActive.empty')}
        rows={10}
      >
        <QuoteTable quotes={quotes} testId="most-active-table" columns={columns} />
      </QueryState>
    </Stack>
  );
}
