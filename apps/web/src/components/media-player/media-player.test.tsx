/**
 * The player as a viewer uses it (jsdom): labels in the page's language, the keyboard, the speed menu,
 * the watermark's rules, and the hooks another part of the app hands it. Addresses come from a stub of
 * `/api/media/play`; the element's playback (absent in jsdom) is a small fake.
 */
import type { MediaPlay } from '@studio/contract';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MediaPlayer, type MediaPlayerProps } from './media-player.tsx';
import type { HlsClass } from './playback.ts';
import { fakeMediaPlayback, loadHls, QuietHls } from './test-media.ts';
import { maskPhone, nextSpot, watermarkText, WATERMARK_MOVE_MS } from './watermark.ts';

const play: MediaPlay = {
  mediaId: 7,
  kind: 'video',
  status: 'ready',
  progress: 100,
  durationMs: 60_000,
  playlistUrl: '/api/media/hls/t/master.m3u8',
  posterUrl: '/api/media/hls/t/poster.jpg',
  captions: [],
  expireTime: Date.now() + 600_000,
};

beforeEach(() => {
  fakeMediaPlayback();
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

const renderPlayer = (props: Partial<MediaPlayerProps> = {}) => {
  const fetchPlay = vi.fn(() => Promise.resolve(play));
  const utils = render(
    <MediaPlayer
      mediaId={7}
      kind="video"
      title="第一讲"
      courseId={3}
      lessonId={11}
      lang="zh-CN"
      fetchPlay={fetchPlay}
      loadHls={loadHls}
      native={false}
      {...props}
    />,
  );
  const video = utils.container.querySelector('video')!;
  return { ...utils, fetchPlay, video };
};

describe('the player', () => {
  it('draws its box before anything loads and asks for addresses only on the press', async () => {
    const { fetchPlay, video } = renderPlayer();
    expect(video.getAttribute('preload')).toBe('none');
    expect(fetchPlay).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: '播放视频：第一讲' }));
    await waitFor(() => expect(fetchPlay).toHaveBeenCalledWith({ mediaId: 7, courseId: 3, lessonId: 11 }));
    await waitFor(() => expect(video.getAttribute('poster')).toBe('/api/media/hls/t/poster.jpg'));
  });

  it('names every control in the page language (Chinese, English)', () => {
    const { unmount } = renderPlayer();
    expect(screen.getByRole('group', { name: '第一讲' })).toBeTruthy();
    for (const name of ['播放进度', '播放速度', '静音', '全屏'])
      expect(screen.getByLabelText(name)).toBeTruthy();
    unmount();
    renderPlayer({ lang: 'en-US' });
    expect(screen.getByRole('button', { name: 'Play video: 第一讲' })).toBeTruthy();
    for (const name of ['Playback position', 'Playback speed', 'Mute', 'Full screen'])
      expect(screen.getByLabelText(name)).toBeTruthy();
  });

  it('offers 0.75× to 2× and sets the element’s rate (kept by a new source)', async () => {
    const { video } = renderPlayer();
    const speed = screen.getByLabelText<HTMLSelectElement>('播放速度');
    expect([...speed.options].map((o) => o.value)).toEqual(['0.75', '1', '1.25', '1.5', '2']);
    expect(speed.value).toBe('1');
    fireEvent.change(speed, { target: { value: '1.5' } });
    expect(video.playbackRate).toBe(1.5);
    expect(video.defaultPlaybackRate).toBe(1.5);
    await waitFor(() => expect(speed.value).toBe('1.5'));
  });

  it('keyboard: K and space play and pause, arrows seek 5 s', async () => {
    const { fetchPlay, video } = renderPlayer();
    const group = screen.getByRole('group', { name: '第一讲' });
    group.focus();
    fireEvent.keyDown(group, { key: 'k' });
    await waitFor(() => expect(fetchPlay).toHaveBeenCalledTimes(1));
    await act(() => video.play());
    expect(screen.getByRole('button', { name: '暂停' })).toBeTruthy();
    fireEvent.keyDown(group, { key: ' ' });
    expect(video.paused).toBe(true);
    video.currentTime = 20;
    fireEvent.keyDown(group, { key: 'ArrowRight' });
    expect(video.currentTime).toBe(25);
    fireEvent.keyDown(group, { key: 'ArrowLeft' });
    fireEvent.keyDown(group, { key: 'ArrowLeft' });
    expect(video.currentTime).toBe(15);
    // The speed menu keeps its own keys.
    fireEvent.keyDown(screen.getByLabelText('播放速度'), { key: 'ArrowLeft' });
    expect(video.currentTime).toBe(15);
  });

  it('shows transcoding with its percent, and a clear message for no access', async () => {
    const processing = vi.fn(() =>
      Promise.resolve({ ...play, playlistUrl: null, posterUrl: null, progress: 40 }),
    );
    const { unmount } = renderPlayer({ fetchPlay: processing, autoStart: true });
    expect(await screen.findByText('转码中 40%')).toBeTruthy();
    expect(screen.getByRole('button', { name: '重试' })).toBeTruthy();
    unmount();
    const refused = vi.fn(() => Promise.reject(Object.assign(new Error('no'), { code: 404 })));
    renderPlayer({ fetchPlay: refused, autoStart: true });
    expect(await screen.findByText('无法播放：没有观看权限，或音视频已删除')).toBeTruthy();
  });

  it('audio: a compact bar (no 16:9 box, no full screen)', () => {
    const { container } = renderPlayer({ kind: 'audio', title: '音频课' });
    expect(container.querySelector('audio')).toBeTruthy();
    expect(container.querySelector('.media-player-audio')).toBeTruthy();
    expect(screen.queryByLabelText('全屏')).toBeNull();
    expect(screen.getByRole('group', { name: '音频课' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '播放' })).toBeTruthy();
  });

  it('hands the element to onMediaElement once, starts at startAtMs, and calls its cleanup on unmount', async () => {
    const cleanup = vi.fn();
    const onMediaElement = vi.fn(() => cleanup);
    const created: { startPosition: number }[] = [];
    class RecordingHls extends QuietHls {
      constructor(config: { startPosition: number }) {
        super();
        created.push(config);
      }
    }
    const props = {
      mediaId: 7,
      kind: 'video' as const,
      title: '第一讲',
      lang: 'zh-CN' as const,
      fetchPlay: () => Promise.resolve(play),
      native: false,
      startAtMs: 83_000,
      loadHls: () => Promise.resolve(RecordingHls as unknown as HlsClass),
    };
    const { container, unmount, rerender } = render(
      <MediaPlayer {...props} onMediaElement={onMediaElement} />,
    );
    const video = container.querySelector('video')!;
    expect(onMediaElement).toHaveBeenCalledTimes(1);
    expect(onMediaElement).toHaveBeenCalledWith(video);
    const another = vi.fn();
    rerender(<MediaPlayer {...props} onMediaElement={another} />);
    expect(onMediaElement).toHaveBeenCalledTimes(1);
    expect(another).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: '播放视频：第一讲' }));
    await waitFor(() => expect(created).toEqual([expect.objectContaining({ startPosition: 83 })]));
    unmount();
    expect(cleanup).toHaveBeenCalledTimes(1);
  });
});

