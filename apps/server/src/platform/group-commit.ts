/**
 * Group commit (decision 069): requests that would each run one short transaction of the same
 * shape wait while earlier batches hold the connections allowed them, and then run together
 * in one transaction of multi-row statements — as PostgreSQL groups the flushes of concurrent
 * commits. There is no gathering delay: a request that finds a slot free starts at once, alone,
 * so an idle server answers as fast as before and a busy one spends its round trips once per
 * batch instead of once per request. Each request still answers only after its own commit.
 *
 * A batch holds one pool connection; the requests waiting hold none. Items of different groups
 * (another actor) never share a batch, nor do two items that name the same thing (`keys`): the
 * second waits for the next batch. When `run` throws, nothing of the batch committed, and every
 * item's promise rejects with that error: the caller runs each alone, the way that gives every
 * request its own answer (a duplicate UTR's refusal stays the one request's).
 */
export type GroupCommit<I, O> = {
  submit(item: I): Promise<O>;
  /** Batches started and items served so far (the bench reports items a batch). */
  stats(): { batches: number; items: number };
};

/**
 * How long after a group commit last had requests waiting for each other the foreground still
 * counts as busy (decision 083): a burst's next request arrives within milliseconds.
 */
const GATHERING_WINDOW_MS = 500;
let lastGathered = -Infinity;

/**
 * True while requests are arriving faster than their batches commit (a batch of several, or
 * requests left waiting behind one), in any group commit of this process: background
 * computations yield then (decision 083), as they do to a busy pool or event loop — the
 * database's CPU a computation would take is what the waiting requests need.
 */
export const groupCommitGathering = () => performance.now() - lastGathered < GATHERING_WINDOW_MS;

type Waiting<I, O> = { item: I; resolve: (out: O) => void; reject: (error: unknown) => void };

export function groupCommit<I, O>(options: {
  /** Items whose group differs never share a batch (the audit row's actor is one a batch). */
  groupOf: (item: I) => string;
  /** What an item names; two items naming the same thing go in different batches. */
  keys: (item: I) => readonly string[];
  /** Batches running at once: each holds one connection. */
  concurrency: number;
  /** The most items a batch takes. */
  max: number;
  /** Runs one batch in its own transaction; answers one outcome an item, in order. */
  run: (items: I[]) => Promise<O[]>;
}): GroupCommit<I, O> {
  const queue: Waiting<I, O>[] = [];
  let running = 0;
  let batches = 0;
  let items = 0;

  /** The oldest waiting item's group, and every later item of it that names nothing taken. */
  function nextBatch(): Waiting<I, O>[] {
    const group = options.groupOf(queue[0]!.item);
    const taken = new Set<string>();
    const batch: Waiting<I, O>[] = [];
    for (let n = 0; n < queue.length && batch.length < options.max;) {
      const waiting = queue[n]!;
      const keys = options.keys(waiting.item);
      if (options.groupOf(waiting.item) !== group || keys.some((key) => taken.has(key))) {
        n++;
        continue;
      }
      for (const key of keys) taken.add(key);
      batch.push(waiting);
      queue.splice(n, 1);
    }
    return batch;
  }

  function pump() {
    while (running < options.concurrency && queue.length > 0) {
      const batch = nextBatch();
      if (batch.length > 1 || queue.length > 0) lastGathered = performance.now();
      running++;
      batches++;
      items += batch.length;
      options
        .run(batch.map((w) => w.item))
        .then(
          (outs) => batch.forEach((w, n) => w.resolve(outs[n]!)),
          (error: unknown) => batch.forEach((w) => w.reject(error)),
        )
        .finally(() => {
          running--;
          pump();
        });
    }
  }

  return {
    submit: (item) =>
      new Promise<O>((resolve, reject) => {
        queue.push({ item, resolve, reject });
        pump();
      }),
    stats: () => ({ batches, items }),
  };
}
