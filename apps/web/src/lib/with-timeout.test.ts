import { afterEach, describe, expect, it, vi } from 'vitest';
import { ROUTE_CHUNK_TIMEOUT_MS } from '@studio/contract';
import { ChunkTimeoutError, withTimeout } from './with-timeout.ts';

describe('withTimeout (route chunk load timeout)', () => {
  afterEach(() => vi.useRealTimers());

  it('rejects with ChunkTimeoutError when the chunk is still pending after the limit', async () => {
    vi.useFakeTimers();
    const pending = withTimeout(new Promise<never>(() => {}), ROUTE_CHUNK_TIMEOUT_MS);
    const settled = vi.fn();
    pending.catch(settled);
    await vi.advanceTimersByTimeAsync(ROUTE_CHUNK_TIMEOUT_MS - 1);
    expect(settled).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await expect(pending).rejects.toBeInstanceOf(ChunkTimeoutError);
  });

  it('resolves with the module when it arrives in time, and leaves no timer behind', async () => {
    vi.useFakeTimers();
    let arrive: (value: string) => void = () => {};
    const result = withTimeout(new Promise<string>((r) => (arrive = r)), ROUTE_CHUNK_TIMEOUT_MS);
    await vi.advanceTimersByTimeAsync(1000);
    arrive('module');
    await expect(result).resolves.toBe('module');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('passes a load failure through unchanged', async () => {
    const failure = new Error('Failed to fetch dynamically imported module');
    await expect(withTimeout(Promise.reject(failure), 1000)).rejects.toBe(failure);
  });
});
