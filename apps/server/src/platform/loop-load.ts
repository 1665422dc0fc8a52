/**
 * How busy this process's event loop has been lately: its utilisation (the share of time it
 * spent running code rather than waiting for I/O) over the last sampling window, read by
 * background work that should yield to requests (decision 072). One sampler for the process,
 * started on first use and never keeping the process alive.
 */
import { performance } from 'node:perf_hooks';

const WINDOW_MS = 250;
/** Above this share the loop has no room to spare: requests are queueing behind each other. */
const BUSY_ABOVE = 0.85;

let utilisation = 0;
let sampler: NodeJS.Timeout | null = null;

function startSampling() {
  let previous = performance.eventLoopUtilization();
  sampler = setInterval(() => {
    const now = performance.eventLoopUtilization();
    utilisation = performance.eventLoopUtilization(now, previous).utilization;
    previous = now;
  }, WINDOW_MS);
  sampler.unref();
}

/** The loop's utilisation over the last window (0–1); 0 until the first window has passed. */
export function loopUtilisation(): number {
  if (!sampler) startSampling();
  return utilisation;
}

/** True while the loop ran more than 85% of the last window. */
export const loopBusy = () => loopUtilisation() > BUSY_ABOVE;