describe('the watermark', () => {
  const viewer = { phone: '13812345678', teamName: '星火教育' };

  it('masks the phone and names the team', () => {
    expect(maskPhone('13812345678')).toBe('138****5678');
    expect(maskPhone('138****5678')).toBe('138****5678');
    expect(watermarkText({ viewer, kind: 'video' })).toBe('138****5678 · 星火教育');
    expect(watermarkText({ viewer: { phone: '13812345678', teamName: null }, kind: 'video' })).toBe(
      '138****5678',
    );
  });

  it('is for a logged-in viewer of paid video only: not for visitors, free-preview lessons or audio', () => {
    expect(watermarkText({ viewer: null, kind: 'video' })).toBeNull();
    expect(watermarkText({ viewer, kind: 'video', paid: false })).toBeNull();
    expect(watermarkText({ viewer, kind: 'audio' })).toBeNull();
    expect(watermarkText({ viewer, kind: 'video', paid: true })).not.toBeNull();
  });

  it('shows over the playing video, stays when paused and keeps moving, and never takes a click', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { container, video } = renderPlayer({ viewer, autoStart: true });
    const mark = await waitFor(() => {
      const found = container.querySelector<HTMLElement>('[data-watermark]');
      expect(found).toBeTruthy();
      return found!;
    });
    expect(mark.textContent).toBe('138****5678 · 星火教育');
    expect(getComputedStyle(mark).pointerEvents).toBe('none');
    expect(mark.parentElement!.className).toBe('media-player-box'); // full screen takes the box with it
    await act(() => video.play());
    act(() => video.pause());
    const before = mark.getAttribute('style');
    await act(async () => vi.advanceTimersByTime(WATERMARK_MOVE_MS));
    expect(container.querySelector('[data-watermark]')).toBe(mark);
    expect(mark.getAttribute('style')).not.toBe(before);
  });

  it('none for a visitor playing a free-preview lesson', async () => {
    const { container, fetchPlay } = renderPlayer({ viewer: null, paid: false, autoStart: true });
    await waitFor(() => expect(fetchPlay).toHaveBeenCalled());
    await waitFor(() => expect(container.querySelector('[data-state="ready"]')).toBeTruthy());
    expect(container.querySelector('[data-watermark]')).toBeNull();
  });

  it('moves far enough each time to spoil a crop', () => {
    let previous = nextSpot(null);
    for (let i = 0; i < 50; i++) {
      const spot = nextSpot(previous);
      expect(Math.abs(spot.left - previous.left) + Math.abs(spot.top - previous.top)).toBeGreaterThanOrEqual(
        20,
      );
      previous = spot;
    }
  });
});
