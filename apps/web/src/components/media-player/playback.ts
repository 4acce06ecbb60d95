/**
 * One playback of a media block, without React: asks the server for signed HLS addresses
 * (`/api/media/play`), attaches them to the `<video>`/`<audio>` element natively (iOS Safari, WeChat)
 * or through hls.js (loaded only here, on the first press), and asks again when they run out: before
 * playing after a long pause, and when a playlist or the key is refused (403, 30048) or fails, going on
 * at the same time. The server decides access on every key request; this only follows its answers.
 */
import type { MediaPlay, MediaPlayBody } from '@studio/contract';
import { Code } from '@studio/contract/constants';
import type HlsType from 'hls.js/light';
import type { ErrorData } from 'hls.js/light';

export type FetchPlay = (body: MediaPlayBody) => Promise<MediaPlay>;
export type HlsClass = typeof HlsType;
export type LoadHls = () => Promise<HlsClass>;

export type PlaybackState =
  | { kind: 'loading' }
  /** Not playable yet: no rendition transcoded (its percent). */
  | { kind: 'processing'; progress: number }
  /** 404: no access to this lesson's media (or it is gone). */
  | { kind: 'notFound' }
  | { kind: 'failed' }
  | { kind: 'ready' };

/** Addresses this close to their end are renewed before they are used (a press after a long pause). */
export const EXPIRY_MARGIN_MS = 20_000;
/** Renewals in a row without the media playing in between: then the failure is shown, not retried. */
export const MAX_RENEWALS = 3;

export const HLS_MIME = 'application/vnd.apple.mpegurl';

/**
 * Native HLS where the browser plays it and has no MediaSource for hls.js: iOS Safari and WeChat's iOS
 * browser (WKWebView). Where both exist, hls.js: desktop Chromium now says `maybe` to HLS too, but
 * hls.js is the player these pages are tested with (AES-128, renewal at the same time, levels).
 */
export const prefersNativeHls = (el: HTMLMediaElement, win: object = globalThis): boolean =>
  el.canPlayType(HLS_MIME) !== '' && !('MediaSource' in win);

export const addressesFresh = (play: MediaPlay | null, now: number): boolean =>
  !!play?.playlistUrl && play.expireTime - EXPIRY_MARGIN_MS > now;

/** The business code of a failed `fetchPlay` (ApiError in the app, PlayError on public pages). */
export const codeOf = (error: unknown): number | undefined => {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'number' ? code : undefined;
};

/** hls.js loads hls.light (no subtitles, alternate audio or DRM: AES-128 is in it), as its own chunk. */
export const loadHlsJs: LoadHls = () => import('hls.js/light').then((m) => m.default);

/** An hls.js error that new addresses cure: a playlist or the key refused (403) or not loaded. */
export const isAddressError = (data: Pick<ErrorData, 'details' | 'response'>): boolean =>
  data.response?.code === 403 ||
  ['manifestLoadError', 'levelLoadError', 'keyLoadError', 'manifestLoadTimeOut'].includes(data.details);

/** A rendition hls.js can play (清晰度): its index in hls.js's levels and its name (`360p`). */
export type QualityLevel = { index: number; name: string };
/** The levels of the playlist, the viewer's choice (-1: 自动) and the level playing now (-1: none yet). */
export type Quality = { levels: QualityLevel[]; chosen: number; playing: number };

/** A level's name as the menu shows it: its height (`720p`), else its bitrate. */
export const levelName = (level: { height?: number; bitrate?: number }): string =>
  level.height ? `${level.height}p` : `${Math.round((level.bitrate ?? 0) / 1000)} kbps`;

export type PlaybackOptions = {
  body: MediaPlayBody;
  fetchPlay: FetchPlay;
  onState: (state: PlaybackState) => void;
  onPoster?: (url: string | null) => void;
  /** The addresses' answer as a whole (the captions' addresses come with them). */
  onPlay?: (play: MediaPlay) => void;
  /** hls.js's renditions and which plays (native HLS has none to choose: never called). */
  onQuality?: (quality: Quality) => void;
  loadHls?: LoadHls;
  /** Decided by the caller once (tests force either way). */
  native?: boolean;
  now?: () => number;
};

export class Playback {
  private play: MediaPlay | null = null;
  private detach: (() => void) | null = null;
  private renewals = 0;
  private destroyed = false;
  /** The viewer's wish (their last play or pause), kept over a renewal. */
  private wantsPlay = false;
  private readonly native: boolean;
  private readonly now: () => number;
  private hls: InstanceType<HlsClass> | null = null;
  /** The viewer's 清晰度 (-1: 自动), kept over a renewal. */
  private chosenLevel = -1;
  private quality: Quality = { levels: [], chosen: -1, playing: -1 };

  constructor(
    private readonly el: HTMLMediaElement,
    private readonly options: PlaybackOptions,
  ) {
    this.native = options.native ?? prefersNativeHls(el);
    this.now = options.now ?? Date.now;
    el.addEventListener('playing', this.onPlaying);
    el.addEventListener('play', this.onPlay);
    el.addEventListener('pause', this.onPause);
    el.addEventListener('error', this.onNativeError);
  }

  /** The first press: addresses, then the source, from `atSeconds`, playing. */
  start(atSeconds = 0): Promise<void> {
    this.wantsPlay = true;
    return this.load(atSeconds, true);
  }

