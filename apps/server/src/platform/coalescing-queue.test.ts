/**
 * The coalescing queue on its own, with runs the test finishes by hand: a lone request starts
 * at once, requests before a run starts share it, a request during a run gets exactly one
 * more, no more than `concurrency` keys run at once, and a failure stays with its waiters.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createCoalescingQueue } from './coalescing-queue.ts';

/** A queue whose runs wait until the test finishes them; it records every run. */
function manualQueue(
  concurrency: number,
  foreground: { busy?: () => boolean; maxDeferMs?: number } = {},
) {
  const runs: {
    key: string;
    notes: readonly string[];
    finish: (value?: string) => void;
    fail: (error: Error) => void;
  }[] = [];
  const errors: string[] = [];
  let going = 0;
  let most = 0;
  const queue = createCoalescingQueue<string>({
    concurrency,
    run: (key, notes) =>
      new Promise<string>((resolve, reject) => {
        going++;
        most = Math.max(most, going);
        const done = () => going--;
        runs.push({
          key,
          notes,
          finish: (value = `${key}#${runs.length}`) => (done(), resolve(value)),
          fail: (error) => (done(), reject(error)),
        });
      }),
    onError: (key, error) => errors.push(`${key}: ${(error as Error).message}`),
    ...foreground,
  });
  const runsOf = (key: string) => runs.filter((r) => r.key === key);
  return { queue, runs, runsOf, errors, most: () => most };
}

const settle = () => new Promise((r) => setTimeout(r, 0));

