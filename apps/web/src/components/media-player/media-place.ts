/**
 * Where the media blocks of a rendered lesson are played: the lesson holding them (the server decides
 * access by it), whether it is free, and per-media hooks for another part of the app (watch progress:
 * the resume position and the media element). Set by the lesson's view around its ContentView; no
 * player code here, so setting it loads nothing.
 */
import { createContext, useContext } from 'react';
import type { MediaPlayerHooks } from './media-player.tsx';
import type { MediaSessionInfo } from './media-session.ts';

export type MediaPlace = {
  courseId?: number;
  lessonId?: number;
  /** false: a free-preview lesson (no watermark); undefined when the view does not know. */
  paid?: boolean;
  /** On a share's page: the share (it opens the course's free-preview lessons). */
  shareId?: string;
  /** What the phone's lock screen shows while a block of this lesson plays. */
  session?: MediaSessionInfo;
  /** The hooks of one media block of this lesson (`startAtMs`, `onMediaElement`). */
  hooksFor?: (mediaId: number) => MediaPlayerHooks | undefined;
};

const MediaPlaceContext = createContext<MediaPlace>({});
export const MediaPlaceProvider = MediaPlaceContext.Provider;
export const useMediaPlace = (): MediaPlace => useContext(MediaPlaceContext);
