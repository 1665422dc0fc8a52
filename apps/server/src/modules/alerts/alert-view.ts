/** An alert as the client app shows it, with the instrument's name and the fired message. */
import { AlertMessage, paiseNumber, type TAlertDirection, type TPriceAlert } from '@sampada/shared';
import type { Market } from '../market/service.ts';
import type { AlertRow } from './store.ts';

export function alertView(engine: Market['engine'], row: AlertRow): TPriceAlert {
  const fired = row.status === 'triggered' && row.triggeredPricePaise !== null;
  return {
    id: row.id,
    symbol: row.symbol,
    name: engine.instrument(row.symbol)?.name ?? row.symbol,
    direction: row.direction as TAlertDirection,
    price_paise: paiseNumber(row.pricePaise),
    status: row.status as TPriceAlert['status'],
    created_at: row.createdAt.toISOString(),
    triggered_at: row.triggeredAt?.toISOString() ?? null,
    triggered_price_paise:
      row.triggeredPricePaise === null ? null : paiseNumber(row.triggeredPricePaise),
    read_at: row.readAt?.toISOString() ?? null,
    message: fired
      ? AlertMessage.fired(
          row.symbol,
          row.direction as TAlertDirection,
          row.pricePaise,
          row.triggeredPricePaise!,
        )
      : null,
  };
}
