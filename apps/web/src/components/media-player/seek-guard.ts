/**
 * 禁止拖动未看部分 in the player: with the course's setting on, a seek past the furthest point watched
 * is refused (the slider and the arrow keys ask `allows` first; any other seek, by the lock screen or
 * the browser's own menu, is put back on `seeking`) and 禁止拖动 is said for a few seconds. The furthest
 * point starts at what the server knows was watched and grows while the media plays on. The server's
 * watch rules refuse such a jump too (learning's watch.service.ts): this only spares the learner it.
 */
import { useEffect, useRef, useState, type RefObject } from 'react';

/** Seconds past the furthest point a seek may land (a slider's step, a key frame). */
export const SEEK_GRACE_S = 1;
/** A step this small between two time updates is playing, not a seek (seconds). */
const PLAYING_STEP_S = 3;
/** How long 禁止拖动 stays on screen. */
export const REFUSED_SHOWN_MS = 3000;

export function useSeekGuard(
  media: RefObject<HTMLMediaElement | null>,
  { on, watchedToMs }: { on: boolean; watchedToMs: number },
): { allows: (seconds: number) => boolean; refused: boolean } {
  const furthest = useRef(watchedToMs / 1000);
  const onRef = useRef(on);
  const [refused, setRefused] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    onRef.current = on;
  }, [on]);

  const refuse = () => {
    setRefused(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setRefused(false), REFUSED_SHOWN_MS);
  };

  const allows = (seconds: number): boolean => {
    if (!onRef.current || seconds <= furthest.current + SEEK_GRACE_S) return true;
    refuse();
    return false;
  };

  useEffect(() => {
    const el = media.current;
    if (!el) return;
    const onTime = () => {
      const now = el.currentTime;
      if (!el.seeking && now <= furthest.current + PLAYING_STEP_S)
        furthest.current = Math.max(furthest.current, now);
    };
    const onSeeking = () => {
      if (!onRef.current || el.currentTime <= furthest.current + SEEK_GRACE_S) return;
      el.currentTime = furthest.current;
      refuse();
    };
    el.addEventListener('timeupdate', onTime);
    el.addEventListener('seeking', onSeeking);
    return () => {
      el.removeEventListener('timeupdate', onTime);
      el.removeEventListener('seeking', onSeeking);
      clearTimeout(timer.current);
    };
    // The element's life; the setting is read through onRef.
  }, [media]);

  return { allows, refused };
}
