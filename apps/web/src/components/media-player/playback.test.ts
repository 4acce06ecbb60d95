/**
 * A playback's rules without a browser's decoder: hls.js is a recording fake (its constructor options,
 * sources, attached elements, and errors emitted by the test), the element a jsdom `<video>`.
 */
import { Code, type MediaPlay } from '@studio/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  EXPIRY_MARGIN_MS,
  MAX_RENEWALS,
  Playback,
  prefersNativeHls,
  type HlsClass,
  type Quality,
} from './playback.ts';

type Handler = (event: string, data: object) => void;
/** What the fake hls.js instances saw, in order. */
const made: FakeHls[] = [];
class FakeHls {
  static Events = {
    ERROR: 'hlsError',
    MANIFEST_PARSED: 'hlsManifestParsed',
    LEVEL_SWITCHED: 'hlsLevelSwitched',
  };
  static ErrorTypes = { MEDIA_ERROR: 'mediaError', NETWORK_ERROR: 'networkError' };
  static isSupported = () => true;
  source = '';
  media: HTMLMediaElement | null = null;
  destroyed = false;
  recovered = 0;
  currentLevel = -1;
  private handlers: [string, Handler][] = [];
  constructor(readonly config: { startPosition: number }) {
    made.push(this);
  }
  on(event: string, handler: Handler) {
    this.handlers.push([event, handler]);
  }
  loadSource(url: string) {
    this.source = url;
  }
  attachMedia(el: HTMLMediaElement) {
    this.media = el;
  }
  recoverMediaError() {
    this.recovered++;
  }
  destroy() {
    this.destroyed = true;
  }
  emit(event: string, data: object) {
    for (const [e, h] of this.handlers) if (e === event) h(event, data);
  }
  emitError(data: object) {
    this.emit('hlsError', data);
  }
}
const loadHls = vi.fn(() => Promise.resolve(FakeHls as unknown as HlsClass));

const answer = (n: number, over: Partial<MediaPlay> = {}): MediaPlay => ({
  mediaId: 7,
  kind: 'video',
  status: 'ready',
  progress: 100,
  durationMs: 60_000,
  playlistUrl: `/api/media/hls/token-${n}/master.m3u8`,
  posterUrl: `/api/media/hls/token-${n}/poster.jpg`,
  captions: [],
  expireTime: 1_000_000 + 600_000,
  ...over,
});

/** A `<video>` whose play() and pause() behave (jsdom implements neither). */
const videoElement = (canPlayHls = '') => {
  const el = document.createElement('video');
  vi.spyOn(el, 'canPlayType').mockReturnValue(canPlayHls as CanPlayTypeResult);
  let paused = true;
  Object.defineProperty(el, 'paused', { get: () => paused });
  el.play = vi.fn(() => {
    paused = false;
    el.dispatchEvent(new Event('play'));
    return Promise.resolve();
  });
  el.pause = vi.fn(() => {
    paused = true;
    el.dispatchEvent(new Event('pause'));
  });
  el.load = vi.fn();
  return el;
};

const setup = (options: { native?: boolean; canPlayHls?: string; answers?: (MediaPlay | Error)[] } = {}) => {
  const el = videoElement(options.canPlayHls);
  const answers = [...(options.answers ?? [answer(1), answer(2), answer(3), answer(4), answer(5)])];
  const fetchPlay = vi.fn(() => {
    const next = answers.shift()!;
    return next instanceof Error ? Promise.reject(next) : Promise.resolve(next);
  });
  const states: string[] = [];
  let now = 1_000_000;
  const playback = new Playback(el, {
    body: { mediaId: 7, courseId: 3, lessonId: 11 },
    fetchPlay,
    loadHls,
    native: options.native,
    onState: (s) => states.push(s.kind === 'processing' ? `processing ${s.progress}` : s.kind),
    now: () => now,
  });
  return { el, fetchPlay, states, playback, later: (ms: number) => (now += ms) };
};

