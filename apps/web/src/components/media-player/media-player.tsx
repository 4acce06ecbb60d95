/**
 * The player of a lesson's video or audio block (issue 34, part 4). Plain elements and its own CSS (no
 * antd, no i18next), so the same component runs in the app and, loaded on the press, on the public
 * pages. The box is drawn before anything loads (16:9 for video, one bar for audio): nothing moves
 * when the video arrives. Addresses are asked for on the first press (`playback.ts`).
 */
import type { UiLang } from '@studio/contract/constants';
import { useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { attachMediaSession, type MediaSessionInfo } from './media-session.ts';
import { CaptionLine, useCaptions } from './player-captions.tsx';
import { PlayerControls } from './player-controls.tsx';
import type { CaptionChoice } from './player-menus.tsx';
import { playerWords, SEEK_STEP } from './player-words.ts';
import { Playback, type FetchPlay, type LoadHls, type PlaybackState, type Quality } from './playback.ts';
import { useSeekGuard } from './seek-guard.ts';
import { watermarkText, type MediaViewer } from './watermark.ts';
import { WatermarkOverlay } from './watermark-overlay.tsx';
import './media-player.css';

/** What another part of the app (watch progress) hands the player. */
export type MediaPlayerHooks = {
  /** Where to start, in ms (the learner's resume position). */
  startAtMs?: number;
  /**
   * Called once the `<video>`/`<audio>` element is in the page (before any source); the function it
   * returns is called when the player goes away.
   */
  onMediaElement?: (el: HTMLMediaElement) => void | (() => void);
  /**
   * 禁止拖动未看部分 (the course's setting): no seeking past the furthest point watched, which starts
   * at `watchedToMs` (what the server knows was watched) and grows as the media plays.
   */
  noSeekAhead?: boolean;
  watchedToMs?: number;
};

export type MediaPlayerProps = MediaPlayerHooks & {
  mediaId: number;
  kind: 'video' | 'audio';
  title: string;
  /** The lesson holding the block (the server decides access by it); left out in the author's preview. */
  courseId?: number;
  lessonId?: number;
  /** On a share's page: the share, which opens its course's free-preview lessons to anyone. */
  shareId?: string;
  lang: UiLang;
  /** `/api/media/play` (the app's request client with the session; a plain fetch on public pages). */
  fetchPlay: FetchPlay;
  /** Who watches (the watermark), null for a visitor. */
  viewer?: MediaViewer | null;
  /** false on a free-preview lesson: no watermark there. */
  paid?: boolean;
  /** The phone's lock screen: the lesson and course (the block's title when left out). */
  session?: Partial<MediaSessionInfo>;
  /** Start at once: the press that loaded the player on a public page. */
  autoStart?: boolean;
  /** Test seams: hls.js's loader, and native HLS forced on or off. */
  loadHls?: LoadHls;
  native?: boolean;
};

const INLINE_ON_PHONES = {
  'webkit-playsinline': 'true',
  'x5-playsinline': 'true',
  'x5-video-player-type': 'h5-page',
} as const;

export const MediaPlayer = (props: MediaPlayerProps) => {
  const { mediaId, kind, courseId, lessonId, shareId, lang, viewer, paid, autoStart, startAtMs } = props;
  const t = useMemo(() => playerWords(lang), [lang]);
  const hintId = useId();
  const title = props.title || t('untitled');
  const boxRef = useRef<HTMLDivElement>(null);
  const mediaRef = useRef<HTMLVideoElement & HTMLAudioElement>(null);
  const playbackRef = useRef<Playback | null>(null);
  const [state, setState] = useState<PlaybackState | null>(null);
  const [poster, setPoster] = useState<string | null>(null);
  const [paused, setPaused] = useState(true);
  const [quality, setQuality] = useState<Quality | null>(null);
  const [captions, setCaptions] = useState<CaptionChoice[]>([]);
  const captionState = useCaptions(mediaRef, captions);
  const guard = useSeekGuard(mediaRef, {
    on: props.noSeekAhead === true,
    watchedToMs: props.watchedToMs ?? 0,
  });

  // Latest props for the effects below without re-running them (they belong to the element's life).
  const latest = useRef(props);
  useLayoutEffect(() => {
    latest.current = props;
  });

  useEffect(() => {
    const el = mediaRef.current;
    if (!el) return;
    const cleanup = latest.current.onMediaElement?.(el);
    const detachSession = attachMediaSession(el, () => {
      const { session, title } = latest.current;
      return { ...session, title: session?.title || title };
    });
    const onPlay = () => setPaused(false);
    const onPause = () => setPaused(true);
    el.addEventListener('play', onPlay);
    el.addEventListener('pause', onPause);
    return () => {
      el.removeEventListener('play', onPlay);
      el.removeEventListener('pause', onPause);
      playbackRef.current?.destroy();
      playbackRef.current = null;
      detachSession();
      if (typeof cleanup === 'function') cleanup();
    };
    // onMediaElement is read once, when the element is attached (see MediaPlayerHooks).
  }, []);

  const start = (atSeconds = (startAtMs ?? 0) / 1000) => {
    const el = mediaRef.current;
    if (!el || playbackRef.current) return;
    const { fetchPlay, loadHls, native } = latest.current;
    const playback = new Playback(el, {
      body: {
        mediaId,
        ...(courseId ? { courseId } : {}),
        ...(lessonId ? { lessonId } : {}),
        ...(shareId ? { shareId } : {}),
      },
      fetchPlay,
      loadHls,
      native,
      onState: setState,
      onPoster: setPoster,
      onQuality: setQuality,
      onPlay: (play) => setCaptions(play.captions),
    });
    playbackRef.current = playback;
    void playback.start(atSeconds);
  };

  useEffect(() => {
    if (autoStart) start();
    // Only on mounting: the press that loaded this player.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  /** A retry after a failure or while transcoding: a fresh playback from where it was. */
  const retry = () => {
    const at = mediaRef.current?.currentTime ?? 0;
    playbackRef.current?.destroy();
    playbackRef.current = null;
    start(at > 0 ? at : undefined);
  };

  const toggle = () => {
    const el = mediaRef.current;
    const playback = playbackRef.current;
    if (!el) return;
    if (!playback) start();
    else if (el.paused) void playback.resume();
    else el.pause();
  };

  /** The element, changed by the controls (the rate as default too: a new source keeps it). */
  const withMedia = (change: (el: HTMLMediaElement) => void) => {
    if (mediaRef.current) change(mediaRef.current);
  };
  const seekTo = (seconds: number) => {
    if (guard.allows(seconds)) withMedia((el) => (el.currentTime = seconds));
  };
  const setSpeed = (rate: number) =>
    withMedia((el) => {
      el.defaultPlaybackRate = rate;
      el.playbackRate = rate;
    });
  const toggleMute = () => withMedia((el) => (el.muted = !el.muted));

  const seekBy = (seconds: number) => {
    const el = mediaRef.current;
    if (!el || !playbackRef.current) return;
    const end = Number.isFinite(el.duration) ? el.duration : Infinity;
    const to = Math.min(end, Math.max(0, el.currentTime + seconds));
    if (guard.allows(to)) el.currentTime = to;
  };

  /** Space or K: play/pause; ← / →: 5 s back/forward. Controls keep their own keys (a select, the slider). */
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const target = event.target as HTMLElement;
    const tag = target.tagName;
    if (tag === 'SELECT' || tag === 'INPUT' || event.altKey || event.ctrlKey || event.metaKey) return;
    const key = event.key;
    if (key === 'k' || key === 'K' || (key === ' ' && tag !== 'BUTTON')) {
      event.preventDefault();
      toggle();
    } else if (key === 'ArrowLeft' || key === 'ArrowRight') {
      event.preventDefault();
      seekBy(key === 'ArrowLeft' ? -SEEK_STEP : SEEK_STEP);
    }
  };

  const mark = watermarkText({ viewer, kind, paid });
  const started = state !== null;
  const message =
    state?.kind === 'processing'
      ? t('processing', { progress: state.progress })
      : state?.kind === 'notFound'
        ? t('notFound')
        : state?.kind === 'failed'
          ? t('failed')
          : state?.kind === 'loading'
            ? t('loading')
            : null;
  const canRetry = state?.kind === 'processing' || state?.kind === 'failed';
  const startLabel = t(kind === 'video' ? 'playVideo' : 'playAudio', { title });

  return (
    <div
      className={`media-player media-player-${kind}`}
      role="group"
      aria-label={title}
      aria-describedby={hintId}
      tabIndex={0}
      onKeyDown={onKeyDown}
      data-state={state?.kind ?? 'idle'}
      data-level={quality?.levels.find((l) => l.index === quality.playing)?.name}
    >
      <div className="media-player-box" ref={boxRef}>
        {kind === 'video' ? (
          <video
            ref={mediaRef}
            // Caption files come from this site's signed addresses (same origin): no CORS mode needed.
            className="media-player-media"
            // Inline on a phone: iOS (playsinline, and webkit- for old WeChat builds) and WeChat's
            // X5/XWeb on Android, whose own full-screen player would hide the watermark and controls.
            playsInline
            {...INLINE_ON_PHONES}
            preload="none"
            poster={poster ?? undefined}
            aria-label={title}
            onClick={toggle}
          >
            {captions.map((c) => (
              <track key={c.captionId} kind="subtitles" src={c.url} srcLang={c.lang} label={c.label} />
            ))}
          </video>
        ) : (
          <audio ref={mediaRef} className="media-player-media" preload="none" aria-label={title} />
        )}
        {mark && started && <WatermarkOverlay text={mark} label={t('watermark')} />}
        <CaptionLine text={captionState.text} />
        {guard.refused && (
          <div className="media-player-refused" role="alert">
            {t('seekRefused')}
          </div>
        )}
        {kind === 'video' && paused && state?.kind !== 'notFound' && state?.kind !== 'processing' && (
          <button type="button" className="media-player-start" aria-label={startLabel} onClick={toggle}>
            <span aria-hidden className="media-player-start-icon" />
          </button>
        )}
        {message && (
          <div className={`media-player-message media-player-message-${state?.kind}`} role="status">
            <span>{message}</span>
            {state?.kind === 'processing' && <span className="media-player-sub">{t('processingDesc')}</span>}
            {canRetry && (
              <button type="button" className="media-player-retry" onClick={retry}>
                {t('retry')}
              </button>
            )}
          </div>
        )}
      </div>
      <PlayerControls
        media={mediaRef}
        box={boxRef}
        kind={kind}
        t={t}
        title={title}
        paused={paused}
        onToggle={toggle}
        onSeek={seekTo}
        onSpeed={setSpeed}
        onMute={toggleMute}
        started={started}
        quality={quality}
        onLevel={(index) => playbackRef.current?.setLevel(index)}
        captions={kind === 'video' ? captions : []}
        caption={captionState.chosen}
        onCaption={captionState.choose}
        watermarked={mark !== null}
      />
      <p id={hintId} className="media-player-hint">
        {t('keyHint')}
      </p>
    </div>
  );
};
