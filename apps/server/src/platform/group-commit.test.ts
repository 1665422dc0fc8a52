/**
 * Group commit on its own, with batches the test finishes by hand: a request that finds a slot
 * free runs at once and alone, those that wait go together into the next batch, groups and
 * items naming the same thing never share one, and a failed batch fails each of its items.
 */
import { describe, expect, it, vi } from 'vitest';
import { groupCommit, groupCommitGathering } from './group-commit.ts';

type Item = { id: string; group?: string; names?: string };

/** A group commit whose batches wait until the test finishes them; it records every batch. */
function manual(concurrency: number, max = 100) {
  const batches: { ids: string[]; finish: () => void; fail: (error: Error) => void }[] = [];
  const commit = groupCommit<Item, string>({
    groupOf: (item) => item.group ?? 'one',
    keys: (item) => [item.names ?? item.id],
    concurrency,
    max,
    run: (items) =>
      new Promise<string[]>((resolve, reject) => {
        batches.push({
          ids: items.map((i) => i.id),
          finish: () => resolve(items.map((i) => `${i.id} in batch ${batches.length}`)),
          fail: reject,
        });
      }),
  });
  return { commit, batches };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('group commit', () => {
  it('runs a request at once and alone when a slot is free', async () => {
    const { commit, batches } = manual(2);
    const answer = commit.submit({ id: 'a' });
    expect(batches.map((b) => b.ids)).toEqual([['a']]);
    batches[0]!.finish();
    expect(await answer).toBe('a in batch 1');
  });

  it('puts the requests that waited for a slot into one batch, each answered its own outcome', async () => {
    const { commit, batches } = manual(1);
    const answers = ['a', 'b', 'c', 'd'].map((id) => commit.submit({ id }));
    expect(batches.map((b) => b.ids)).toEqual([['a']]);
    batches[0]!.finish();
    await settle();
    expect(batches.map((b) => b.ids)).toEqual([['a'], ['b', 'c', 'd']]);
    batches[1]!.finish();
    expect(await Promise.all(answers)).toEqual([
      'a in batch 1',
      'b in batch 2',
      'c in batch 2',
      'd in batch 2',
    ]);
    expect(commit.stats()).toEqual({ batches: 2, items: 4 });
  });

  it('never puts two groups, or two items naming the same thing, in one batch', async () => {
    const { commit, batches } = manual(1);
    void commit.submit({ id: 'first' });
    const waiting = [
      { id: 'a', group: 'one', names: 'deposit 1' },
      { id: 'b', group: 'two' },
      { id: 'c', group: 'one', names: 'deposit 1' },
      { id: 'd', group: 'one' },
    ].map((item) => commit.submit(item));
    for (let n = 0; n < 4; n++) {
      batches[n]!.finish();
      await settle();
    }
    expect(batches.map((b) => b.ids)).toEqual([['first'], ['a', 'd'], ['b'], ['c']]);
    await Promise.all(waiting);
  });

  it('takes at most `max` items a batch and keeps `concurrency` batches going', async () => {
    const { commit, batches } = manual(2, 2);
    const answers = ['a', 'b', 'c', 'd', 'e', 'f'].map((id) => commit.submit({ id }));
    expect(batches.map((b) => b.ids)).toEqual([['a'], ['b']]);
    batches[1]!.finish();
    await settle();
    expect(batches.map((b) => b.ids)).toEqual([['a'], ['b'], ['c', 'd']]);
    batches[0]!.finish();
    await settle();
    expect(batches.map((b) => b.ids)).toEqual([['a'], ['b'], ['c', 'd'], ['e', 'f']]);
    batches[2]!.finish();
    batches[3]!.finish();
    expect(await Promise.all(answers)).toHaveLength(6);
  });

  it('fails every item of a failed batch with its error, and goes on with the next', async () => {
    const { commit, batches } = manual(1);
    const first = commit.submit({ id: 'a' });
    const failed = ['b', 'c'].map((id) => commit.submit({ id }).catch((e: Error) => e.message));
    const later = commit.submit({ id: 'd', group: 'two' });
    batches[0]!.finish();
    await settle();
    batches[1]!.fail(new Error('unique violation'));
    expect(await Promise.all(failed)).toEqual(['unique violation', 'unique violation']);
    await settle();
    batches[2]!.finish();
    expect([await first, await later]).toEqual(['a in batch 1', 'd in batch 3']);
  });

  it('reads as gathering once requests waited behind a batch, and not after a while without', async () => {
    const { commit, batches } = manual(1);
    await vi.waitFor(() => expect(groupCommitGathering()).toBe(false), { timeout: 5_000 });
    const answers = ['a', 'b', 'c'].map((id) => commit.submit({ id }));
    expect(batches.map((b) => b.ids)).toEqual([['a']]);
    expect(groupCommitGathering()).toBe(false); // 'a' found a slot free: nobody waited yet
    batches[0]!.finish();
    await settle();
    expect(batches.map((b) => b.ids)).toEqual([['a'], ['b', 'c']]);
    expect(groupCommitGathering()).toBe(true);
    batches[1]!.finish();
    await Promise.all(answers);
    await vi.waitFor(() => expect(groupCommitGathering()).toBe(false), { timeout: 5_000 });
  });
});
