import type { LearnWatched } from '@studio/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { trackWatching, type WatchSave, type WatchTrackerOptions } from './watch-tracker.ts';

/** The parts of a media element the tracker reads, driven by the test as a browser would. */
class FakeMedia extends EventTarget {
  currentTime = 0;
  duration = 100;
  paused = true;
  seeking = false;
  ended = false;
  readyState = 4;
  playbackRate = 1;

  emit(type: string) {
    this.dispatchEvent(new Event(type));
  }
  play() {
    this.paused = false;
    this.emit('play');
    this.emit('playing');
  }
  pause() {
    this.paused = true;
    this.emit('pause');
  }
  /** Plays on for `ms` of wall-clock time: timeupdate every 250 ms, media time at the rate. */
  run(ms: number) {
    for (let t = 0; t < ms; t += 250) {
      this.currentTime += 0.25 * this.playbackRate;
      this.emit('timeupdate');
      vi.advanceTimersByTime(250);
    }
  }
  seek(toSeconds: number) {
    this.seeking = true;
    this.currentTime = toSeconds;
    this.emit('seeking');
    this.emit('timeupdate');
    this.seeking = false;
    this.emit('seeked');
  }
}

let saves: WatchSave[];
let stops: (() => void)[];
let leaving: WatchSave[];
let failNext: boolean;
const answer = {} as LearnWatched;

const track = (el: FakeMedia, extra: Partial<WatchTrackerOptions> = {}) => {
  const stop = trackWatching(el as unknown as HTMLMediaElement, {
    courseId: 1,
    lessonId: 2,
    mediaId: 3,
    save: (body) => {
      saves.push(body);
      if (failNext) {
        failNext = false;
        return Promise.reject(new Error('offline'));
      }
      return Promise.resolve(answer);
    },
    saveOnLeave: (body) => leaving.push(body),
    saveEveryMs: 12_000,
    ...extra,
  });
  stops.push(stop);
  return stop;
};

/** Lets the saves' promises settle (fake timers leave microtasks alone). */
const settle = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};

beforeEach(() => {
  vi.useFakeTimers();
  saves = [];
  leaving = [];
  failNext = false;
  stops = [];
});
afterEach(() => {
  for (const stop of stops) stop();
  vi.useRealTimers();
});

describe('trackWatching', () => {
  it('saves as playing starts, every 12 s while playing and on pause, with the intervals played', async () => {
    const el = new FakeMedia();
    const stop = track(el);
    el.play();
    expect(saves).toEqual([{ courseId: 1, lessonId: 2, mediaId: 3, positionMs: 0, intervals: [] }]);
    el.run(12_000);
    await settle();
    expect(saves).toHaveLength(2);
    expect(saves[1]).toMatchObject({ positionMs: 12_000, intervals: [[0, 12_000]] });
    el.run(3_000);
    el.pause();
    await settle();
    // The interval goes on from where the last save cut it.
    expect(saves[2]).toMatchObject({ positionMs: 15_000, intervals: [[12_000, 15_000]] });
    // Paused: no saves on the timer.
    vi.advanceTimersByTime(60_000);
    expect(saves).toHaveLength(3);
    stop();
  });

  it('never counts a seek ahead (or a jump without one): a new interval starts where playing goes on', async () => {
    const el = new FakeMedia();
    track(el);
    el.play();
    el.run(5_000);
    // A short skip ahead is no less a skip.
    el.seek(7);
    el.run(3_000);
    el.seek(60);
    el.run(5_000);
    // A jump the player did not announce (a stall recovered far ahead).
    el.currentTime = 80;
    el.emit('timeupdate');
    el.run(2_000);
    el.pause();
    await settle();
    expect(saves.at(-1)!.intervals).toEqual([
      [0, 5_000],
      [7_000, 10_000],
      [60_000, 65_000],
      [80_000, 82_000],
    ]);
    expect(saves.at(-1)!.positionMs).toBe(82_000);
  });

  it('counts 2× playing as media time, and a seek back as another interval (the server merges them)', async () => {
    const el = new FakeMedia();
    track(el);
    el.playbackRate = 2;
    el.play();
    el.run(5_000);
    el.seek(2);
    el.run(2_000);
    el.pause();
    await settle();
    expect(saves.at(-1)!.intervals).toEqual([
      [0, 10_000],
      [2_000, 6_000],
    ]);
  });

  it('sends what is unsaved with a request that outlives the page when it is hidden or left', () => {
    const el = new FakeMedia();
    track(el);
    el.play();
    el.run(4_000);
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
    expect(leaving).toEqual([
      { courseId: 1, lessonId: 2, mediaId: 3, positionMs: 4_000, intervals: [[0, 4_000]] },
    ]);
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
    el.run(1_000);
    window.dispatchEvent(new Event('pagehide'));
    expect(leaving[1]).toMatchObject({ positionMs: 5_000, intervals: [[4_000, 5_000]] });
  });

  it('saves the rest on stop, and then listens to nothing', async () => {
    const el = new FakeMedia();
    const stop = track(el);
    el.play();
    el.run(3_000);
    stop();
    expect(leaving).toEqual([
      { courseId: 1, lessonId: 2, mediaId: 3, positionMs: 3_000, intervals: [[0, 3_000]] },
    ]);
    el.run(30_000);
    el.pause();
    window.dispatchEvent(new Event('pagehide'));
    await settle();
    expect(saves).toHaveLength(1);
    expect(leaving).toHaveLength(1);
  });

  it('sends nothing before playing starts', () => {
    const el = new FakeMedia();
    const stop = track(el);
    vi.advanceTimersByTime(60_000);
    window.dispatchEvent(new Event('pagehide'));
    stop();
    expect([saves, leaving]).toEqual([[], []]);
  });

  it('sends the intervals of a save that failed again with the next one', async () => {
    const el = new FakeMedia();
    track(el);
    el.play();
    await settle();
    failNext = true;
    el.run(12_000);
    await settle();
    el.run(2_000);
    el.pause();
    await settle();
    expect(saves.at(-1)!.intervals).toEqual([
      [0, 12_000],
      [12_000, 14_000],
    ]);
  });

  it('starts at the resume position once the media knows its length, not at its very end', () => {
    const waiting = new FakeMedia();
    waiting.readyState = 0;
    track(waiting, { startAtMs: 42_000 });
    expect(waiting.currentTime).toBe(0);
    waiting.emit('loadedmetadata');
    expect(waiting.currentTime).toBe(42);

    const ready = new FakeMedia();
    track(ready, { startAtMs: 30_500 });
    expect(ready.currentTime).toBe(30.5);

    const finished = new FakeMedia();
    track(finished, { startAtMs: 99_800 });
    expect(finished.currentTime).toBe(0);
  });
});
