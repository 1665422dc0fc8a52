/** Pure rules of a nomination: who is a minor on a given IST day. */
import { NOMINEE_MSG } from '@sampada/shared';

export const AGE_OF_MAJORITY = 18;

/** Whole years from `dob` to `today` (both YYYY-MM-DD). */
export function ageOn(dob: string, today: string): number {
  const [by, bm, bd] = dob.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
}

/** The first problem with the nominees' ages and guardians, or null. */
export function guardianProblem(
  list: ReadonlyArray<{ name: string; dob: string; guardian: unknown }>,
  today: string,
): string | null {
  for (const nominee of list) {
    if (nominee.dob > today) return NOMINEE_MSG.dobInvalid;
    if (ageOn(nominee.dob, today) < AGE_OF_MAJORITY && !nominee.guardian)
      return NOMINEE_MSG.guardianNeeded(nominee.name);
  }
  return null;
}
