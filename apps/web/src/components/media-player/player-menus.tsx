/**
 * The bar's menus and extras added by issue 47: 清晰度 (自动 and each rendition hls.js found), 字幕
 * (off or one of the author's caption languages), the volume slider and picture-in-picture. Native
 * elements with labels in the page's language, so each is reached by Tab and worked by the keyboard.
 */
import { useEffect, useState, type RefObject } from 'react';
import type { Quality } from './playback.ts';
import type { PlayerT } from './player-words.ts';

/** 清晰度: shown once hls.js has read the playlist's levels (native HLS chooses by itself). */
export const QualityMenu = ({
  quality,
  t,
  onLevel,
}: {
  quality: Quality | null;
  t: PlayerT;
  onLevel: (index: number) => void;
}) => {
  if (!quality || quality.levels.length === 0) return null;
  const playing = quality.levels.find((l) => l.index === quality.playing);
  return (
    <select
      className="media-player-menu media-player-quality"
      aria-label={t('quality')}
      value={String(quality.chosen)}
      data-playing={playing?.name ?? ''}
      onChange={(event) => onLevel(Number(event.target.value))}
    >
      <option value="-1">
        {quality.chosen === -1 && playing
          ? t('qualityAutoPlaying', { level: playing.name })
          : t('qualityAuto')}
      </option>
      {quality.levels.map((level) => (
        <option key={level.index} value={String(level.index)}>
          {level.name}
        </option>
      ))}
    </select>
  );
};

/** A caption language the player can show: its address comes with the playback's. */
export type CaptionChoice = { captionId: number; lang: string; label: string; url: string };

/** 字幕: off or one language; only when the media has captions. */
export const CaptionMenu = ({
  captions,
  chosen,
  t,
  onChoose,
}: {
  captions: readonly CaptionChoice[];
  chosen: number | null;
  t: PlayerT;
  onChoose: (captionId: number | null) => void;
}) =>
  captions.length === 0 ? null : (
    <select
      className="media-player-menu media-player-captions"
      aria-label={t('captions')}
      value={chosen === null ? '' : String(chosen)}
      onChange={(event) => onChoose(event.target.value ? Number(event.target.value) : null)}
    >
      <option value="">{t('captionsOff')}</option>
      {captions.map((c) => (
        <option key={c.captionId} value={String(c.captionId)}>
          {c.label}
        </option>
      ))}
    </select>
  );

/** At 0 it mutes and keeps the last volume, so 取消静音 brings that back rather than silence. */
const applyVolume = (el: HTMLMediaElement, value: number) => {
  if (value > 0) el.volume = value;
  el.muted = value === 0;
};

/** The volume, 0–1 (muted reads as 0); moving it up unmutes, down to 0 mutes. */
export const VolumeSlider = ({ media, t }: { media: RefObject<HTMLMediaElement | null>; t: PlayerT }) => {
  const [volume, setVolume] = useState(1);
  useEffect(() => {
    const el = media.current;
    if (!el) return;
    const onVolume = () => setVolume(el.muted ? 0 : el.volume);
    onVolume();
    el.addEventListener('volumechange', onVolume);
    return () => el.removeEventListener('volumechange', onVolume);
  }, [media]);
  return (
    <input
      type="range"
      className="media-player-volume-slider"
      aria-label={t('volume')}
      aria-valuetext={`${Math.round(volume * 100)}%`}
      min={0}
      max={1}
      step={0.05}
      value={volume}
      onChange={(event) => {
        const value = Number(event.target.value);
        if (media.current) applyVolume(media.current, value);
        setVolume(value);
      }}
    />
  );
};

type PipDocument = Document & {
  pictureInPictureEnabled?: boolean;
  pictureInPictureElement?: Element | null;
  exitPictureInPicture?: () => Promise<void>;
};
type PipVideo = HTMLVideoElement & { requestPictureInPicture?: () => Promise<unknown> };

/** Whether this browser offers picture-in-picture for a video (Chromium, Safari; not Firefox's API). */
export const pipSupported = (doc: PipDocument = document): boolean =>
  doc.pictureInPictureEnabled === true &&
  typeof HTMLVideoElement.prototype.requestPictureInPicture === 'function';

/** 画中画: the video in a small window of its own, where the browser supports it. */
export const PipButton = ({ media, t }: { media: RefObject<HTMLMediaElement | null>; t: PlayerT }) => {
  const [inPip, setInPip] = useState(false);
  useEffect(() => {
    const el = media.current;
    if (!el) return;
    const enter = () => setInPip(true);
    const leave = () => setInPip(false);
    el.addEventListener('enterpictureinpicture', enter);
    el.addEventListener('leavepictureinpicture', leave);
    return () => {
      el.removeEventListener('enterpictureinpicture', enter);
      el.removeEventListener('leavepictureinpicture', leave);
    };
  }, [media]);
  if (!pipSupported()) return null;
  const toggle = () => {
    const doc = document as PipDocument;
    if (doc.pictureInPictureElement) void doc.exitPictureInPicture?.().catch(() => undefined);
    else void (media.current as PipVideo | null)?.requestPictureInPicture?.().catch(() => undefined);
  };
  return (
    <button
      type="button"
      className="media-player-button media-player-pip"
      aria-label={inPip ? t('exitPip') : t('pip')}
      aria-pressed={inPip}
      onClick={toggle}
    >
      <span aria-hidden className="media-player-icon" />
    </button>
  );
};
