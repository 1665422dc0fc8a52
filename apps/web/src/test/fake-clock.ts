import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';

/**
 * Fake timers that Testing Library understands. Its async helpers (user-event, waitFor)
 * only advance fake timers they recognise as Jest's; without this shim they wait forever on
 * a faked setTimeout.
 */
export function useFakeClock() {
  vi.useFakeTimers();
  vi.stubGlobal('jest', { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) });
  return userEvent.setup({ advanceTimers: vi.advanceTimersByTime, applyAccept: false });
}

export function restoreClock() {
  vi.useRealTimers();
  vi.unstubAllGlobals();
}