describe('a coalescing queue', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('a lone request starts its run at once, with no gathering delay', () => {
    const { queue, runs } = manualQueue(2);
    void queue.request('a', 'Deposit confirmed');
    expect(runs).toHaveLength(1);
    expect(queue.stats()).toMatchObject({ running: 1, waiting: 0, started: 1 });
  });

  it('fifty requests during a run make exactly one more run, which answers them all', async () => {
    const { queue, runs, runsOf } = manualQueue(2);
    const first = queue.request('a', 'Order placed');
    const during = Array.from({ length: 50 }, (_, i) =>
      queue.request('a', i % 2 ? 'Deposit confirmed' : 'Order filled'),
    );
    expect(runsOf('a')).toHaveLength(1);
    expect(queue.stats()).toMatchObject({ running: 1, waiting: 1 });
    runs[0]!.finish('first');
    expect(await first).toBe('first');
    await settle();
    expect(runsOf('a')).toHaveLength(2);
    expect(runs[1]!.notes).toEqual(['Order filled', 'Deposit confirmed']);
    runs[1]!.finish('second');
    expect(new Set(await Promise.all(during))).toEqual(new Set(['second']));
    await settle();
    expect(runsOf('a')).toHaveLength(2);
    expect(queue.stats()).toMatchObject({ running: 0, waiting: 0, started: 2 });
  });

  it('a request after the follow-up started gets another run, never a share of a started one', async () => {
    const { queue, runs, runsOf } = manualQueue(1);
    void queue.request('a', 'one');
    const second = queue.request('a', 'two');
    runs[0]!.finish();
    await settle();
    const third = queue.request('a', 'three');
    expect(third).not.toBe(second);
    runs[1]!.finish('second');
    await settle();
    expect(runsOf('a')).toHaveLength(3);
    runs[2]!.finish('third');
    expect([await second, await third]).toEqual(['second', 'third']);
  });

  it('requests for many keys never run more than the concurrency at once, and all run', async () => {
    const { queue, runs, most } = manualQueue(2);
    const keys = Array.from({ length: 10 }, (_, i) => `client-${i}`);
    const all = keys.map((k) => queue.request(k, 'Deposit confirmed'));
    expect(runs).toHaveLength(2);
    expect(queue.stats()).toMatchObject({ running: 2, waiting: 8 });
    for (let i = 0; i < keys.length; i++) {
      runs[i]!.finish();
      await settle();
    }
    await Promise.all(all);
    expect(runs.map((r) => r.key)).toEqual(keys); // in the order they asked
    expect(most()).toBe(2);
    expect(queue.stats()).toMatchObject({ running: 0, waiting: 0, started: 10, peak: 2 });
  });

  it('a key that asks again while running waits behind the keys already waiting', async () => {
    const { queue, runs } = manualQueue(1);
    void queue.request('busy', 'x');
    void queue.request('b', 'x');
    void queue.request('busy', 'y');
    runs[0]!.finish();
    await settle();
    expect(runs.map((r) => r.key)).toEqual(['busy', 'b']);
    runs[1]!.finish();
    await settle();
    expect(runs.map((r) => r.key)).toEqual(['busy', 'b', 'busy']);
  });

  it('a failed run rejects only its own waiters, is reported once, and the queue goes on', async () => {
    const { queue, runs, errors } = manualQueue(1);
    const failing = [queue.request('a', 'x'), queue.request('b', 'x'), queue.request('b', 'y')];
    runs[0]!.fail(new Error('Client not found.'));
    await expect(failing[0]).rejects.toThrow('Client not found.');
    await settle();
    runs[1]!.finish('b ok');
    expect(await Promise.all(failing.slice(1))).toEqual(['b ok', 'b ok']);
    expect(errors).toEqual(['a: Client not found.']);
    const again = queue.request('a', 'z');
    runs[2]!.finish('a ok');
    expect(await again).toBe('a ok');
  });

  it('background requests wait while the foreground is busy, and start once it is not', async () => {
    vi.useFakeTimers();
    let busy = true;
    const { queue, runs } = manualQueue(2, { busy: () => busy, maxDeferMs: 10_000 });
    void queue.request('a', 'Deposit confirmed', { background: true });
    void queue.request('b', 'Deposit confirmed', { background: true });
    // The clock is the test's: several rechecks pass and none starts a run while busy.
    await vi.advanceTimersByTimeAsync(1_000);
    expect(runs).toHaveLength(0);
    // Events meanwhile join the waiting batch rather than making runs of their own.
    void queue.request('a', 'Order filled', { background: true });
    busy = false;
    await vi.advanceTimersByTimeAsync(20);
    expect(runs.map((r) => [r.key, r.notes])).toEqual([
      ['a', ['Deposit confirmed', 'Order filled']],
      ['b', ['Deposit confirmed']],
    ]);
  });

  it('a request someone awaits is never held back, even while the foreground is busy', () => {
    const { queue, runs } = manualQueue(2, { busy: () => true, maxDeferMs: 10_000 });
    void queue.request('a', 'Deposit confirmed', { background: true });
    expect(runs).toHaveLength(0);
    // A staff adjustment awaits its computation: it joins the waiting batch and starts it now.
    void queue.request('a', 'Staff adjustment +5: good conduct');
    expect(runs.map((r) => r.key)).toEqual(['a']);
  });

  it('a background request is held back at most maxDeferMs, then runs though the foreground stays busy', async () => {
    vi.useFakeTimers();
    const { queue, runs } = manualQueue(2, { busy: () => true, maxDeferMs: 50 });
    void queue.request('a', 'Deposit confirmed', { background: true });
    expect(runs).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(40);
    expect(runs).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(20);
    expect(runs.map((r) => r.key)).toEqual(['a']);
  });

  it('stopping drops the runs not started and does not report the one it cuts off', async () => {
    const { queue, runs, errors } = manualQueue(1);
    const going = queue.request('a', 'Deposit confirmed');
    const waitingRun = queue.request('b', 'Deposit confirmed');
    queue.stop();
    await expect(waitingRun).rejects.toThrow('stopped');
    await expect(queue.request('c', 'Order filled')).rejects.toThrow('stopped');
    runs[0]!.fail(new Error('Connection terminated'));
    await expect(going).rejects.toThrow('Connection terminated');
    expect(runs.map((r) => r.key)).toEqual(['a']);
    expect(errors).toEqual([]);
    expect(queue.stats()).toMatchObject({ running: 0, waiting: 0 });
  });
});

