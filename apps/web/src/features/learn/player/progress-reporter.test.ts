import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createProgressReporter, type ProgressReport } from './progress-reporter.ts';

let sent: { at: number; report: ProgressReport }[] = [];
const reporter = () => createProgressReporter((report) => sent.push({ at: Date.now(), report }), 5000);

beforeEach(() => {
  vi.useFakeTimers();
  sent = [];
});
afterEach(() => vi.useRealTimers());

describe('createProgressReporter', () => {
  it('sends the first sample at once, then at most one per 5 s, always the latest position', () => {
    const r = reporter();
    const start = Date.now();
    r.sample(0.1);
    for (let i = 1; i <= 100; i++) {
      vi.advanceTimersByTime(100);
      r.sample(i / 100);
    }
    // 10 s of scrolling; the sample at 10 s comes just after that moment's send.
    vi.advanceTimersByTime(5000);
    expect(sent.map((s) => s.at - start)).toEqual([0, 5000, 10_000, 15_000]);
    expect(sent.map((s) => s.report.position)).toEqual([0.1, 0.49, 0.99, 1]);
    // Nothing new, nothing sent.
    vi.advanceTimersByTime(60_000);
    expect(sent).toHaveLength(4);
  });

  it('flush sends a position not sent yet, once', () => {
    const r = reporter();
    r.sample(0.2);
    r.sample(0.3);
    r.flush();
    r.flush();
    expect(sent.map((s) => s.report.position)).toEqual([0.2, 0.3]);
    // The timer the flush overtook sends nothing more.
    vi.advanceTimersByTime(10_000);
    expect(sent).toHaveLength(2);
  });

  it('reaching the end is sent at once, and later reports keep saying so', () => {
    const r = reporter();
    r.sample(0.5);
    r.reachEnd(0.9);
    expect(sent.map((s) => s.report)).toEqual([
      { position: 0.5, reachedEnd: false },
      { position: 0.9, reachedEnd: true },
    ]);
    // Seen again: an ordinary, throttled sample.
    r.reachEnd(1);
    expect(sent).toHaveLength(2);
    vi.advanceTimersByTime(5000);
    expect(sent.at(-1)?.report).toEqual({ position: 1, reachedEnd: true });
  });

  it('resend goes only once the end was reached; dispose stops a pending send', () => {
    const r = reporter();
    r.resend();
    expect(sent).toHaveLength(0);
    r.reachEnd(1);
    r.resend();
    expect(sent.map((s) => s.report.reachedEnd)).toEqual([true, true]);
    r.sample(0.7);
    r.dispose();
    vi.advanceTimersByTime(10_000);
    expect(sent).toHaveLength(2);
  });
});
