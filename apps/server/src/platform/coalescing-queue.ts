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
  request(key: string, note: string): Promise<R>;
  stats(): QueueStats;
};

type Batch<R> = {
  /** The distinct notes of the requests it answers, in the order they arrived. */
  notes: string[];
  promise: Promise<R>;
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
  return { notes: [], promise, resolve, reject };
}

export function createCoalescingQueue<R>(options: {
  concurrency: number;
  run: (key: string, notes: readonly string[]) => Promise<R>;
  onError?: (key: string, error: unknown) => void;
}): CoalescingQueue<R> {
  const waiting = new Map<string, Batch<R>>();
  const running = new Set<string>();
  /** Keys with a waiting batch and no run going, oldest first. */
  const ready: string[] = [];
  let started = 0;
  let peak = 0;

  function fill() {
    while (running.size < options.concurrency && ready.length) {
      const key = ready.shift()!;
      const batch = waiting.get(key)!;
      waiting.delete(key);
      running.add(key);
      started++;
      peak = Math.max(peak, running.size);
      void runBatch(key, batch);
    }
  }

  async function runBatch(key: string, batch: Batch<R>) {
    try {
      batch.resolve(await options.run(key, batch.notes));
    } catch (error) {
      options.onError?.(key, error);
      batch.reject(error);
    } finally {
      running.delete(key);
      if (waiting.has(key)) ready.push(key);
      fill();
    }
  }

  return {
    request(key, note) {
      let batch = waiting.get(key);
      if (!batch) {
        batch = newBatch<R>();
        waiting.set(key, batch);
        if (!running.has(key)) ready.push(key);
      }
      if (!batch.notes.includes(note)) batch.notes.push(note);
      fill();
      return batch.promise;
    },
    stats: () => ({ running: running.size, waiting: waiting.size, started, peak }),
  };
}
