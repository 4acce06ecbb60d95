/** The write batcher alone: what runs together, what waits, and what a failed statement answers. */
import { describe, expect, it } from 'vitest';
import { WriteBatcher } from './write-batch.ts';

type Item = { id: number; key?: string; bad?: boolean };

/** A batcher whose statement records each batch and fails when it holds a bad item. */
function recorder(options: { maxItems?: number; maxInFlight?: number } = {}) {
  const batches: number[][] = [];
  const b = new WriteBatcher<Item, string>({
    ...options,
    keysOf: (i) => (i.key ? [i.key] : []),
    run: async (items) => {
      batches.push(items.map((i) => i.id));
      await new Promise((r) => setTimeout(r, 5));
      if (items.some((i) => i.bad)) throw new Error(`bad item among ${items.map((i) => i.id).join(',')}`);
      return items.map((i) => `done ${i.id}`);
    },
  });
  return { b, batches };
}

describe('write batcher', () => {
  it('runs the calls of one turn as one batch, each answered with its own outcome', async () => {
    const { b, batches } = recorder();
    const answers = await Promise.all([1, 2, 3].map((id) => b.add({ id })));
    expect(answers).toEqual(['done 1', 'done 2', 'done 3']);
    expect(batches).toEqual([[1, 2, 3]]);
  });

  it('gathers while a batch is in flight, and bounds a batch', async () => {
    const { b, batches } = recorder({ maxItems: 2, maxInFlight: 1 });
    const first = b.add({ id: 1 });
    await new Promise((r) => setImmediate(r)); // batch [1] is in flight
    const rest = [2, 3, 4].map((id) => b.add({ id }));
    await Promise.all([first, ...rest]);
    expect(batches).toEqual([[1], [2, 3], [4]]);
  });

  it('runs calls sharing a key one after the other, in arrival order, never in one batch or two at once', async () => {
    const { b, batches } = recorder({ maxInFlight: 4 });
    const order: number[] = [];
    const items: Item[] = [
      { id: 1, key: 'a' },
      { id: 2, key: 'a' },
      { id: 3, key: 'b' },
      { id: 4, key: 'a' },
    ];
    await Promise.all(items.map((i) => b.add(i).then(() => order.push(i.id))));
    expect(batches).toEqual([[1, 3], [2], [4]]);
    expect(order.indexOf(1)).toBeLessThan(order.indexOf(2));
    expect(order.indexOf(2)).toBeLessThan(order.indexOf(4));
  });

  it('a failed statement fails only the call that fails alone: the others are run again and answered', async () => {
    const { b, batches } = recorder();
    const results = await Promise.allSettled([1, 2, 3].map((id) => b.add({ id, bad: id === 2 })));
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((results[1] as PromiseRejectedResult).reason.message).toBe('bad item among 2');
    expect(results.filter((r) => r.status === 'fulfilled').map((r) => r.value)).toEqual(['done 1', 'done 3']);
    expect(batches).toEqual([[1, 2, 3], [1], [2], [3]]);
  });

  it('never answers success for a call whose statement did not answer it', async () => {
    const b = new WriteBatcher<Item, string>({
      run: async (items) => items.slice(1).map((i) => `done ${i.id}`),
    });
    const results = await Promise.allSettled([1, 2].map((id) => b.add({ id })));
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
  });

  it('hold gathers until released', async () => {
    const { b, batches } = recorder();
    const release = b.hold();
    const pending = [1, 2].map((id) => b.add({ id }));
    await new Promise((r) => setTimeout(r, 10));
    expect(batches).toEqual([]);
    expect(b.waiting).toBe(2);
    const more = b.add({ id: 3 });
    release();
    await Promise.all([...pending, more]);
    expect(batches).toEqual([[1, 2, 3]]);
  });
});
