import { MARKET_BUY_BUFFER_PCT } from '@sampada/shared';
import { Alert, Loader, Text } from '@mantine/core';
import { ChargesTable } from '../../../components/trading/charges-table';
import { useTradingTranslation } from '../i18n';
import type { ticketFigures } from './order-ticket-rules';

/** The itemised charges with the value before and the total (or what is received) after. */
export function OrderTicketCosts({
  figures: { type, side, value, charges, hold },
  chargesFailed,
}: {
  figures: ReturnType<typeof ticketFigures>;
  chargesFailed: boolean;
}) {
  const { t } = useTradingTranslation();
  const after =
    side === 'buy'
      ? [
          {
            label: t('ticket.estimatedTotal'),
            paise: Number(value + BigInt(charges?.total_paise ?? 0)),
            testId: 'trade-total',
          },
          {
            label: t('form.payable'),
            paise: Number(hold ?? 0n),
            testId: 'order-hold',
            strong: true,
          },
        ]
      : [
          {
            label: t('form.receive'),
            paise: Number(value - BigInt(charges?.total_paise ?? 0)),
            testId: 'trade-total',
            strong: true,
          },
        ];
  return (
    <>
      {charges ? (
        <ChargesTable
          charges={charges}
          testIdPrefix="trade"
          totalLabel={t('form.totalCharges')}
          before={[
            { label: t('ticket.estimatedValue'), paise: Number(value), testId: 'trade-value' },
          ]}
          after={after}
        />
      ) : chargesFailed ? (
        <Alert color="red" data-testid="trade-charges-failed">
          {t('form.chargesFailed')}
        </Alert>
      ) : (
        <Loader size="xs" />
      )}
      {side === 'buy' && (type === 'market' || type === 'sl_m') && (
        <Text size="xs" c="dimmed">
          {t('ticket.marketHold', { pct: MARKET_BUY_BUFFER_PCT })}
        </Text>
      )}
    </>
  );
}
