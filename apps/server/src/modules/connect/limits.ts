/**
 * Per-app request limits (the exchanges' retail-algo rules and the wire's own): orders 10 a
 * second, 400 a minute and 5,000 a day; quotes 1 a second; historical candles 3 a second;
 * everything else 10 a second. Fixed windows counted in this process: each instance enforces
 * them on what it serves (decision 030 says why that is enough behind one balancer pin).
 */
export type LimitKind = 'orders' | 'quotes' | 'historical' | 'other';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const DAY = 24 * 60 * MINUTE;

export const LIMITS: Record<LimitKind, Array<{ max: number; windowMs: number }>> = {
  orders: [
    { max: 10, windowMs: SECOND },
    { max: 400, windowMs: MINUTE },
    { max: 5000, windowMs: DAY },
  ],
  quotes: [{ max: 1, windowMs: SECOND }],
  historical: [{ max: 3, windowMs: SECOND }],
  other: [{ max: 10, windowMs: SECOND }],
};

/**
 * Counts a request of `kind` by `appId` at `nowMs`; false when any window is full (the request
 * is then not counted). Windows start on multiples of their length (UTC days, for the day).
 */
export function createLimiter(limits = LIMITS) {
  const counts = new Map<string, { window: number; n: number }>();
  let sweptAt = 0;
  return function allow(appId: string, kind: LimitKind, nowMs: number): boolean {
    // Old windows are dropped now and then, so the map holds only the live ones.
    if (nowMs - sweptAt > MINUTE) {
      sweptAt = nowMs;
      for (const [key, entry] of counts) {
        const length = Number(key.split('|')[2]);
        if (entry.window !== Math.floor(nowMs / length)) counts.delete(key);
      }
    }
    const entries = limits[kind].map((l) => {
      const key = `${appId}|${kind}|${l.windowMs}`;
      const window = Math.floor(nowMs / l.windowMs);
      const current = counts.get(key);
      const entry = current && current.window === window ? current : { window, n: 0 };
      return { key, entry, max: l.max };
    });
    if (entries.some((e) => e.entry.n >= e.max)) return false;
    for (const e of entries) {
      e.entry.n += 1;
      counts.set(e.key, e.entry);
    }
    return true;
  };
}
