import { formatTwoDecimals } from '@sampada/shared';

/** '2.35×': lots applied over lots offered. */
export const formatSubscription = (times: number) => `${formatTwoDecimals(times)}×`;
