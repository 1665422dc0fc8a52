/**
 * Paise back to the rupee text the API's price fields take ('1234.50'): the shared schemas
 * parse a typed price to paise exactly, and the request carries it as text again.
 */
export function paiseToRupeeText(paise: bigint | number): string {
  const value = BigInt(paise);
  return `${value / 100n}.${(value % 100n).toString().padStart(2, '0')}`;
}

/** Whole shares with Indian grouping. */
export const formatShares = (quantity: number) => quantity.toLocaleString('en-IN');

/** '2.35×': lots applied over lots offered. */
export const formatSubscription = (times: number) => `${times.toFixed(2)}×`;
