import { formatTwoDecimals, formatCount } from '@sampada/shared';

/** Whole shares with Indian grouping. */
export const formatShares = formatCount;

/** '2.35×': lots applied over lots offered. */
export const formatSubscription = (times: number) => `${formatTwoDecimals(times)}×`;
