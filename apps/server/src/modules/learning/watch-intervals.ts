/**
 * Watched time as a union of played intervals [startMs, endMs): what a learner watched of a media is
 * how much of it the intervals cover, so watching a part twice, or skipping ahead, adds nothing. What
 * one save may add is capped by the wall-clock time since the previous save at the fastest speed
 * (`allowanceOf`), so a client cannot claim to have watched an hour in a minute.
 */
import { LEARN_WATCH } from '@studio/contract';

export type Interval = [number, number];

/**
 * A learner's stored union stays small for any honest viewing (a few intervals per seek); a client
 * sending thousands of scattered slivers stops earning once this many are stored.
 */
export const MAX_STORED_INTERVALS = 1000;

/** Sorted, overlapping and touching intervals merged, empty ones dropped. */
export function normalize(intervals: readonly Interval[]): Interval[] {
  const sorted = intervals.filter(([s, e]) => s < e).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const out: Interval[] = [];
  for (const [s, e] of sorted) {
    const last = out[out.length - 1];
    if (last && s <= last[1]) last[1] = Math.max(last[1], e);
    else out.push([s, e]);
  }
  return out;
}

export const lengthOf = (intervals: readonly Interval[]): number =>
  intervals.reduce((n, [s, e]) => n + (e - s), 0);

/** The parts of `pieces` (normalized) that `union` (normalized) does not cover, in order. */
export function subtract(pieces: readonly Interval[], union: readonly Interval[]): Interval[] {
  const out: Interval[] = [];
  for (const [start, end] of pieces) {
    let s = start;
    for (const [us, ue] of union) {
      if (ue <= s) continue;
      if (us >= end) break;
      if (us > s) out.push([s, us]);
      s = Math.max(s, ue);
      if (s >= end) break;
    }
    if (s < end) out.push([s, end]);
  }
  return out;
}

/** The first `allowedMs` of `pieces`, in the order played; the rest is dropped. */
export function capTo(pieces: readonly Interval[], allowedMs: number): Interval[] {
  const out: Interval[] = [];
  let left = Math.max(0, Math.floor(allowedMs));
  for (const [s, e] of pieces) {
    if (left <= 0) break;
    const end = Math.min(e, s + left);
    out.push([s, end]);
    left -= end - s;
  }
  return out;
}

/**
 * What a save may add: the wall-clock time since the previous one at the fastest speed, plus what
 * earlier saves left unused (`creditMs`). The credit carries at most the slack, so saving often earns
 * no more than saving rarely.
 */
export const allowanceOf = (elapsedMs: number, creditMs: number): number =>
  Math.max(0, elapsedMs) * LEARN_WATCH.maxSpeed + creditMs;

export const creditAfter = (allowedMs: number, addedMs: number): number =>
  Math.min(LEARN_WATCH.slackMs * LEARN_WATCH.maxSpeed, Math.max(0, allowedMs - addedMs));

/** The credit of a first save: the slack (the player's first save comes as playing starts). */
export const FIRST_CREDIT_MS = LEARN_WATCH.slackMs * LEARN_WATCH.maxSpeed;

/**
 * The stored union with a save's intervals added, at most `allowedMs` of new time (the rest of what
 * the client claims is not believed).
 */
export function addWatched(
  stored: readonly Interval[],
  incoming: readonly Interval[],
  allowedMs: number,
): { intervals: Interval[]; watchedMs: number; addedMs: number } {
  const union = normalize(stored);
  const fresh = capTo(subtract(normalize(incoming), union), allowedMs);
  const merged = normalize([...union, ...fresh]);
  if (merged.length > MAX_STORED_INTERVALS) {
    return { intervals: union, watchedMs: lengthOf(union), addedMs: 0 };
  }
  return { intervals: merged, watchedMs: lengthOf(merged), addedMs: lengthOf(fresh) };
}

/** Whole percent watched, rounded down (90% means at least 90%). */
export const percentOf = (watchedMs: number, durationMs: number | null | undefined): number =>
  durationMs ? Math.min(100, Math.floor((watchedMs * 100) / durationMs)) : 0;

/** The furthest point watched: the end of the last stored interval (0 when nothing was watched). */
export const furthestOf = (intervals: readonly Interval[]): number =>
  intervals.reduce((n, [, e]) => Math.max(n, e), 0);

/**
 * 禁止拖动未看部分: whether a save stays within what was watched. Each interval (in the order played)
 * must start at or before the furthest point reached so far (the stored union's end, then each
 * accepted interval's end), give or take `toleranceMs` (a player's clock between saves); the position
 * too. An interval starting further means the learner jumped ahead.
 */
export function seeksAhead(
  stored: readonly Interval[],
  incoming: readonly Interval[],
  positionMs: number,
  toleranceMs: number,
): boolean {
  let furthest = furthestOf(stored);
  for (const [s, e] of [...incoming].sort((a, b) => a[0] - b[0])) {
    if (s > furthest + toleranceMs) return true;
    furthest = Math.max(furthest, e);
  }
  return positionMs > furthest + toleranceMs;
}
