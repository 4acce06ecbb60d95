import type { mediaPlayerZhCN } from './zh-cn-media.ts';

/** The video and audio player of lessons (components/media-player): English. Typed as the Chinese. */
export const mediaPlayerEnUS: typeof mediaPlayerZhCN = {
  playVideo: 'Play video: {{title}}',
  playAudio: 'Play audio: {{title}}',
  untitled: 'Untitled',
  play: 'Play',
  pause: 'Pause',
  seek: 'Playback position',
  time: '{{current}} / {{total}}',
  speed: 'Playback speed',
  speedValue: '{{rate}}×',
  mute: 'Mute',
  unmute: 'Unmute',
  fullscreen: 'Full screen',
  exitFullscreen: 'Exit full screen',
  loading: 'Loading…',
  processing: 'Converting {{progress}}%',
  processingDesc: 'The video is still being converted; it plays once that is done',
  notFound: 'Cannot play: you have no access, or the media was deleted',
  failed: 'Playback failed; try again shortly',
  retry: 'Try again',
  keyHint: 'Space or K to play/pause, ← / → to go back/forward 5 seconds',
  watermark: 'Anti-recording watermark',
};
