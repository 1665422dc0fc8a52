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
  /** Keys whose run is going now. */
  running: number;
  /** Keys with a run waiting to start (for a slot, or for their own run to finish). */
  waiting: number;
  /** Keys' runs started since the queue was made (a run of many counts each of its keys). */
  started: number;
  /** The most runs ever going at once (a run of many counts once). */
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
function heldBack<R>(
  batch: Batch<R>,
  now: number,
  gatherMs: number,
  maxDeferMs: number,
  busy: () => boolean,
) {
  if (!batch.background) return false;
  const age = now - batch.since;
  return age < gatherMs || (age < maxDeferMs && busy());
}

const QUEUE_STOPPED = 'The queue has stopped (the server is shutting down).';

type QueueOptions<R> = {
  concurrency: number;
  run: (key: string, notes: readonly string[]) => Promise<R>;
  /** Runs several keys at once: each key's result, by key (see above). */
  runMany?: (
    batches: readonly { key: string; notes: readonly string[] }[],
  ) => Promise<Map<string, R>>;
  /** The most keys one run of `runMany` takes. */
  manyMax?: number;
  onError?: (key: string, error: unknown) => void;
  /** True while the foreground needs the resources the runs use (see above). */
  busy?: () => boolean;
  maxDeferMs?: number;
  /**
   * How long a batch only background requests wait on gathers before it may start (decision
   * 034): the events of a client's burst share one run even on an idle server.
   */
  gatherMs?: number;
};

type Taken<R> = { key: string; batch: Batch<R> };

/**
 * Up to `most` of the ready keys whose batches may start, taken out of `ready` in order, and
 * whether any was held back. A run of many starts once one of its keys may, and the keys
 * still gathering or yielding go with it (decision 076): under a burst, runs of many every
 * gathering period instead of a run each time one key's period ends.
 */
function takeReady<R>(
  ready: string[],
  waiting: Map<string, Batch<R>>,
  most: number,
  deferred: (batch: Batch<R>) => boolean,
) {
  const taken: Taken<R>[] = [];
  const together = most > 1 && ready.some((key) => !deferred(waiting.get(key)!));
  let held = false;
  for (let at = 0; taken.length < most && at < ready.length;) {
    const key = ready[at]!;
    const batch = waiting.get(key)!;
    if (!together && deferred(batch)) {
      held = true;
      at++;
      continue;
    }
    ready.splice(at, 1);
    waiting.delete(key);
    taken.push({ key, batch });
  }
  return { taken, held: held || (together && ready.length > 0) };
}

/** A run of one key, and of several (redone key by key if it fails: see above). */
function runners<R>(options: QueueOptions<R>, stopped: () => boolean) {
  async function runOne({ key, batch }: Taken<R>) {
    try {
      batch.resolve(await options.run(key, batch.notes));
    } catch (error) {
      if (!stopped()) options.onError?.(key, error);
      batch.reject(error);
    }
  }
  async function runMany(taken: Taken<R>[]) {
    let results: Map<string, R> | null = null;
    try {
      results = await options.runMany!(
        taken.map(({ key, batch }) => ({ key, notes: batch.notes })),
      );
    } catch {
      // Redone one key at a time below: the failure is reported with the key it belongs to.
    }
    for (const one of taken) {
      if (results?.has(one.key)) one.batch.resolve(results.get(one.key)!);
      else if (stopped()) one.batch.reject(new Error(QUEUE_STOPPED));
      else await runOne(one);
    }
  }
  return (taken: Taken<R>[]) => (taken.length === 1 ? runOne(taken[0]!) : runMany(taken));
}

export function createCoalescingQueue<R>(options: QueueOptions<R>): CoalescingQueue<R> {
  const maxDeferMs = options.maxDeferMs ?? 2_000;
  const gatherMs = options.gatherMs ?? 0;
  let recheck: ReturnType<typeof setTimeout> | null = null;
  const waiting = new Map<string, Batch<R>>();
  const running = new Set<string>();
  /** Runs going: each holds one slot of `concurrency`, whatever its number of keys. */
  let runsGoing = 0;
  const manyMax = options.runMany ? (options.manyMax ?? 50) : 1;
  /** Keys with a waiting batch and no run going, oldest first. */
  const ready: string[] = [];
  let started = 0;
  let peak = 0;
  let stopped = false;

  /**
   * Whether a batch is held back, as of one moment: taking the next run looks at every waiting
   * key (two thousand at the open), so the clock and the foreground's load are read once for it.
   */
  function deferredNow() {
    const now = Date.now();
    let busy: boolean | undefined;
    const busyNow = () => (busy ??= options.busy?.() ?? false);
    return (batch: Batch<R>) => heldBack(batch, now, gatherMs, maxDeferMs, busyNow);
  }

  const run = runners(options, () => stopped);

  function fill() {
    let held = false;
    while (runsGoing < options.concurrency) {
      const next = takeReady(ready, waiting, manyMax, deferredNow());
      held ||= next.held;
      if (next.taken.length === 0) break;
      for (const { key } of next.taken) running.add(key);
      runsGoing++;
      started += next.taken.length;
      peak = Math.max(peak, runsGoing);
      void run(next.taken).finally(() => {
        runsGoing--;
        for (const { key } of next.taken) {
          running.delete(key);
          if (waiting.has(key)) ready.push(key);
        }
        fill();
      });
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