  /** Before playing again: stale addresses are renewed first (at the current time). */
  async ensureFresh(): Promise<void> {
    if (this.play && !addressesFresh(this.play, this.now())) await this.renew();
  }

  /** Play again after a pause: through new addresses when these are stale. */
  async resume(): Promise<void> {
    this.wantsPlay = true;
    if (this.play && !addressesFresh(this.play, this.now())) await this.renew();
    else await this.el.play().catch(() => undefined);
  }

  /** New addresses, and on where the viewer was (playing if it was, or was about to). */
  async renew(): Promise<void> {
    if (this.destroyed) return;
    if (this.renewals >= MAX_RENEWALS) {
      this.options.onState({ kind: 'failed' });
      return;
    }
    this.renewals++;
    await this.load(this.el.currentTime, this.wantsPlay);
  }

  /** 清晰度: a level's index, or -1 for 自动 (hls.js picks by bandwidth). Switches at once. */
  setLevel(index: number): void {
    this.chosenLevel = index;
    if (this.hls) this.hls.currentLevel = index;
    this.report({ chosen: index });
  }

  private report(change: Partial<Quality>): void {
    this.quality = { ...this.quality, ...change };
    this.options.onQuality?.(this.quality);
  }

  destroy(): void {
    this.destroyed = true;
    this.detach?.();
    this.detach = null;
    this.el.removeEventListener('playing', this.onPlaying);
    this.el.removeEventListener('play', this.onPlay);
    this.el.removeEventListener('pause', this.onPause);
    this.el.removeEventListener('error', this.onNativeError);
  }

  private readonly onPlaying = () => {
    this.renewals = 0;
  };
  private readonly onPlay = () => {
    this.wantsPlay = true;
  };
  private readonly onPause = () => {
    // A pause the element makes while a source is swapped is not the viewer's: only a playing one counts.
    if (this.el.readyState > 0 && !this.el.ended) this.wantsPlay = false;
  };

  /** Native HLS reports a refused playlist or key only as a media error on the element. */
  private readonly onNativeError = () => {
    if (this.native && this.play && this.el.error) void this.renew();
  };

  private async load(atSeconds: number, playing: boolean): Promise<void> {
    this.options.onState({ kind: 'loading' });
    let play: MediaPlay;
    try {
      play = await this.options.fetchPlay(this.options.body);
    } catch (error) {
      if (this.destroyed) return;
      const code = codeOf(error);
      if (code === Code.NOT_FOUND) this.options.onState({ kind: 'notFound' });
      else if (code === Code.MEDIA_NOT_READY) this.options.onState({ kind: 'processing', progress: 0 });
      else this.options.onState({ kind: 'failed' });
      return;
    }
    if (this.destroyed) return;
    if (!play.playlistUrl) {
      this.options.onState({ kind: 'processing', progress: play.progress });
      return;
    }
    this.play = play;
    this.options.onPoster?.(play.posterUrl);
    this.options.onPlay?.(play);
    await this.attach(play.playlistUrl, atSeconds, playing);
  }

  private async attach(url: string, atSeconds: number, playing: boolean): Promise<void> {
    this.detach?.();
    this.detach = null;
    const el = this.el;
    el.autoplay = playing;
    if (this.native) {
      const seek = () => {
        if (atSeconds > 0) el.currentTime = atSeconds;
      };
      el.addEventListener('loadedmetadata', seek, { once: true });
      el.src = url;
      this.detach = () => {
        el.removeEventListener('loadedmetadata', seek);
        el.removeAttribute('src');
        el.load();
      };
      this.options.onState({ kind: 'ready' });
      return;
    }
    const Hls = await (this.options.loadHls ?? loadHlsJs)();
    if (this.destroyed) return;
    if (!Hls.isSupported()) {
      this.options.onState({ kind: 'failed' });
      return;
    }
    // No worker: hls.js would start it from a blob: address, which the pages' CSP (script-src 'self') refuses.
    const hls = new Hls({ startPosition: atSeconds > 0 ? atSeconds : -1, enableWorker: false });
    let mediaRecovered = false;
    hls.on(Hls.Events.ERROR, (_event, data) => {
      if (!data.fatal) return;
      if (isAddressError(data)) void this.renew();
      else if (data.type === Hls.ErrorTypes.MEDIA_ERROR && !mediaRecovered) {
        mediaRecovered = true;
        hls.recoverMediaError();
      } else this.options.onState({ kind: 'failed' });
    });
    hls.on(Hls.Events.MANIFEST_PARSED, (_event, data) => {
      const levels = data.levels.map((level, index) => ({ index, name: levelName(level) }));
      // A renewal keeps the viewer's choice.
      if (this.chosenLevel >= 0 && this.chosenLevel < levels.length) hls.currentLevel = this.chosenLevel;
      this.report({ levels, chosen: this.chosenLevel });
    });
    hls.on(Hls.Events.LEVEL_SWITCHED, (_event, data) => this.report({ playing: data.level }));
    hls.loadSource(url);
    hls.attachMedia(el);
    this.hls = hls;
    this.detach = () => {
      hls.destroy();
      this.hls = null;
    };
    this.options.onState({ kind: 'ready' });
  }
}
