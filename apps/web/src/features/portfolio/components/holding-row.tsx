import { formatPaise, paiseToRupeeNumber, type TRate, formatCount } from '@sampada/shared';
import { Anchor, Button, Group, Stack, Table, Text, Tooltip } from '@mantine/core';
import { LivePrice } from '../../../components/market/live-price';
import { openOrderTicket, openStockDetail } from '../../../lib/drawers';
import { formatDay } from '../../../lib/money';
import { sellableQuantity, sellBlockedBy } from '../../../lib/trading';
import { useReturnsTranslation } from '../returns-i18n';
import { usePortfolioTranslation } from '../i18n';
import { openGttForm } from './gtt-page';
import type { TLiveHolding } from './live-holding';
import { Pnl, useMoney } from './money-parts';
import { RateText } from './returns-tables';

/**
 * A holding's own XIRR since its first buy (the returns API's, at the server's last price):
 * what the money in this stock earned a year, buys, sells and dividends on their days.
 */
function HoldingXirr({ rate, symbol }: { rate: TRate; symbol: string }) {
  const { t } = useReturnsTranslation();
  return (
    <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
      {t('xirr')} <RateText rate={rate} size="xs" testId={`holding-xirr-${symbol}`} />
    </Text>
  );
}

/** Sell opens the order ticket; GTT sets an OCO on what is not pledged; a block says why. */
function HoldingActions({ holding }: { holding: TLiveHolding }) {
  const { t } = usePortfolioTranslation();
  const sellable = sellableQuantity(holding);
  const blocked = holding.listed ? sellBlockedBy(holding) : null;
  const gttQuantity = holding.quantity - holding.pledged;
  const symbol = holding.symbol;
  // Light red on a light page read at 1.2:1 with a fixed shade; the theme's own light colour
  // of red reads at AA in both schemes (issue 31).
  const sell = (
    <Button
      size="compact-sm"
      color="red"
      variant="light"
      disabled={!holding.listed || sellable === 0}
      onClick={() => openOrderTicket(symbol, 'sell')}
      aria-label={t('holding.sellLabel', { symbol })}
      aria-describedby={blocked ? `holding-blocked-${symbol}` : undefined}
      data-testid={`holding-sell-${symbol}`}
    >
      {t('holding.sell')}
    </Button>
  );
  if (!holding.listed)
    return (
      <Tooltip
        label={t('holding.listsOn', {
          date: holding.listing_date ? formatDay(holding.listing_date) : '—',
        })}
      >
        <span>{sell}</span>
      </Tooltip>
    );
  return (
    <Stack gap={2} align="flex-end">
      <Group gap={4} justify="flex-end" wrap="nowrap">
        <Button
          size="compact-sm"
          variant="default"
          disabled={!holding.listed || gttQuantity === 0}
          onClick={() =>
            openGttForm(t('gtt.createTitle'), {
              initial: { kind: 'oco', symbol, side: 'sell', quantity: gttQuantity },
            })
          }
          aria-describedby={blocked ? `holding-blocked-${symbol}` : undefined}
          data-testid={`holding-gtt-${symbol}`}
        >
          GTT
        </Button>
        {sell}
      </Group>
      {blocked && (
        <Text
          size="xs"
          c="dimmed"
          maw={220}
          ta="right"
          id={`holding-blocked-${symbol}`}
          data-testid={`holding-blocked-${symbol}`}
        >
          {t(`holding.sellBlocked.${blocked}`)}
        </Text>
      )}
    </Stack>
  );
}

/** The quantity, with what of it is pledged, reserved, and (when less) can be sold. */
function HoldingQuantity({ holding }: { holding: TLiveHolding }) {
  const { t } = usePortfolioTranslation();
  const sellable = sellableQuantity(holding);
  const symbol = holding.symbol;
  return (
    <>
      <Text size="sm" data-testid={`holding-quantity-${symbol}`}>
        {formatCount(holding.quantity)}
      </Text>
      {holding.pledged > 0 && (
        <Text size="xs" c="dimmed" data-testid={`holding-pledged-${symbol}`}>
          {t('holding.pledged', { quantity: formatCount(holding.pledged) })}
        </Text>
      )}
      {holding.reserved > 0 && (
        <Text size="xs" c="dimmed" data-testid={`holding-reserved-${symbol}`}>
          {t('holding.reserved', { quantity: formatCount(holding.reserved) })}
        </Text>
      )}
      {holding.listed && sellable !== holding.quantity && (
        <Text size="xs" fw={500} data-testid={`holding-sellable-${symbol}`}>
          {t('holding.canSell', { quantity: formatCount(sellable) })}
        </Text>
      )}
    </>
  );
}

/** The live price; an IPO not yet listed shows its issue price and the listing day. */
function HoldingPrice({ holding }: { holding: TLiveHolding }) {
  const { t } = usePortfolioTranslation();
  const symbol = holding.symbol;
  if (holding.listed)
    return (
      <LivePrice
        price={paiseToRupeeNumber(holding.live_price_paise)}
        size="sm"
        testId={`holding-price-${symbol}`}
      />
    );
  return (
    <Stack gap={0} align="flex-end">
      <Text size="sm">{formatPaise(holding.price_paise)}</Text>
      <Text size="xs" c="blue.8" data-testid={`holding-listing-${symbol}`}>
        {t('holding.listsOn', {
          date: holding.listing_date ? formatDay(holding.listing_date) : '—',
        })}
      </Text>
    </Stack>
  );
}

export function HoldingRow({ holding, xirr }: { holding: TLiveHolding; xirr: TRate | undefined }) {
  const { money } = useMoney();
  const symbol = holding.symbol;
  return (
    <Table.Tr data-testid={`holding-row-${symbol}`}>
      <Table.Td>
        {holding.listed ? (
          <Anchor component="button" type="button" fw={600} onClick={() => openStockDetail(symbol)}>
            {symbol}
          </Anchor>
        ) : (
          <Text fw={600}>{symbol}</Text>
        )}
        <Text size="xs" c="dimmed" lineClamp={1}>
          {holding.name}
        </Text>
      </Table.Td>
      <Table.Td ta="right">
        <HoldingQuantity holding={holding} />
      </Table.Td>
      <Table.Td ta="right">{formatPaise(holding.average_cost_paise)}</Table.Td>
      <Table.Td ta="right">
        <HoldingPrice holding={holding} />
      </Table.Td>
      <Table.Td ta="right" data-testid={`holding-value-${symbol}`}>
        {money(holding.current_value_paise)}
      </Table.Td>
      <Table.Td ta="right">
        <Pnl
          paise={holding.unrealised_pnl_paise}
          pct={holding.unrealised_pnl_pct}
          size="sm"
          testId={`holding-pnl-${symbol}`}
        />
        {xirr && <HoldingXirr rate={xirr} symbol={symbol} />}
      </Table.Td>
      <Table.Td ta="right">
        <Pnl paise={holding.day_pnl_paise} size="sm" testId={`holding-day-${symbol}`} />
      </Table.Td>
      <Table.Td ta="right">
        <HoldingActions holding={holding} />
      </Table.Td>
    </Table.Tr>
  );
}