describe('a coalescing queue that runs many keys at once', () => {
  // Server test files share a worker (isolate: false): fake timers left behind would stop every
  // timer of the files after this one.
  afterEach(() => {
    vi.useRealTimers();
  });

  /** Runs of many the test finishes by hand; single-key runs answer at once. */
  function manyQueue(manyMax: number) {
    const many: {
      keys: string[];
      notes: (readonly string[])[];
      finish: (results: Map<string, string>) => void;
      fail: (error: Error) => void;
    }[] = [];
    const alone: string[] = [];
    const errors: string[] = [];
    const queue = createCoalescingQueue<string>({
      concurrency: 1,
      run: async (key) => {
        alone.push(key);
        if (key === 'bad') throw new Error('no such client');
        return `${key} alone`;
      },
      runMany: (batches) =>
        new Promise((resolve, reject) => {
          many.push({
            keys: batches.map((b) => b.key),
            notes: batches.map((b) => b.notes),
            finish: resolve,
            fail: reject,
          });
        }),
      manyMax,
      onError: (key, error) => errors.push(`${key}: ${(error as Error).message}`),
    });
    return { queue, many, alone, errors };
  }

  it('the keys waiting when the slot frees up start together, at most manyMax of them', async () => {
    const { queue, many, alone } = manyQueue(3);
    const first = queue.request('a', 'one');
    expect(alone).toEqual(['a']);
    const later = ['b', 'c', 'd', 'e'].map((key) => queue.request(key, `${key} note`));
    await first;
    await settle();
    expect(many.map((m) => m.keys)).toEqual([['b', 'c', 'd']]);
    expect(many[0]!.notes).toEqual([['b note'], ['c note'], ['d note']]);
    expect(queue.stats()).toMatchObject({ running: 3, waiting: 1, peak: 1 });
    many[0]!.finish(new Map(['b', 'c', 'd'].map((k) => [k, `${k} together`])));
    await settle();
    expect(alone).toEqual(['a', 'e']);
    expect(await Promise.all(later)).toEqual(['b together', 'c together', 'd together', 'e alone']);
    expect(queue.stats()).toMatchObject({ running: 0, waiting: 0, started: 5, peak: 1 });
  });

  it('a key the run of many left out, or a run of many that failed, is redone alone', async () => {
    const { queue, many, alone, errors } = manyQueue(10);
    const first = queue.request('a', 'one');
    const [b, bad, c] = ['b', 'bad', 'c'].map((key) => queue.request(key, 'note'));
    await first;
    await settle();
    // 'bad' is absent from the answer (as a client that does not exist is): run alone, it fails.
    many[0]!.finish(
      new Map([
        ['b', 'b together'],
        ['c', 'c together'],
      ]),
    );
    expect(await b).toBe('b together');
    expect(await c).toBe('c together');
    await expect(bad).rejects.toThrow('no such client');
    expect(errors).toEqual(['bad: no such client']);
    const x = queue.request('x', 'note');
    const [d, e] = ['d', 'e'].map((key) => queue.request(key, 'note'));
    await x;
    await settle();
    many[1]!.fail(new Error('deadlock detected'));
    expect(await Promise.all([d, e])).toEqual(['d alone', 'e alone']);
    expect(alone).toEqual(['a', 'bad', 'x', 'd', 'e']);
    expect(errors).toEqual(['bad: no such client']);
  });

  it('under a burst, the keys still gathering go with the first whose gathering ended', async () => {
    vi.useFakeTimers();
    const many: string[][] = [];
    const queue = createCoalescingQueue<string>({
      concurrency: 1,
      gatherMs: 250,
      run: async (key) => `${key} alone`,
      runMany: async (batches) => {
        many.push(batches.map((b) => b.key));
        return new Map(batches.map((b) => [b.key, `${b.key} together`]));
      },
      manyMax: 10,
    });
    const a = queue.request('a', 'note', { background: true });
    await vi.advanceTimersByTimeAsync(200);
    const bc = ['b', 'c'].map((key) => queue.request(key, 'note', { background: true }));
    expect(many).toEqual([]);
    await vi.advanceTimersByTimeAsync(70);
    expect(many).toEqual([['a', 'b', 'c']]);
    expect(await Promise.all([a, ...bc])).toEqual(['a together', 'b together', 'c together']);
  });
});
