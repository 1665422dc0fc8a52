import { formatPaise, type TOrder } from '@sampada/shared';

/** Quantity × price of an order, exactly (paise as bigint); null without a price. */
export const orderValue = (order: Pick<TOrder, 'quantity' | 'price_paise'>) =>
  order.price_paise === null ? null : BigInt(order.quantity) * BigInt(order.price_paise);

export const formatOrderValue = (order: Pick<TOrder, 'quantity' | 'price_paise'>) => {
  const value = orderValue(order);
  return value === null ? '—' : formatPaise(value);
};
