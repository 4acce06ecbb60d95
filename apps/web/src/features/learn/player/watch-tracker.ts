/**
 * Watch progress of one media element in a lesson: the intervals the learner really played, read
 * from `timeupdate` (a seek, or any jump, ends an interval and the next starts where playing goes
 * on, so skipping ahead is never counted), saved every LEARN_WATCH.saveEveryMs while playing, on
 * pause and end, when the page is hidden or left (a `keepalive` request that outlives the page) and
 * when tracking stops. The server keeps the union and decides what counts (learn/watch); this only
 * reports. Written against a plain HTMLMediaElement, so any player (hls.js or native) can hand it one.
 */
import { LEARN_WATCH } from '@studio/contract/constants';
import type { LearnWatchBody, LearnWatched } from '@studio/contract';

export type WatchSave = Required<Pick<LearnWatchBody, 'courseId' | 'lessonId' | 'mediaId' | 'positionMs'>> & {
  intervals: [number, number][];
};

export interface WatchTrackerOptions {
  courseId: number;
  lessonId: number;
  mediaId: number;
  /** Where to start playing (the server's resume position for this media), ms. */
  startAtMs?: number;
  /** An ordinary save; rejected when it did not reach the server (its intervals are sent again). */
  save: (body: WatchSave) => Promise<LearnWatched>;
  /** A save that outlives the page (fetch keepalive): the page is being hidden or left. */
  saveOnLeave: (body: WatchSave) => void;
  /** The server's answer to a save (the lesson may have completed). */
  onSaved?: (answer: LearnWatched) => void;
  saveEveryMs?: number;
}

/**
 * A step of `timeupdate` longer than this (media time) is a jump, not playing: timeupdate comes every
 * 250 ms or so, at most 2× speed, and a busy page may skip a few.
 */
export const JUMP_MS = 3000;

type Interval = [number, number];

export function trackWatching(el: HTMLMediaElement, opts: WatchTrackerOptions): () => void {
  const saveEveryMs = opts.saveEveryMs ?? LEARN_WATCH.saveEveryMs;
  /** Closed intervals not yet reported. */
  let pending: Interval[] = [];
  /** The interval being played, or null (paused, seeking, not started). */
  let open: Interval | null = null;
  let started = false;
  let stopped = false;
  let inFlight = false;
  /** A save was asked while one was on its way: it goes when that one is back. */
  let again = false;

  const nowMs = () => Math.max(0, Math.round(el.currentTime * 1000));

  const close = () => {
    if (open && open[1] > open[0]) pending.push(open);
    open = null;
  };

  /** The intervals to report now; the one still playing is cut here and goes on from its end. */
  const take = (): Interval[] => {
    const playing = open;
    close();
    if (playing && !el.paused && !el.ended) open = [playing[1], playing[1]];
    const out = pending.slice(-LEARN_WATCH.intervalsMax);
    pending = [];
    return out;
  };

  const body = (intervals: Interval[]): WatchSave => ({
    courseId: opts.courseId,
    lessonId: opts.lessonId,
    mediaId: opts.mediaId,
    positionMs: nowMs(),
    intervals,
  });

  const saveNow = () => {
    if (!started || stopped) return;
    if (inFlight) {
      again = true;
      return;
    }
    again = false;
    const intervals = take();
    inFlight = true;
    opts
      .save(body(intervals))
      .then((answer) => opts.onSaved?.(answer))
      .catch(() => {
        // Not saved: reported again with the next save (the server caps what it believes anyway).
        pending = [...intervals, ...pending];
      })
      .finally(() => {
        inFlight = false;
        if (again) saveNow();
      });
  };

  const saveLeaving = () => {
    if (!started) return;
    if (open && !el.seeking && !el.paused) advance();
    opts.saveOnLeave(body(take()));
  };

  /** Playing went on to the current time: the open interval grows, or a jump closes it. */
  const advance = () => {
    const t = nowMs();
    if (open && t >= open[1] && t - open[1] <= JUMP_MS) {
      open[1] = t;
      return;
    }
    // A jump (forward past what plays in a step, or back): what was played so far is one interval.
    close();
    open = [t, t];
  };
  const onTimeUpdate = () => {
    if (!el.seeking && !el.paused) advance();
  };
  const onSeeking = () => close();
  /** Playing starts (or goes on after a seek): an interval opens here. */
  const onPlaying = () => {
    if (el.seeking || el.paused) return;
    close();
    open = [nowMs(), nowMs()];
  };
  const onPlay = () => {
    if (!started) {
      started = true;
      // The first save starts the server's clock for this media (what later saves may add).
      saveNow();
    }
  };
  /** Paused or ended: the interval ends where playing stopped. */
  const onPause = () => {
    if (open && !el.seeking) advance();
    close();
    saveNow();
  };
  const onVisibility = () => {
    if (document.visibilityState === 'hidden') saveLeaving();
  };
  const onPageHide = () => saveLeaving();

  const resume = () => {
    const at = opts.startAtMs ?? 0;
    const duration = el.duration;
    // Resuming at the very end would only end again: start over instead.
    if (at > 0 && (!Number.isFinite(duration) || at < duration * 1000 - 1000)) el.currentTime = at / 1000;
  };
  if (el.readyState >= 1) resume();
  else el.addEventListener('loadedmetadata', resume, { once: true });

  el.addEventListener('timeupdate', onTimeUpdate);
  el.addEventListener('seeking', onSeeking);
  el.addEventListener('seeked', onPlaying);
  el.addEventListener('playing', onPlaying);
  el.addEventListener('play', onPlay);
  el.addEventListener('pause', onPause);
  el.addEventListener('ended', onPause);
  document.addEventListener('visibilitychange', onVisibility);
  window.addEventListener('pagehide', onPageHide);
  const timer = setInterval(() => {
    if (!el.paused) saveNow();
  }, saveEveryMs);

  return () => {
    if (stopped) return;
    stopped = true;
    clearInterval(timer);
    el.removeEventListener('loadedmetadata', resume);
    el.removeEventListener('timeupdate', onTimeUpdate);
    el.removeEventListener('seeking', onSeeking);
    el.removeEventListener('seeked', onPlaying);
    el.removeEventListener('playing', onPlaying);
    el.removeEventListener('play', onPlay);
    el.removeEventListener('pause', onPause);
    el.removeEventListener('ended', onPause);
    document.removeEventListener('visibilitychange', onVisibility);
    window.removeEventListener('pagehide', onPageHide);
    if (!started) return;
    if (open && !el.seeking) advance();
    close();
    // Stopping is leaving the lesson (or the page): a request that outlives the component.
    saveLeaving();
  };
}
