/**
 * Index levels from constituents: the base level scaled by the weighted price relatives,
 * which is what a free-float market-cap index does between rebalances.
 */
export type Constituent = { symbol: string; weight: number; basePricePaise: number };

export function indexLevel(
  baseValuePaise: number,
  constituents: readonly Constituent[],
  priceOf: (symbol: string) => number | undefined,
): number {
  let relative = 0;
  let weights = 0;
  for (const c of constituents) {
    const price = priceOf(c.symbol);
    if (price === undefined || c.basePricePaise <= 0) continue;
    relative += c.weight * (price / c.basePricePaise);
    weights += c.weight;
  }
  // A missing constituent must not drag the index towards zero: renormalise the weights.
  return weights > 0 ? Math.round((baseValuePaise * relative) / weights) : baseValuePaise;
}
