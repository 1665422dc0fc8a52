import { formatCount } from '@sampada/shared';
import { Button, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { openOrderTicket } from '../../../../lib/drawers';
import { holdingsQueryOptions, sellableQuantity } from '../../../../lib/trading';
import { useMarketTranslation } from '../../i18n';

/** Mantine's green.8 and .9 read 3.4:1 and 4.4:1 under white text; this green reads 5.4:1 (axe AA). */
const BUY_GREEN = '#237a36';

/**
 * Buy and Sell open the order ticket for this stock (it replaces the stock detail drawer).
 * Above them, the client's position: what is held, pledged, put up for sale and so sellable,
 * so that pledged shares never look sellable (issue 31).
 */
export function TradeButtons({ symbol }: { symbol: string }) {
  const { t } = useMarketTranslation();
  const holdings = useQuery(holdingsQueryOptions());
  const holding = holdings.data?.find((h) => h.symbol === symbol);
  return (
    <Stack gap="xs">
      {holding && holding.quantity > 0 && (
        <Group gap="xs" data-testid="stock-position">
          <Text size="sm" fw={500}>
            {t('detail.position', {
              held: formatCount(holding.quantity),
              sellable: formatCount(sellableQuantity(holding)),
            })}
          </Text>
          {holding.pledged > 0 && (
            <Text size="sm" c="dimmed">
              {t('detail.positionPledged', { quantity: formatCount(holding.pledged) })}
            </Text>
          )}
          {holding.reserved > 0 && (
            <Text size="sm" c="dimmed">
              {t('detail.positionReserved', { quantity: formatCount(holding.reserved) })}
            </Text>
          )}
        </Group>
      )}
      <Group grow gap="sm">
        {(['buy', 'sell'] as const).map((side) => (
          <Button
            key={side}
            color={side === 'buy' ? BUY_GREEN : 'red.8'}
            onClick={() => openOrderTicket(symbol, side)}
            data-testid={`trade-${side}`}
          >
            {t(`detail.${side}`)}
          </Button>
        ))}
      </Group>
    </Stack>
  );
}
