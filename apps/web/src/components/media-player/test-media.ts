/**
 * Test stand-ins for the player in jsdom (which has no media playback): an hls.js that loads
 * nothing, and elements whose play/pause flip `paused` and fire their events, as a browser's do.
 */
import { vi } from 'vitest';
import type { HlsClass } from './playback.ts';

export class QuietHls {
  static Events = {
    ERROR: 'hlsError',
    MANIFEST_PARSED: 'hlsManifestParsed',
    LEVEL_SWITCHED: 'hlsLevelSwitched',
  };
  static ErrorTypes = { MEDIA_ERROR: 'mediaError' };
  static isSupported = () => true;
  on() {}
  loadSource() {}
  attachMedia() {}
  destroy() {}
}
export const loadHls = () => Promise.resolve(QuietHls as unknown as HlsClass);

/** For a `beforeEach`: play, pause and load on every media element, restored by `vi.restoreAllMocks`. */
export function fakeMediaPlayback(): void {
  const paused = new WeakMap<HTMLMediaElement, boolean>();
  vi.spyOn(HTMLMediaElement.prototype, 'paused', 'get').mockImplementation(function (this: HTMLMediaElement) {
    return paused.get(this) ?? true;
  });
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
    paused.set(this, false);
    this.dispatchEvent(new Event('play'));
    return Promise.resolve();
  });
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(function (this: HTMLMediaElement) {
    paused.set(this, true);
    this.dispatchEvent(new Event('pause'));
  });
  vi.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => undefined);
}
