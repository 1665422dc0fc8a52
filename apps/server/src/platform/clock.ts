/** Time comes from here, so expiries, rate windows and market hours can be tested. */
export type Clock = { now(): Date };

export const systemClock: Clock = { now: () => new Date() };

/** A clock tests move by hand. */
export function manualClock(start = new Date('2026-11-20T04:00:00Z')) {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    set: (date: Date) => {
      current = date.getTime();
    },
    advance: (ms: number) => {
      current += ms;
    },
  };
}

export const addMs = (date: Date, ms: number) => new Date(date.getTime() + ms);
export const MINUTE = 60_000;

/**
 * Runs `work` with `clock` reading `at` onwards (time still passes from there), then puts it
 * back. Only for building a past that the real services record with its own dates (the demo
 * client's history): every service reads this one clock, so postings, fills, contract notes
 * and audit rows all carry the past date. Call it only before the server serves requests.
 */
export async function withClockAt<T>(clock: Clock, at: Date, work: () => Promise<T>): Promise<T> {
  const original = clock.now;
  const offset = at.getTime() - original.call(clock).getTime();
  clock.now = () => new Date(original.call(clock).getTime() + offset);
  try {
    return await work();
  } finally {
    clock.now = original;
  }
}
