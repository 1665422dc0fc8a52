import { MIN_TRADE_PAISE, TM, formatPaise, type TOffering, formatCount } from '@sampada/shared';
import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { AmountField } from '../../../components/form-fields';
import { ChargesTable } from '../../../components/trading/charges-table';
import { formatDay } from '../../../lib/money';
import { useTradingTranslation } from '../i18n';
import type { TDealOrder } from './use-deal-order';

/** Why the form cannot be sent yet: an IPO not open until a day, or an offering closed. */
export function DealOpenNotice({ offering, open }: { offering: TOffering; open: boolean }) {
  const { t } = useTradingTranslation();
  return (
    <>
      {offering.kind === 'ipo' && offering.status === 'upcoming' && (
        <Alert color="blue" icon={<IconInfoCircle size={18} />} data-testid="deal-not-open">
          {t('form.notOpen', { date: formatDay(offering.open_date) })}
        </Alert>
      )}
      {!open && !(offering.kind === 'ipo' && offering.status === 'upcoming') && (
        <Alert color="gray" data-testid="deal-closed">
          {offering.kind === 'ipo' ? TM.ipoNotOpen : TM.offeringClosed}
        </Alert>
      )}
    </>
  );
}

export function DealSellable({ sellable }: { sellable: number | undefined }) {
  const { t } = useTradingTranslation();
  return (
    <Group justify="space-between">
      <Text c="dimmed" size="sm">
        {t('form.sellable')}
      </Text>
      <Text fw={700} data-testid="trade-sellable">
        {sellable !== undefined ? formatCount(sellable) : '—'}
      </Text>
    </Group>
  );
}

/** A buy's amount in rupees, what it buys, and a button to use that as the quantity. */
function DealBuyAmount({ order }: { order: TDealOrder }) {
  const { t } = useTradingTranslation();
  const { form, open, affordable, belowMinimum, usable, unitPaise } = order;
  return (
    <Group align="flex-end" gap="xs" wrap="nowrap">
      <AmountField
        control={form.control}
        name="amount"
        style={{ flex: 1 }}
        label={t('form.amount')}
        disabled={!open}
        description={
          affordable === null
            ? undefined
            : affordable === 0
              ? t('form.amountTooSmall', { price: formatPaise(unitPaise) })
              : belowMinimum
                ? TM.belowMinimum
                : t('form.amountBuys', {
                    count: affordable,
                    quantity: formatCount(affordable),
                    value: formatPaise(BigInt(affordable) * unitPaise),
                  })
        }
        data-testid="order-amount"
      />
      {usable && (
        <Button
          variant="light"
          onClick={() => {
            form.setValue('quantity', String(affordable));
            form.clearErrors('quantity');
          }}
          data-testid="order-amount-use"
        >
          {t('form.useQuantity', { quantity: affordable })}
        </Button>
      )}
    </Group>
  );
}

/** Lots for an IPO; shares, and for a buy the amount to turn into shares, otherwise. */
export function DealCountFields({ offering, order }: { offering: TOffering; order: TDealOrder }) {
  const { t } = useTradingTranslation();
  const { control } = order.form;
  if (offering.kind === 'ipo')
    return (
      <AmountField
        quantity
        control={control}
        name="lots"
        label={t('form.lots')}
        description={t('form.lotsHint', {
          min: offering.min_lots,
          max: offering.max_lots,
          size: offering.lot_size,
          price: formatPaise(offering.price_high_paise),
        })}
        disabled={!order.open}
        data-testid="order-lots"
      />
    );
  return (
    <>
      <AmountField
        quantity
        control={control}
        name="quantity"
        label={t('form.quantity')}
        description={t('form.minimumHint', { amount: formatPaise(MIN_TRADE_PAISE) })}
        disabled={!order.open}
        data-testid="order-quantity"
      />
      {order.side === 'buy' && <DealBuyAmount order={order} />}
    </>
  );
}

function IpoBlocked({ shares, value }: { shares: number; value: bigint }) {
  const { t } = useTradingTranslation();
  return (
    <Stack gap={4} data-testid="trade-cost">
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {t('form.shares')}
        </Text>
        <Text size="sm" fw={500} data-testid="trade-shares">
          {formatCount(shares)}
        </Text>
      </Group>
      <Group justify="space-between">
        <Text size="sm" fw={700}>
          {t('form.blocked')}
        </Text>
        <Text size="sm" fw={700} data-testid="trade-total">
          {formatPaise(value)}
        </Text>
      </Group>
      <Text size="xs" c="dimmed" data-testid="trade-no-charges">
        {t('form.noCharges')}
      </Text>
    </Stack>
  );
}

/** An IPO bid's shares and the amount blocked; otherwise the itemised charges and total. */
export function DealCost({ offering, order }: { offering: TOffering; order: TDealOrder }) {
  const { t } = useTradingTranslation();
  const { n, value, charges, total, side, schedule } = order;
  if (offering.kind === 'ipo')
    return <IpoBlocked shares={(n ?? 0) * offering.lot_size} value={value} />;
  if (charges && total !== null)
    return (
      <ChargesTable
        charges={charges}
        testIdPrefix="trade"
        totalLabel={t('form.totalCharges')}
        before={[{ label: t('form.orderValue'), paise: Number(value), testId: 'trade-value' }]}
        after={[
          {
            label: t(side === 'buy' ? 'form.payable' : 'form.receive'),
            paise: Number(total),
            testId: 'trade-total',
            strong: true,
          },
        ]}
      />
    );
  if (schedule.isError)
    return (
      <Alert color="red" data-testid="trade-charges-failed">
        {t('form.chargesFailed')}
      </Alert>
    );
  return <Loader size="xs" />;
}
