import { useEffect, useState, type RefObject } from 'react';
import type { Quality } from './playback.ts';
import { CaptionMenu, PipButton, QualityMenu, VolumeSlider, type CaptionChoice } from './player-menus.tsx';
import { clock, SPEEDS, type PlayerT } from './player-words.ts';

/**
 * The bar under the box: play/pause, the position slider with the time, speed, 清晰度, 字幕, mute with
 * the volume slider, and (video) picture-in-picture and full screen. Every control is a native element with a label in the page's language, so a keyboard and a
 * screen reader reach each one; its height is fixed, so it is drawn before anything plays.
 */
export const PlayerControls = ({
  media,
  box,
  kind,
  t,
  paused,
  started,
  onToggle,
  onSeek,
  onSpeed,
  onMute,
  quality,
  onLevel,
  captions,
  caption,
  onCaption,
  watermarked = false,
}: {
  media: RefObject<HTMLMediaElement | null>;
  box: RefObject<HTMLDivElement | null>;
  kind: 'video' | 'audio';
  t: PlayerT;
  title: string;
  paused: boolean;
  started: boolean;
  onToggle: () => void;
  /** To a time (s). */
  onSeek: (seconds: number) => void;
  onSpeed: (rate: number) => void;
  onMute: () => void;
  quality: Quality | null;
  onLevel: (index: number) => void;
  captions: readonly CaptionChoice[];
  caption: number | null;
  onCaption: (captionId: number | null) => void;
  /** A watermark is drawn over the video: no picture-in-picture, whose window shows the bare video. */
  watermarked?: boolean;
}) => {
  const [time, setTime] = useState(0);
  const [duration, setDuration] = useState(0);
  const [rate, setRate] = useState(1);
  const [muted, setMuted] = useState(false);
  const [full, setFull] = useState(false);

  useEffect(() => {
    const el = media.current;
    if (!el) return;
    const onTime = () => setTime(el.currentTime);
    const onDuration = () => setDuration(Number.isFinite(el.duration) ? el.duration : 0);
    const onVolume = () => setMuted(el.muted);
    // A new source resets the rate to the default one; both are set, so a renewal keeps the choice.
    const onRate = () => setRate(el.playbackRate);
    el.addEventListener('timeupdate', onTime);
    el.addEventListener('durationchange', onDuration);
    el.addEventListener('volumechange', onVolume);
    el.addEventListener('ratechange', onRate);
    const onFull = () => {
      const isFull = document.fullscreenElement === box.current;
      setFull(isFull);
      // Out of full screen (the button, Esc or the phone's back): the screen turns freely again.
      if (!isFull) unlockOrientation();
    };
    document.addEventListener('fullscreenchange', onFull);
    return () => {
      el.removeEventListener('timeupdate', onTime);
      el.removeEventListener('durationchange', onDuration);
      el.removeEventListener('volumechange', onVolume);
      el.removeEventListener('ratechange', onRate);
      document.removeEventListener('fullscreenchange', onFull);
    };
  }, [media, box]);

  const setSpeed = (value: number) => {
    onSpeed(value);
    setRate(value);
  };

  const toggleFull = () => {
    // The box, not the video: the watermark stays over the picture in full screen.
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    else {
      const el = media.current;
      const wide = el instanceof HTMLVideoElement && el.videoWidth > el.videoHeight;
      void box.current
        ?.requestFullscreen?.()
        // A landscape video fills a phone held upright only once the screen turns: turn it.
        .then(() => (wide ? lockLandscape() : undefined))
        .catch(() => undefined);
    }
  };

  return (
    <div className="media-player-controls">
      <button
        type="button"
        className={`media-player-button media-player-${paused ? 'play' : 'pause'}`}
        aria-label={paused ? t('play') : t('pause')}
        onClick={onToggle}
      >
        <span aria-hidden className="media-player-icon" />
      </button>
      <input
        type="range"
        className="media-player-seek"
        aria-label={t('seek')}
        aria-valuetext={t('time', { current: clock(time), total: clock(duration) })}
        min={0}
        max={duration || 0}
        step={1}
        value={Math.min(time, duration || 0)}
        disabled={!started || duration === 0}
        onChange={(event) => onSeek(Number(event.target.value))}
      />
      <span className="media-player-time" aria-hidden>
        {t('time', { current: clock(time), total: clock(duration) })}
      </span>
      <select
        className="media-player-speed"
        aria-label={t('speed')}
        value={String(rate)}
        onChange={(event) => setSpeed(Number(event.target.value))}
      >
        {SPEEDS.map((speed) => (
          <option key={speed} value={String(speed)}>
            {t('speedValue', { rate: speed })}
          </option>
        ))}
      </select>
      <QualityMenu quality={quality} t={t} onLevel={onLevel} />
      <CaptionMenu captions={captions} chosen={caption} t={t} onChoose={onCaption} />
      <button
        type="button"
        className={`media-player-button media-player-${muted ? 'muted' : 'volume'}`}
        aria-label={t('mute')}
        aria-pressed={muted}
        onClick={onMute}
      >
        <span aria-hidden className="media-player-icon" />
      </button>
      <VolumeSlider media={media} t={t} />
      {kind === 'video' && !watermarked && <PipButton media={media} t={t} />}
      {kind === 'video' && (
        <button
          type="button"
          className="media-player-button media-player-full"
          aria-label={full ? t('exitFullscreen') : t('fullscreen')}
          onClick={toggleFull}
        >
          <span aria-hidden className="media-player-icon" />
        </button>
      )}
    </div>
  );
};

/**
 * Screen orientation in full screen (Android's browsers and WeChat there; iOS has no lock and
 * turns the picture itself): refused or unknown, nothing happens.
 */
type LockableOrientation = ScreenOrientation & { lock?: (o: 'landscape') => Promise<void> };
const orientation = (): LockableOrientation | null =>
  typeof screen !== 'undefined' && screen.orientation ? (screen.orientation as LockableOrientation) : null;
export const lockLandscape = (): Promise<void> =>
  orientation()
    ?.lock?.('landscape')
    .catch(() => undefined) ?? Promise.resolve();
export const unlockOrientation = (): void => {
  try {
    orientation()?.unlock?.();
  } catch {
    // Not locked, or no lock on this browser.
  }
};
