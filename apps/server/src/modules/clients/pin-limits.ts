/** How many wrong PINs lock PIN actions, for how long, and how long a trading window stays open. */
import { MINUTE } from '../../platform/clock.ts';

export const PIN_MAX_FAILURES = 5;
export const PIN_LOCK_MS = 30 * MINUTE;
/** How long one full PIN check lets a session's orders check their PIN cheaply. */
export const PIN_WINDOW_MS = 15 * MINUTE;
