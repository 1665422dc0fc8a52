import { Autocomplete, Group, Loader, Text } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { forwardRef, useState } from 'react';
import { formatPrice } from '../../../../lib/market/format';
import { useStockSearch } from '../../../../lib/market/stock-search';
import { useMarketTranslation } from '../../i18n';

export interface WatchlistAddProps {
  onAdd: (symbol: string) => void;
  /** Symbols already on the list, left out of the suggestions. */
  exclude: readonly string[];
}

/** Search box that adds the chosen stock (same search rules as the header's, spec §4). */
export const WatchlistAdd = forwardRef<HTMLInputElement, WatchlistAddProps>(function WatchlistAdd(
  { onAdd, exclude },
  ref,
) {
  const { t } = useMarketTranslation();
  const [text, setText] = useState('');
  const { items, status } = useStockSearch(text);
  const choices = items.filter((item) => item.market === 'NSE' && !exclude.includes(item.symbol));
  const bySymbol = new Map(choices.map((item) => [item.symbol, item]));
  return (
    <Autocomplete
      ref={ref}
      label={t('watchlist.add')}
      placeholder={t('watchlist.addPlaceholder')}
      leftSection={<IconSearch size={16} aria-hidden />}
      rightSection={status === 'loading' ? <Loader size="xs" /> : null}
      value={text}
      onChange={setText}
      data={choices.map((item) => item.symbol)}
      // The server already ranked and filtered the matches.
      filter={({ options }) => options}
      limit={10}
      onOptionSubmit={(symbol) => {
        onAdd(symbol);
        // After this render: Autocomplete writes the chosen value into the box first.
        setTimeout(() => setText(''));
      }}
      renderOption={({ option }) => {
        const item = bySymbol.get(option.value);
        return (
          <Group justify="space-between" wrap="nowrap" w="100%" gap="sm">
            <div style={{ minWidth: 0 }}>
              <Text size="sm" fw={600}>
                {option.value}
              </Text>
              <Text size="xs" c="dimmed" truncate>
                {item?.name}
              </Text>
            </div>
            <Text size="sm">{formatPrice(item?.price)}</Text>
          </Group>
        );
      }}
      data-testid="watchlist-add"
    />
  );
});
