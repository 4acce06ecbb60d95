/**
 * Learning on a phone (issue 44, item 7), in jsdom with stand-ins for what phones have: the video
 * plays inline (iOS and WeChat's X5), full screen turns a landscape video's screen to landscape and
 * lets go on leaving, and the lock screen shows and steers the lesson (Media Session), for audio too.
 */
import type { MediaPlay } from '@studio/contract';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MediaPlayer } from './media-player.tsx';
import { attachMediaSession } from './media-session.ts';
import { fakeMediaPlayback, loadHls } from './test-media.ts';

const play: MediaPlay = {
  mediaId: 7,
  kind: 'video',
  status: 'ready',
  progress: 100,
  durationMs: 60_000,
  playlistUrl: '/api/media/hls/t/master.m3u8',
  posterUrl: null,
  captions: [],
  expireTime: Date.now() + 600_000,
};

/** A Media Session as a phone's browser has it, recording what the page gives it. */
class FakeMediaMetadata {
  title: string;
  artist: string;
  artwork: { src: string }[];
  constructor(init: { title: string; artist: string; artwork: { src: string }[] }) {
    this.title = init.title;
    this.artist = init.artist;
    this.artwork = init.artwork;
  }
}
let session: {
  metadata: FakeMediaMetadata | null;
  playbackState: string;
  handlers: Map<string, ((details: { seekOffset?: number; seekTime?: number }) => void) | null>;
  setActionHandler: (a: string, h: ((d: object) => void) | null) => void;
  setPositionState: ReturnType<typeof vi.fn>;
};

beforeEach(() => {
  fakeMediaPlayback();
  const handlers = new Map();
  session = {
    metadata: null,
    playbackState: 'none',
    handlers,
    setActionHandler: (a, h) => handlers.set(a, h),
    setPositionState: vi.fn(),
  };
  vi.stubGlobal('MediaMetadata', FakeMediaMetadata);
  Object.defineProperty(navigator, 'mediaSession', { value: session, configurable: true });
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'mediaSession');
});

const renderVideo = () =>
  render(
    <MediaPlayer
      mediaId={7}
      kind="video"
      title="视频块"
      courseId={3}
      lessonId={11}
      lang="zh-CN"
      fetchPlay={() => Promise.resolve(play)}
      loadHls={loadHls}
      native={false}
      session={{ title: '第二课 视频', artist: '微信里买的课', artwork: '/api/files/cover/c.png' }}
    />,
  );

describe('playing on a phone', () => {
  it('plays inline: playsinline for iOS and the X5 attributes for WeChat on Android', () => {
    const video = renderVideo().container.querySelector('video')!;
    expect(video.hasAttribute('playsinline')).toBe(true);
    expect(video.getAttribute('webkit-playsinline')).toBe('true');
    expect(video.getAttribute('x5-playsinline')).toBe('true');
    expect(video.getAttribute('x5-video-player-type')).toBe('h5-page');
  });

  it('full screen turns a landscape video to landscape, and lets the screen turn freely on leaving', async () => {
    const lock = vi.fn(() => Promise.resolve());
    const unlock = vi.fn();
    Object.defineProperty(window.screen, 'orientation', { value: { lock, unlock }, configurable: true });
    const { container } = renderVideo();
    const video = container.querySelector('video')!;
    Object.defineProperty(video, 'videoWidth', { value: 1280 });
    Object.defineProperty(video, 'videoHeight', { value: 720 });
    const box = container.querySelector<HTMLElement>('.media-player-box')!;
    box.requestFullscreen = vi.fn(() => {
      Object.defineProperty(document, 'fullscreenElement', { value: box, configurable: true });
      document.dispatchEvent(new Event('fullscreenchange'));
      return Promise.resolve();
    });
    fireEvent.click(screen.getByLabelText('全屏'));
    await waitFor(() => expect(lock).toHaveBeenCalledWith('landscape'));
    expect(unlock).not.toHaveBeenCalled();
    Object.defineProperty(document, 'fullscreenElement', { value: null, configurable: true });
    act(() => void document.dispatchEvent(new Event('fullscreenchange')));
    expect(unlock).toHaveBeenCalledTimes(1);
    Reflect.deleteProperty(window.screen, 'orientation');
    Reflect.deleteProperty(document, 'fullscreenElement');
  });

  it('shows the lesson, its course and cover on the lock screen once it plays, and lets go when it goes away', async () => {
    const { container, unmount } = renderVideo();
    expect(session.metadata).toBeNull();
    const video = container.querySelector('video')!;
    // The element starts playing (the stand-in hls.js never gets that far by itself).
    await act(() => video.play());
    expect(session.metadata).toMatchObject({
      title: '第二课 视频',
      artist: '微信里买的课',
      artwork: [{ src: `${window.location.origin}/api/files/cover/c.png` }],
    });
    expect([...session.handlers.keys()].sort()).toEqual([
      'pause',
      'play',
      'seekbackward',
      'seekforward',
      'seekto',
    ]);
    act(() => session.handlers.get('pause')!({}));
    expect(video.paused).toBe(true);
    expect(session.playbackState).toBe('paused');
    unmount();
    expect(session.metadata).toBeNull();
    expect(session.handlers.get('play')).toBeNull();
  });
});

describe('the lock screen steers an audio lesson', () => {
  it('seeks by its buttons and to a position, and tells the phone where it is', () => {
    const audio = document.createElement('audio');
    Object.defineProperty(audio, 'duration', { value: 120 });
    const detach = attachMediaSession(audio, () => ({ title: '第三课 音频' }));
    audio.dispatchEvent(new Event('play'));
    expect(session.metadata).toMatchObject({ title: '第三课 音频', artist: '', artwork: [] });
    audio.currentTime = 30;
    session.handlers.get('seekforward')!({});
    expect(audio.currentTime).toBe(35);
    session.handlers.get('seekbackward')!({ seekOffset: 10 });
    expect(audio.currentTime).toBe(25);
    session.handlers.get('seekto')!({ seekTime: 200 });
    expect(audio.currentTime).toBe(120);
    audio.dispatchEvent(new Event('seeked'));
    expect(session.setPositionState).toHaveBeenLastCalledWith({
      duration: 120,
      position: 120,
      playbackRate: 1,
    });
    detach();
  });

  it('a player that goes away leaves the lock screen to the one playing since', () => {
    const first = document.createElement('audio');
    const second = document.createElement('audio');
    const detachFirst = attachMediaSession(first, () => ({ title: '第一段' }));
    const detachSecond = attachMediaSession(second, () => ({ title: '第二段' }));
    first.dispatchEvent(new Event('play'));
    second.dispatchEvent(new Event('play'));
    detachFirst();
    expect(session.metadata).toMatchObject({ title: '第二段' });
    detachSecond();
    expect(session.metadata).toBeNull();
  });
});
