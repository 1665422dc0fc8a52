import { MARKET_FILTERS, type TMarketFilter, type TMarketListItem } from '@sampada/shared';
import { Badge, Box, Group, SegmentedControl, Stack, Text, UnstyledButton } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { memo, useMemo, useState } from 'react';
import { ChangeText } from '../../../components/market/change-text';
import { LivePrice } from '../../../components/market/live-price';
import { QueryState } from '../../../components/market/query-state';
import { SectionCard } from '../../../components/market/section-card';
import { openDealDrawer, openStockDetail } from '../../../lib/drawers';
import { useLiveQuotes } from '../../../lib/market/live-quotes';
import { marketListQueryOptions } from '../api/get-market-list';
import { useMarketTranslation } from '../i18n';
import { LoadMoreButton } from '../../../components/load-more-button';

/** A row; rendered again only when its price or change moved (the props are plain values). */
const ListRow = memo(function ListRow({
  item,
  livePrice,
  liveChange,
}: {
  item: TMarketListItem;
  livePrice: number;
  liveChange: number | null;
}) {
  const { t } = useMarketTranslation();
  const isDeal = item.kind !== 'stock';
  return (
    <UnstyledButton
      w="100%"
      py={8}
      px={4}
      onClick={() =>
        item.kind === 'stock' ? openStockDetail(item.symbol) : openDealDrawer(item.kind, item.id)
      }
      data-testid={`market-row-${item.kind}-${item.id}`}
      style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
    >
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Group gap={6} wrap="nowrap">
            <Text fw={600} size="sm">
              {item.symbol}
            </Text>
            {isDeal && (
              <Badge size="xs" variant="light" color={item.kind === 'ipo' ? 'violet' : 'blue'}>
                {t(`list.${item.kind}`)}
              </Badge>
            )}
          </Group>
          <Text size="xs" c="dimmed" truncate>
            {!isDeal && item.detail ? `${item.name} · ${item.detail}` : item.name}
          </Text>
          {isDeal && item.detail && (
            <Text size="xs" fw={500} data-testid="deal-detail">
              {item.detail}
            </Text>
          )}
        </Stack>
        <Stack gap={0} align="flex-end" style={{ flexShrink: 0 }}>
          <LivePrice price={livePrice} size="sm" />
          {liveChange !== null && <ChangeText changePct={liveChange} size="xs" />}
        </Stack>
      </Group>
    </UnstyledButton>
  );
});

/**
 * The market filter of spec §3 (all, stock, otc, ipo) over GET /market/app/v1/list, a page
 * at a time with "Load more". Stock rows are live and open stock detail; OTC and IPO rows
 * show the desk's offer and open the OTC Trading or IPO drawer on it.
 */
export function MarketList() {
  const { t } = useMarketTranslation();
  const [filter, setFilter] = useState<TMarketFilter>('all');
  const query = useInfiniteQuery(marketListQueryOptions(filter));
  const items = useMemo(() => query.data?.pages.flatMap((page) => page.items) ?? [], [query.data]);
  const live = useLiveQuotes(
    items.filter((item) => item.kind === 'stock').map((item) => item.symbol),
  );
  return (
    <SectionCard title={t('list.title')} testId="market-list">
      <SegmentedControl
        fullWidth
        mb="sm"
        aria-label={t('list.filter')}
        value={filter}
        onChange={(next) => setFilter(next as TMarketFilter)}
        data={MARKET_FILTERS.map((value) => ({ value, label: t(`list.${value}`) }))}
        data-testid="market-filter"
      />
      <QueryState
        isPending={query.isPending}
        isError={query.isError}
        onRetry={() => void query.refetch()}
        isEmpty={items.length === 0}
        emptyText={t(`list.empty.${filter}`)}
        rows={5}
      >
        <Box component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {items.map((item) => {
            const quote = item.kind === 'stock' ? live[item.symbol] : undefined;
            return (
              <li key={`${item.kind}:${item.id}`}>
                <ListRow
                  item={item}
                  livePrice={quote?.price ?? item.price}
                  liveChange={quote?.change_pct ?? item.change_pct}
                />
              </li>
            );
          })}
        </Box>
        <LoadMoreButton
          query={query}
          label={t('list.loadMore')}
          testId="market-list-more"
          mt="sm"
        />
      </QueryState>
    </SectionCard>
  );
}
