import { formatTwoDecimals } from '@sampada/shared';

/** Whole shares with Indian grouping. */
export const formatShares = (quantity: number) => quantity.toLocaleString('en-IN');

/** '2.35×': lots applied over lots offered. */
export const formatSubscription = (times: number) => `${formatTwoDecimals(times)}×`;
