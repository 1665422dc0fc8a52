/**
 * VIP levels (issue 18): the level is the highest tier whose minimum the average of the last
 * 30 days' closing assets reaches. Days before the first snapshot count as nothing, and a day
 * without one carries the previous day's close, so a deposit held overnight and withdrawn
 * moves the average by a thirtieth of it, not to it.
 */
import { type TVipTier, VIP_AVERAGE_DAYS, asIstDay, istDayIndex } from '@sampada/shared';

export type Snapshot = { day: string; assetsPaise: bigint };

const dayNumber = (day: string) => istDayIndex(asIstDay(day));

/** The average closing assets over the `days` days ending on `today` (YYYY-MM-DD). */
export function averageAssets(
  snapshots: readonly Snapshot[],
  today: string,
  days = VIP_AVERAGE_DAYS,
): bigint {
  const end = dayNumber(today);
  const start = end - days + 1;
  const sorted = [...snapshots].sort((a, b) => a.day.localeCompare(b.day));
  let total = 0n;
  let carried = 0n;
  let next = 0;
  // Closes before the window set the carried value for its first day.
  while (next < sorted.length && dayNumber(sorted[next]!.day) < start)
    carried = sorted[next++]!.assetsPaise;
  for (let d = start; d <= end; d++) {
    while (next < sorted.length && dayNumber(sorted[next]!.day) === d)
      carried = sorted[next++]!.assetsPaise;
    // Negative assets (loans above everything else) count as none.
    total += carried > 0n ? carried : 0n;
  }
  return total / BigInt(days);
}

/** The tier an average reaches: the highest whose minimum it meets. */
export function tierFor(tiers: readonly TVipTier[], average: bigint): TVipTier {
  const sorted = [...tiers].sort((a, b) => a.level - b.level);
  let reached = sorted[0]!;
  for (const tier of sorted) if (average >= BigInt(tier.min_assets_paise)) reached = tier;
  return reached;
}

/** Total assets: cash + holdings at the feed's price (pledged included) − what loans owe. */
export const totalAssets = (parts: { cash: bigint; holdings: bigint; loans: bigint }) =>
  parts.cash + parts.holdings - parts.loans;
