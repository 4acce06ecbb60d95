import { describe, expect, it } from 'vitest';
import { addSample, formatDuration, formatSpeed, SPEED_WINDOW_MS, uploadStats } from './upload-stats.ts';

const MB = 1024 * 1024;

describe('upload progress, speed and time left', () => {
  it('takes the speed over the window and the time left at that speed', () => {
    let samples = addSample([], { at: 0, bytes: 0 });
    samples = addSample(samples, { at: 1_000, bytes: 2 * MB });
    samples = addSample(samples, { at: 2_000, bytes: 4 * MB });
    expect(uploadStats(samples, 10 * MB)).toEqual({ percent: 40, bytesPerSecond: 2 * MB, secondsLeft: 3 });
  });

  it('forgets what is older than the window, so a slowdown shows within seconds', () => {
    let samples = addSample([], { at: 0, bytes: 0 });
    // 10 MB in the first second, then 1 MB a second for 8 seconds.
    samples = addSample(samples, { at: 1_000, bytes: 10 * MB });
    for (let s = 2; s <= 9; s++) samples = addSample(samples, { at: s * 1_000, bytes: (8 + s) * MB });
    expect(samples[0]!.at).toBeGreaterThanOrEqual(9_000 - SPEED_WINDOW_MS - 1_000);
    const stats = uploadStats(samples, 100 * MB);
    expect(stats.bytesPerSecond).toBe(MB);
    expect(stats.secondsLeft).toBe(83);
  });

  it('knows no speed from one sample or a moment, nor a time left at no speed', () => {
    expect(uploadStats([{ at: 0, bytes: 5 }], 10)).toEqual({
      percent: 50,
      bytesPerSecond: null,
      secondsLeft: null,
    });
    const still = addSample(addSample([], { at: 0, bytes: 5 }), { at: 2_000, bytes: 5 });
    expect(uploadStats(still, 10)).toEqual({ percent: 50, bytesPerSecond: 0, secondsLeft: null });
    expect(uploadStats([], 0).percent).toBe(0);
  });

  it('starts over when the bytes are counted back (a resume from a lower stored offset)', () => {
    const samples = addSample(addSample([], { at: 0, bytes: 8 * MB }), { at: 1_000, bytes: 6 * MB });
    expect(samples).toEqual([{ at: 1_000, bytes: 6 * MB }]);
  });

  it('writes speed and time as people read them', () => {
    expect(formatSpeed(1.5 * MB)).toBe('1.5 MB/s');
    expect(formatSpeed(320 * 1024)).toBe('320 KB/s');
    expect(formatSpeed(10)).toBe('1 KB/s');
    expect(formatDuration(9)).toBe('0:09');
    expect(formatDuration(247)).toBe('4:07');
    expect(formatDuration(3909)).toBe('1:05:09');
  });
});