const codeError = (code: number) => Object.assign(new Error('refused'), { code });

afterEach(() => {
  made.length = 0;
  loadHls.mockClear();
  vi.restoreAllMocks();
});

describe('native HLS or hls.js', () => {
  it('plays natively where the element takes an HLS playlist (Safari, iOS, WeChat), without hls.js', async () => {
    const { el, playback } = setup({ canPlayHls: 'maybe' });
    expect(prefersNativeHls(el)).toBe(true);
    await playback.start();
    expect(el.getAttribute('src')).toBe('/api/media/hls/token-1/master.m3u8');
    expect(loadHls).not.toHaveBeenCalled();
  });

  it('prefers hls.js where MediaSource exists, even when the element says it plays HLS (Chromium)', () => {
    const el = videoElement('maybe');
    expect(prefersNativeHls(el, { MediaSource: class {} })).toBe(false);
    expect(prefersNativeHls(el, {})).toBe(true);
    expect(prefersNativeHls(videoElement(''), {})).toBe(false);
  });

  it('loads hls.js elsewhere and gives it the signed playlist and the element, from the start position', async () => {
    const { el, playback, fetchPlay } = setup({ canPlayHls: '' });
    expect(prefersNativeHls(el)).toBe(false);
    await playback.start(42);
    expect(fetchPlay).toHaveBeenCalledWith({ mediaId: 7, courseId: 3, lessonId: 11 });
    expect(loadHls).toHaveBeenCalledTimes(1);
    expect(made).toHaveLength(1);
    expect(made[0]!.source).toBe('/api/media/hls/token-1/master.m3u8');
    expect(made[0]!.media).toBe(el);
    expect(made[0]!.config.startPosition).toBe(42);
    expect(el.hasAttribute('src')).toBe(false);
  });
});

describe('addresses that run out', () => {
  it('a refused key (403, 30048) asks for new addresses and goes on at the same time', async () => {
    const { el, playback, fetchPlay, states } = setup({ native: false });
    await playback.start();
    el.currentTime = 31;
    await el.play();
    made[0]!.emitError({
      fatal: true,
      type: 'networkError',
      details: 'keyLoadError',
      response: { code: 403 },
    });
    await vi.waitFor(() => expect(made).toHaveLength(2));
    expect(fetchPlay).toHaveBeenCalledTimes(2);
    expect(made[0]!.destroyed).toBe(true);
    expect(made[1]!.source).toBe('/api/media/hls/token-2/master.m3u8');
    expect(made[1]!.config.startPosition).toBe(31);
    expect(el.autoplay).toBe(true); // it was playing: it plays on
    expect(states.at(-1)).toBe('ready');
  });

  it('pressing play after the addresses expired (a long pause) renews them first, at the paused time', async () => {
    const { el, playback, fetchPlay, later } = setup({ native: false });
    await playback.start();
    await el.play();
    el.currentTime = 90;
    el.pause();
    later(600_000 - EXPIRY_MARGIN_MS + 1);
    await playback.resume();
    expect(fetchPlay).toHaveBeenCalledTimes(2);
    expect(made[1]!.config.startPosition).toBe(90);
    expect(el.autoplay).toBe(true);
  });

  it('pressing play while they are fresh just plays (no new request)', async () => {
    const { el, playback, fetchPlay, later } = setup({ native: false });
    await playback.start();
    el.pause();
    later(60_000);
    await playback.resume();
    expect(fetchPlay).toHaveBeenCalledTimes(1);
    expect(el.play).toHaveBeenCalled();
  });

  it('native HLS: an element error renews the addresses and seeks back to where it was', async () => {
    const { el, playback, fetchPlay } = setup({ native: true });
    await playback.start();
    el.currentTime = 12;
    Object.defineProperty(el, 'error', { value: { code: 2 }, configurable: true });
    el.dispatchEvent(new Event('error'));
    await vi.waitFor(() => expect(el.getAttribute('src')).toBe('/api/media/hls/token-2/master.m3u8'));
    expect(fetchPlay).toHaveBeenCalledTimes(2);
    el.currentTime = 0; // a new source starts at 0; the player seeks once its length is known
    el.dispatchEvent(new Event('loadedmetadata'));
    expect(el.currentTime).toBe(12);
  });

  it(`gives up after ${MAX_RENEWALS} renewals that never play, and says so`, async () => {
    const { playback, fetchPlay, states } = setup({ native: false });
    await playback.start();
    for (let i = 0; i <= MAX_RENEWALS; i++) {
      made.at(-1)!.emitError({ fatal: true, type: 'networkError', details: 'manifestLoadError' });
      await vi.waitFor(() => expect(states.at(-1)).toMatch(/ready|failed/));
    }
    await vi.waitFor(() => expect(states.at(-1)).toBe('failed'));
    expect(fetchPlay).toHaveBeenCalledTimes(1 + MAX_RENEWALS);
  });

  it('a fatal decoding error is recovered by hls.js once, without new addresses', async () => {
    const { playback, fetchPlay } = setup({ native: false });
    await playback.start();
    made[0]!.emitError({ fatal: true, type: 'mediaError', details: 'bufferAppendError' });
    expect(made[0]!.recovered).toBe(1);
    expect(fetchPlay).toHaveBeenCalledTimes(1);
  });
});

