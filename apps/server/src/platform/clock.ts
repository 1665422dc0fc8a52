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
