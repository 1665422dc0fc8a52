/** Pure rules of the 21-day timeline. */

/** The calendar date `days` after `day` (both YYYY-MM-DD; calendar days, as SEBI counts). */
export function dateAfter(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Open past its due date (the due date itself is still in time). */
export const isOverdue = (status: string, dueDate: string, today: string) =>
  status === 'open' && today > dueDate;

/** What a client quotes: GRV-000042. */
export const referenceOf = (number: number) => `GRV-${String(number).padStart(6, '0')}`;