describe('清晰度 (hls.js levels)', () => {
  it('reports the renditions, switches at once to the chosen one, and keeps the choice over a renewal', async () => {
    const el = videoElement();
    const seen: Quality[] = [];
    const answers = [answer(1), answer(2)];
    const playback = new Playback(el, {
      body: { mediaId: 7 },
      fetchPlay: () => Promise.resolve(answers.shift()!),
      loadHls,
      native: false,
      onState: () => undefined,
      onQuality: (q) => seen.push(q),
    });
    await playback.start();
    made[0]!.emit('hlsManifestParsed', { levels: [{ height: 360 }, { height: 720 }] });
    expect(seen.at(-1)).toEqual({
      levels: [
        { index: 0, name: '360p' },
        { index: 1, name: '720p' },
      ],
      chosen: -1,
      playing: -1,
    });
    made[0]!.emit('hlsLevelSwitched', { level: 1 });
    expect(seen.at(-1)).toMatchObject({ chosen: -1, playing: 1 });
    playback.setLevel(0);
    expect(made[0]!.currentLevel).toBe(0);
    expect(seen.at(-1)).toMatchObject({ chosen: 0 });
    // New addresses: the new hls.js plays the chosen level too.
    await playback.renew();
    made[1]!.emit('hlsManifestParsed', { levels: [{ height: 360 }, { height: 720 }] });
    expect(made[1]!.currentLevel).toBe(0);
    playback.setLevel(-1);
    expect(made[1]!.currentLevel).toBe(-1);
  });
});

describe('what the server answers', () => {
  it('not transcoded yet: the percent, and no source', async () => {
    const { el, playback, states } = setup({ answers: [answer(1, { playlistUrl: null, progress: 37 })] });
    await playback.start();
    expect(states).toEqual(['loading', 'processing 37']);
    expect(el.hasAttribute('src')).toBe(false);
    expect(made).toHaveLength(0);
  });

  it('404: no access (another team, a paid lesson for a visitor)', async () => {
    const { playback, states } = setup({ answers: [codeError(Code.NOT_FOUND)] });
    await playback.start();
    expect(states).toEqual(['loading', 'notFound']);
  });

  it('30047 (not ready) reads as transcoding; anything else as a failure', async () => {
    const a = setup({ answers: [codeError(Code.MEDIA_NOT_READY)] });
    await a.playback.start();
    expect(a.states.at(-1)).toBe('processing 0');
    const b = setup({ answers: [new Error('offline')] });
    await b.playback.start();
    expect(b.states.at(-1)).toBe('failed');
  });
});
