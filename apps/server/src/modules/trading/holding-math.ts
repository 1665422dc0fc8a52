/**
 * Holding arithmetic in paise: the average cost of what is held and the P&L a sell realises.
 * Cost is the trade value (charges are reported apart, as Indian contract notes do). A sell
 * takes out the held cost in proportion to the shares sold, rounded half up, so selling
 * everything takes out exactly the cost that was there.
 */
export type Position = { quantity: number; costPaise: bigint; realisedPaise: bigint };

export const EMPTY_POSITION: Position = { quantity: 0, costPaise: 0n, realisedPaise: 0n };

export function applyBuy(position: Position, quantity: number, valuePaise: bigint): Position {
  return {
    quantity: position.quantity + quantity,
    costPaise: position.costPaise + valuePaise,
    realisedPaise: position.realisedPaise,
  };
}

export function applySell(
  position: Position,
  quantity: number,
  valuePaise: bigint,
): Position & { costRemovedPaise: bigint; realisedNowPaise: bigint } {
  if (quantity > position.quantity) throw new Error('A sell cannot exceed the holding');
  const removed =
    quantity === position.quantity
      ? position.costPaise
      : (position.costPaise * BigInt(quantity) * 2n + BigInt(position.quantity)) /
        (BigInt(position.quantity) * 2n);
  const realisedNow = valuePaise - removed;
  return {
    quantity: position.quantity - quantity,
    costPaise: position.costPaise - removed,
    realisedPaise: position.realisedPaise + realisedNow,
    costRemovedPaise: removed,
    realisedNowPaise: realisedNow,
  };
}

/** Average cost per share, rounded half up; 0 for an empty position. */
export const averageCost = (position: Pick<Position, 'quantity' | 'costPaise'>): bigint =>
  position.quantity > 0
    ? (position.costPaise * 2n + BigInt(position.quantity)) / (BigInt(position.quantity) * 2n)
    : 0n;
