/**
 * A statement period by name: a month (`2026-11`) or a calendar quarter (`2026-Q4`), as IST
 * calendar days, both ends included. Monthly statements go to every client with activity; the
 * quarterly one is the statement of accounts that running-account settlement requires.
 */
export type StatementPeriod = { name: string; kind: 'month' | 'quarter'; from: string; to: string };

const lastDayOf = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate(); // month is 1-based: day 0 of the next

const day = (year: number, month: number, date: number) =>
  `${year}-${String(month).padStart(2, '0')}-${String(date).padStart(2, '0')}`;

export function parsePeriod(name: string): StatementPeriod | null {
  const month = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(name);
  if (month) {
    const [y, m] = [Number(month[1]), Number(month[2])];
    return { name, kind: 'month', from: day(y, m, 1), to: day(y, m, lastDayOf(y, m)) };
  }
  const quarter = /^(\d{4})-Q([1-4])$/.exec(name);
  if (quarter) {
    const [y, q] = [Number(quarter[1]), Number(quarter[2])];
    const first = (q - 1) * 3 + 1;
    return {
      name,
      kind: 'quarter',
      from: day(y, first, 1),
      to: day(y, first + 2, lastDayOf(y, first + 2)),
    };
  }
  return null;
}

/** The month before the IST day `today` (YYYY-MM-DD): the one a job sends on the 1st. */
export function previousMonth(today: string): string {
  const [y, m] = [Number(today.slice(0, 4)), Number(today.slice(5, 7))];
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
}

/** The quarter before the IST day `today`. */
export function previousQuarter(today: string): string {
  const [y, m] = [Number(today.slice(0, 4)), Number(today.slice(5, 7))];
  const q = Math.floor((m - 1) / 3) + 1;
  return q === 1 ? `${y - 1}-Q4` : `${y}-Q${q - 1}`;
}
