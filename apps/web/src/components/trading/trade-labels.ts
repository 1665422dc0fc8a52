import {
  CHARGE_LABELS,
  ORDER_STATUS_LABELS,
  ORDER_TYPE_LABELS,
  type TOrderSide,
  type TOrderStatus,
  type TOrderType,
} from '@sampada/shared';
import { registerTranslations, t } from '../../lib/i18n';

/*
 * The trading vocabulary of @sampada/shared as i18n strings (en-US is the shared wording), so
 * the drawers, the portfolio and the contract note say the same thing in every language.
 */
export const tradeLabelsEnUS = {
  status: ORDER_STATUS_LABELS,
  type: ORDER_TYPE_LABELS,
  charge: CHARGE_LABELS,
  side: { buy: 'Buy', sell: 'Sell' },
};
declare module '../../lib/i18n' {
  interface TNamespaces {
    'trade-labels': typeof tradeLabelsEnUS;
  }
}
registerTranslations('trade-labels', {
  'en-US': tradeLabelsEnUS,
  'hi-IN': () => import('./trade-labels.hi-IN'),
});

export type TChargeKey = keyof typeof CHARGE_LABELS;
export const CHARGE_KEYS = Object.keys(CHARGE_LABELS) as TChargeKey[];

export const orderStatusLabel = (status: TOrderStatus) => t(`trade-labels:status.${status}`);
export const orderTypeLabel = (type: TOrderType) => t(`trade-labels:type.${type}`);
export const chargeLabel = (key: TChargeKey) => t(`trade-labels:charge.${key}`);
export const sideLabel = (side: TOrderSide) => t(`trade-labels:side.${side}`);
