/**
 * The phone's lock screen and notification controls for the lesson playing (Media Session API): its
 * title, course and cover, and play, pause and seeking from there, so an audio lesson goes on with
 * the screen off and is steered without unlocking. Browsers without the API (and jsdom) skip it all.
 */
import { SEEK_STEP } from './player-words.ts';

/** What the lock screen shows: the lesson, its course, the course's cover. */
export type MediaSessionInfo = { title: string; artist?: string; artwork?: string };

const HANDLED: MediaSessionAction[] = ['play', 'pause', 'seekbackward', 'seekforward', 'seekto'];

const sessionApi = (): MediaSession | null =>
  typeof navigator !== 'undefined' && 'mediaSession' in navigator && typeof MediaMetadata !== 'undefined'
    ? navigator.mediaSession
    : null;

/** An absolute address: the lock screen fetches the picture outside the page. */
const absolute = (src: string) => new URL(src, window.location.href).href;

/**
 * Makes `el` the one the lock screen steers once it plays (the last one played wins, as the browser
 * plays one at a time). Answers the clean-up, which lets go only if `el` still holds it.
 */
export function attachMediaSession(el: HTMLMediaElement, info: () => MediaSessionInfo): () => void {
  const session = sessionApi();
  if (!session) return () => undefined;
  // What this element put on the lock screen: another player that took it since is left alone.
  let mine: MediaMetadata | null = null;
  const holding = () => mine !== null && session.metadata === mine;
  const seekTo = (seconds: number) => {
    const end = Number.isFinite(el.duration) ? el.duration : Infinity;
    el.currentTime = Math.min(end, Math.max(0, seconds));
  };
  const position = () => {
    if (!holding() || !Number.isFinite(el.duration) || el.duration <= 0) return;
    try {
      session.setPositionState?.({
        duration: el.duration,
        position: Math.min(el.currentTime, el.duration),
        playbackRate: el.playbackRate || 1,
      });
    } catch {
      // A position the browser finds out of range at a source change: the next update corrects it.
    }
  };
  const take = () => {
    const { title, artist, artwork } = info();
    mine = new MediaMetadata({
      title,
      artist: artist ?? '',
      artwork: artwork ? [{ src: absolute(artwork) }] : [],
    });
    session.metadata = mine;
    const handlers: Record<string, MediaSessionActionHandler> = {
      play: () => void el.play().catch(() => undefined),
      pause: () => el.pause(),
      seekbackward: (d) => seekTo(el.currentTime - (d.seekOffset ?? SEEK_STEP)),
      seekforward: (d) => seekTo(el.currentTime + (d.seekOffset ?? SEEK_STEP)),
      seekto: (d) => d.seekTime !== undefined && seekTo(d.seekTime),
    };
    for (const action of HANDLED) {
      try {
        session.setActionHandler(action, handlers[action]!);
      } catch {
        // An action this browser does not know.
      }
    }
    session.playbackState = 'playing';
    position();
  };
  const onPause = () => {
    if (holding()) session.playbackState = 'paused';
  };
  el.addEventListener('play', take);
  el.addEventListener('pause', onPause);
  el.addEventListener('durationchange', position);
  el.addEventListener('ratechange', position);
  el.addEventListener('seeked', position);
  return () => {
    el.removeEventListener('play', take);
    el.removeEventListener('pause', onPause);
    el.removeEventListener('durationchange', position);
    el.removeEventListener('ratechange', position);
    el.removeEventListener('seeked', position);
    if (!holding()) return;
    session.metadata = null;
    session.playbackState = 'none';
    for (const action of HANDLED) {
      try {
        session.setActionHandler(action, null);
      } catch {
        // As above.
      }
    }
  };
}
