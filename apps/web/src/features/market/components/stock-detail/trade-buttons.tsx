import { Button, Group } from '@mantine/core';
import { openOrderTicket } from '../../../../lib/drawers';
import { useMarketTranslation } from '../../i18n';

/** Buy and Sell open the order ticket for this stock (it replaces the stock detail drawer). */
export function TradeButtons({ symbol }: { symbol: string }) {
  const { t } = useMarketTranslation();
  return (
    <Group grow gap="sm">
      {(['buy', 'sell'] as const).map((side) => (
        <Button
          key={side}
          color={side === 'buy' ? 'green.8' : 'red.8'}
          onClick={() => openOrderTicket(symbol, side)}
          data-testid={`trade-${side}`}
        >
          {t(`detail.${side}`)}
        </Button>
      ))}
    </Group>
  );
}
