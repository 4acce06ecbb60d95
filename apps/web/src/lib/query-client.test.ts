/**
 * A refresh asked while a query's first load is on its way: the load's answer, read before the
 * write, must not be the last word.
 */
import { QueryObserver } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { FreshQueryClient } from './query-client.ts';

const held = () => {
  let resolve!: (v: string) => void;
  const promise = new Promise<string>((r) => (resolve = r));
  return { promise, resolve };
};

describe('invalidateQueries', () => {
  it('refetches a query whose first load is still running, and keeps the newer answer', async () => {
    const client = new FreshQueryClient({ defaultOptions: { queries: { retry: false } } });
    const answers = [held(), held()];
    let calls = 0;
    const observer = new QueryObserver(client, {
      queryKey: ['list'],
      queryFn: () => answers[calls++]!.promise,
    });
    const seen: (string | undefined)[] = [];
    const stop = observer.subscribe((r) => seen.push(r.data));

    expect(calls).toBe(1); // the first load runs
    const refresh = client.invalidateQueries({ queryKey: ['list'] });
    expect(calls).toBe(2); // a second one started at once
    answers[0]!.resolve('before the write');
    answers[1]!.resolve('after the write');
    await refresh;
    expect(client.getQueryData(['list'])).toBe('after the write');
    expect(seen).not.toContain('before the write');
    stop();
  });

  it('lets a first load finish when the invalidation refetches nothing (refetchType none)', async () => {
    const client = new FreshQueryClient({ defaultOptions: { queries: { retry: false } } });
    const answer = held();
    let calls = 0;
    const observer = new QueryObserver(client, {
      queryKey: ['list'],
      queryFn: () => (calls++, answer.promise),
    });
    const stop = observer.subscribe(() => undefined);
    await client.invalidateQueries({ queryKey: ['list'], refetchType: 'none' });
    answer.resolve('loaded');
    await vi.waitFor(() => expect(client.getQueryData(['list'])).toBe('loaded'));
    expect(calls).toBe(1);
    stop();
  });

  it('leaves a query with data to TanStack: the running refetch is replaced, as before', async () => {
    const client = new FreshQueryClient({ defaultOptions: { queries: { retry: false } } });
    client.setQueryData(['list'], 'old');
    let calls = 0;
    const observer = new QueryObserver(client, {
      queryKey: ['list'],
      queryFn: async () => `answer ${++calls}`,
      staleTime: 0,
    });
    const stop = observer.subscribe(() => undefined);
    await client.invalidateQueries({ queryKey: ['list'] });
    expect(client.getQueryData(['list'])).toBe(`answer ${calls}`);
    stop();
  });
});
