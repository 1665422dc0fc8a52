/**
 * A background projection's work queue (decision 019, addendum): runs of one key never
 * overlap, requests for a key whose run has not started yet join that run, and at most
 * `concurrency` keys run at once. Under a burst the projection lags behind instead of doing
 * one run per request; when idle a request starts its run at once (no gathering delay).
 *
 * Every request is answered by a run that starts after it: a request made while its key's
 * run is going queues exactly one more run (later requests join that one), because the run
 * going may have read its inputs before the request's change. Keys whose runs are waiting
 * take free slots in the order they first asked, and a key that asks again while running
 * goes to the back, so one busy key cannot starve the others.
 *
 * A background request yields to the foreground: while `busy()` says the server's own
 * requests need the database (decision 019, addendum 2), a batch that only background
 * requests wait on does not start, for at most `maxDeferMs` after it was first asked for, so
 * that more events join it and money requests keep the connections; past that it starts
 * anyway (a projection late by seconds, never starved). A request someone awaits in answer to
 * a person (`background: false`, the default) is never deferred, nor is its batch.
 */
export type QueueStats = {
  /** Runs going now. */
  running: number;
  /** Keys with a run waiting to start (for a slot, or for their own run to finish). */
  waiting: number;
  /** Runs started since the queue was made. */
  started: number;
  /** The most runs ever going at once. */
  peak: number;
};

export type CoalescingQueue<R> = {
  /** A run of `key` that starts after this call, and `note` (why) among its notes. */
  request(key: string, note: string, options?: { background?: boolean }): Promise<R>;
  stats(): QueueStats;
  /**
   * Stops for good (the server shutting down): runs not started are dropped, their requests
   * rejected, and a run the shutdown cuts off is not reported; the projection's durable marks
   * (engagement_due) are what the next start computes.
   */
  stop(): void;
};

type Batch<R> = {
  /** The distinct notes of the requests it answers, in the order they arrived. */
  notes: string[];
  promise: Promise<R>;
  /** True while only background requests wait on it. */
  background: boolean;
  /** When it was first asked for (ms), for the longest it may be deferred. */
  since: number;
  resolve: (result: R) => void;
  reject: (error: unknown) => void;
};

function newBatch<R>(): Batch<R> {
  let resolve!: (result: R) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<R>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  // The requesters handle the failure (or not: a background request ignores it); the queue
  // reports it once through onError, so an unawaited batch must not crash the process.
  promise.catch(() => {});
  return { notes: [], promise, background: true, since: Date.now(), resolve, reject };
}

/** A batch only background requests wait on, still gathering or yielding to the foreground. */
function heldBack<R>(batch: Batch<R>, gatherMs: number, maxDeferMs: number, busy?: () => boolean) {
  if (!batch.background) return false;
  const age = Date.now() - batch.since;
  return age < gatherMs || (age < maxDeferMs && (busy?.() ?? false));
}

const QUEUE_STOPPED = 'The queue has stopped (the server is shutting down).';

export function createCoalescingQueue<R>(options: {
  concurrency: number;
  run: (key: string, notes: readonly string[]) => Promise<R>;
  onError?: (key: string, error: unknown) => void;
  /** True while the foreground needs the resources the runs use (see above). */
  busy?: () => boolean;
  maxDeferMs?: number;
  /**
   * How long a batch only background requests wait on gathers before it may start (decision
   * 034): the events of a client's burst share one run even on an idle server.
   */
  gatherMs?: number;
}): CoalescingQueue<R> {
  const maxDeferMs = options.maxDeferMs ?? 2_000;
  const gatherMs = options.gatherMs ?? 0;
  let recheck: ReturnType<typeof setTimeout> | null = null;
  const waiting = new Map<string, Batch<R>>();
  const running = new Set<string>();
  /** Keys with a waiting batch and no run going, oldest first. */
  const ready: string[] = [];
  let started = 0;
  let peak = 0;
  let stopped = false;

  const deferred = (batch: Batch<R>) => heldBack(batch, gatherMs, maxDeferMs, options.busy);

  function fill() {
    let held = false;
    for (let at = 0; running.size < options.concurrency && at < ready.length;) {
      const key = ready[at]!;
      const batch = waiting.get(key)!;
      if (deferred(batch)) {
        held = true;
        at++;
        continue;
      }
      ready.splice(at, 1);
      waiting.delete(key);
      running.add(key);
      started++;
      peak = Math.max(peak, running.size);
      void runBatch(key, batch);
    }
    // Held back for the foreground: look again shortly (the timer keeps no process alive).
    if (held && !recheck) {
      recheck = setTimeout(() => {
        recheck = null;
        fill();
      }, 20);
      recheck.unref?.();
    }
  }

  async function runBatch(key: string, batch: Batch<R>) {
    try {
      batch.resolve(await options.run(key, batch.notes));
    } catch (error) {
      if (!stopped) options.onError?.(key, error);
      batch.reject(error);
    } finally {
      running.delete(key);
      if (waiting.has(key)) ready.push(key);
      fill();
    }
  }

  return {
    request(key, note, { background = false } = {}) {
      if (stopped) return Promise.reject(new Error(QUEUE_STOPPED));
      let batch = waiting.get(key);
      if (!batch) {
        batch = newBatch<R>();
        waiting.set(key, batch);
        if (!running.has(key)) ready.push(key);
      }
      if (!background) batch.background = false;
      if (!batch.notes.includes(note)) batch.notes.push(note);
      fill();
      return batch.promise;
    },
    stats: () => ({ running: running.size, waiting: waiting.size, started, peak }),
    stop() {
      stopped = true;
      for (const batch of waiting.values()) batch.reject(new Error(QUEUE_STOPPED));
      waiting.clear();
      ready.length = 0;
    },
  };
}
