/** The text-delta batching, on a fake clock: the first delta goes out at once, later ones in batches. */
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { deltaBuffer } from './ai.events.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function recorder() {
  const sent: string[] = [];
  return { sent, send: async (t: string) => void sent.push(t) };
}

it('sends the first delta of a lesson without waiting for the batch period', async () => {
  const { sent, send } = recorder();
  const b = deltaBuffer(send, 40);
  b.push('第');
  await vi.advanceTimersByTimeAsync(0); // lets the send's promise run; the clock has not moved
  expect(sent).toEqual(['第']);
});

it('batches later deltas into one send per period', async () => {
  const { sent, send } = recorder();
  const b = deltaBuffer(send, 40);
  b.push('a');
  await vi.advanceTimersByTimeAsync(0);
  b.push('b');
  b.push('c');
  await vi.advanceTimersByTimeAsync(39);
  expect(sent).toEqual(['a']);
  await vi.advanceTimersByTimeAsync(1);
  expect(sent).toEqual(['a', 'bc']);
  // 100 deltas over 1 s: one send per period at most, not one per delta.
  for (let i = 0; i < 100; i++) {
    b.push('x');
    await vi.advanceTimersByTimeAsync(10);
  }
  await b.flush();
  expect(sent.length).toBeLessThanOrEqual(2 + 1000 / 40 + 1);
  expect(sent.join('')).toBe('abc' + 'x'.repeat(100));
});

it('sends a batch that reaches the size bound at once, and drop forgets what is pending', async () => {
  const { sent, send } = recorder();
  const b = deltaBuffer(send, 40, 5);
  b.push('a');
  b.push('12345');
  await vi.advanceTimersByTimeAsync(0);
  expect(sent).toEqual(['a', '12345']);
  b.push('lost');
  b.drop();
  await vi.advanceTimersByTimeAsync(100);
  await b.flush();
  expect(sent).toEqual(['a', '12345']);
});
