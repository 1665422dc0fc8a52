/**
 * A cashback bonus in integer paise: `bps` basis points of the brokerage the client paid,
 * rounded down to the paisa, then held to the cap. Down, because the firm promises "up to"
 * the rate: rounding up would hand out a paisa the rate does not cover on most claims, and
 * a budget sized as rate × expected brokerage would run out before its last claimant.
 * What is under one paisa is zero, and a zero bonus is refused by the claim (never posted).
 */
export function cashbackOf(brokeragePaise: bigint, bps: number, capPaise: bigint): bigint {
  if (brokeragePaise <= 0n) return 0n;
  // BigInt division truncates toward zero: for the positive product here, that is the floor.
  const back = (brokeragePaise * BigInt(bps)) / 10_000n;
  return back < capPaise ? back : capPaise;
}
