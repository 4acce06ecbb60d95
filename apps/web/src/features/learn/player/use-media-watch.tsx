/**
 * Watch progress in the learner's lesson view: what a media player of the lesson needs to report
 * what the learner watched (watch-tracker.ts) and to start where they stopped (any device).
 * LessonView hands `propsFor` to the players as the media place's `hooksFor`
 * (components/media-player/media-place.ts); elsewhere (editor, buy page, share) nothing is tracked.
 */
import type { LearnLesson, LearnWatched } from '@studio/contract';
import { useEffect, useMemo, useRef } from 'react';
import { learnApi } from '../learn-api.ts';
import { trackWatching } from './watch-tracker.ts';

/** The player's props this gives: see components/media-player (`startAtMs`, `onMediaElement`). */
export type MediaWatchProps = {
  startAtMs?: number;
  onMediaElement?: (el: HTMLMediaElement) => () => void;
  /** 禁止拖动未看部分 (the course's setting) and how far the learner watched so far. */
  noSeekAhead?: boolean;
  watchedToMs?: number;
};

type MediaWatchContextValue = { propsFor: (mediaId: number) => MediaWatchProps };

/** The lesson's watch tracking, for LessonView to provide around the lesson's content. */
export function useLessonMediaWatch({
  courseId,
  lesson,
  onSaved,
  noSeekAhead = false,
}: {
  courseId: number;
  /** The course's 禁止拖动未看部分. */
  noSeekAhead?: boolean;
  lesson: Pick<LearnLesson, 'lessonId' | 'media'>;
  /** The server's answer to a save: progress, and the lesson completed at 90%. */
  onSaved: (answer: LearnWatched) => void;
}): MediaWatchContextValue {
  const { lessonId, media } = lesson;
  // The latest handler, without making new trackers when the parent renders a new one.
  const saved = useRef(onSaved);
  useEffect(() => {
    saved.current = onSaved;
  }, [onSaved]);
  return useMemo(
    () => ({
      propsFor: (mediaId: number) => {
        const watch = media.find((m) => m.mediaId === mediaId);
        const startAtMs = watch?.positionMs ?? 0;
        return {
          startAtMs,
          noSeekAhead,
          watchedToMs: watch?.furthestMs ?? 0,
          onMediaElement: (el: HTMLMediaElement) =>
            trackWatching(el, {
              courseId,
              lessonId,
              mediaId,
              startAtMs,
              save: learnApi.watch,
              saveOnLeave: learnApi.watchOnLeave,
              onSaved: (answer) => saved.current(answer),
            }),
        };
      },
    }),
    // The resume position is read when the lesson opens; later saves must not move the player.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [courseId, lessonId, noSeekAhead],
  );
}
