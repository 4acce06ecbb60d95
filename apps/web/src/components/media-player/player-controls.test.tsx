/**
 * The controls of issue 47 as a viewer uses them (jsdom): 清晰度 from hls.js's levels, the volume
 * slider, picture-in-picture where the browser has it, captions chosen and drawn, and 禁止拖动 when the
 * course forbids seeking past what was watched.
 */
import type { MediaPlay } from '@studio/contract';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MediaPlayer, type MediaPlayerProps } from './media-player.tsx';
import type { HlsClass } from './playback.ts';
import { fakeMediaPlayback, loadHls, QuietHls } from './test-media.ts';

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

beforeEach(() => fakeMediaPlayback());
afterEach(() => vi.restoreAllMocks());

const renderPlayer = (props: Partial<MediaPlayerProps> = {}, answer: MediaPlay = play) => {
  const utils = render(
    <MediaPlayer
      mediaId={7}
      kind="video"
      title="第一讲"
      lang="zh-CN"
      fetchPlay={() => Promise.resolve(answer)}
      loadHls={loadHls}
      native={false}
      {...props}
    />,
  );
  return { ...utils, video: utils.container.querySelector('video')! };
};

/** The element says it knows its length, as a browser's does once the playlist is read. */
const withDuration = (video: HTMLVideoElement, seconds: number) => {
  Object.defineProperty(video, 'duration', { configurable: true, get: () => seconds });
  fireEvent(video, new Event('durationchange'));
};

describe('清晰度', () => {
  it('lists 自动 and each rendition once hls.js reads them, and switches to the one chosen', async () => {
    const made: RecordingHls[] = [];
    type Handler = (event: string, data: object) => void;
    class RecordingHls extends QuietHls {
      currentLevel = -1;
      handlers: [string, Handler][] = [];
      constructor() {
        super();
        made.push(this);
      }
      override on(event?: string, handler?: Handler) {
        if (event && handler) this.handlers.push([event, handler]);
      }
      emit(event: string, data: object) {
        for (const [e, h] of this.handlers) if (e === event) h(event, data);
      }
    }
    const { container } = renderPlayer({
      autoStart: true,
      loadHls: () => Promise.resolve(RecordingHls as unknown as HlsClass),
    });
    await waitFor(() => expect(made).toHaveLength(1));
    expect(screen.queryByLabelText('清晰度')).toBeNull();
    act(() => made[0]!.emit('hlsManifestParsed', { levels: [{ height: 360 }, { height: 720 }] }));
    const menu = screen.getByLabelText<HTMLSelectElement>('清晰度');
    expect([...menu.options].map((o) => o.text)).toEqual(['自动', '360p', '720p']);
    act(() => made[0]!.emit('hlsLevelSwitched', { level: 1 }));
    expect(menu.options[0]!.text).toBe('自动（720p）');
    fireEvent.change(menu, { target: { value: '0' } });
    expect(made[0]!.currentLevel).toBe(0);
    act(() => made[0]!.emit('hlsLevelSwitched', { level: 0 }));
    expect(menu.value).toBe('0');
    expect(container.querySelector('.media-player')!.getAttribute('data-level')).toBe('360p');
  });
});

describe('volume and picture-in-picture', () => {
  it('a volume slider sets the volume; at 0 it mutes, and muting reads as 0', () => {
    const { video } = renderPlayer();
    const slider = screen.getByLabelText<HTMLInputElement>('音量');
    fireEvent.change(slider, { target: { value: '0.3' } });
    expect(video.volume).toBeCloseTo(0.3);
    expect(video.muted).toBe(false);
    fireEvent.change(slider, { target: { value: '0' } });
    expect(video.muted).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: '静音' }));
    expect(video.muted).toBe(false);
    fireEvent(video, new Event('volumechange'));
    expect(slider.value).toBe('0.3');
  });

  it('offers 画中画 only where the browser supports it, and asks the video for it', async () => {
    const { unmount } = renderPlayer();
    expect(screen.queryByRole('button', { name: '画中画' })).toBeNull();
    unmount();
    Object.defineProperty(document, 'pictureInPictureEnabled', { configurable: true, value: true });
    const request = vi.fn(() => Promise.resolve({}));
    Object.defineProperty(HTMLVideoElement.prototype, 'requestPictureInPicture', {
      configurable: true,
      value: request,
    });
    try {
      const { video } = renderPlayer();
      fireEvent.click(screen.getByRole('button', { name: '画中画' }));
      expect(request).toHaveBeenCalledTimes(1);
      fireEvent(video, new Event('enterpictureinpicture'));
      expect(screen.getByRole('button', { name: '退出画中画' })).toBeTruthy();
    } finally {
      cleanupPip();
    }
  });

  it('offers no 画中画 under a watermark: the window would show the bare video', async () => {
    Object.defineProperty(document, 'pictureInPictureEnabled', { configurable: true, value: true });
    Object.defineProperty(HTMLVideoElement.prototype, 'requestPictureInPicture', {
      configurable: true,
      value: vi.fn(),
    });
    try {
      const viewer = { phone: '13812345678', teamName: '星火教育' };
      // A free-preview lesson has no watermark: the button is there.
      const free = renderPlayer({ viewer, paid: false, autoStart: true });
      expect(await screen.findByRole('button', { name: '画中画' })).toBeTruthy();
      free.unmount();
      renderPlayer({ viewer, paid: true, autoStart: true });
      await waitFor(() => expect(document.querySelector('[data-watermark]')).not.toBeNull());
      expect(screen.queryByRole('button', { name: '画中画' })).toBeNull();
    } finally {
      cleanupPip();
    }
  });
});

function cleanupPip() {
  delete (document as { pictureInPictureEnabled?: boolean }).pictureInPictureEnabled;
  delete (HTMLVideoElement.prototype as { requestPictureInPicture?: unknown }).requestPictureInPicture;
}

describe('captions', () => {
  it('adds each language as a track, and draws the chosen one’s cue as plain text', async () => {
    const captions = [
      { captionId: 4, lang: 'zh-CN', label: '中文', url: '/api/media/hls/t/captions/4.vtt' },
      { captionId: 5, lang: 'en', label: 'English', url: '/api/media/hls/t/captions/5.vtt' },
    ];
    const { container } = renderPlayer({ autoStart: true }, { ...play, captions });
    const menu = await screen.findByLabelText<HTMLSelectElement>('字幕');
    expect([...menu.options].map((o) => o.text)).toEqual(['关闭字幕', '中文', 'English']);
    const tracks = [...container.querySelectorAll('track')];
    expect(tracks.map((t) => [t.getAttribute('src'), t.getAttribute('srclang'), t.kind])).toEqual([
      ['/api/media/hls/t/captions/4.vtt', 'zh-CN', 'subtitles'],
      ['/api/media/hls/t/captions/5.vtt', 'en', 'subtitles'],
    ]);
    // jsdom has no TextTrack: each element gets a small stand-in, as a browser's would.
    const fakes = tracks.map(() =>
      Object.assign(new EventTarget(), { mode: 'disabled', activeCues: [] as object[] }),
    );
    tracks.forEach((t, i) => Object.defineProperty(t, 'track', { value: fakes[i] }));
    fireEvent.change(menu, { target: { value: '4' } });
    expect(fakes.map((f) => f.mode)).toEqual(['hidden', 'disabled']);
    fakes[0]!.activeCues = [{ text: '大家好 &amp; 欢迎' }];
    act(() => void fakes[0]!.dispatchEvent(new Event('cuechange')));
    expect(container.querySelector('.media-player-caption')!.textContent).toBe('大家好 &amp; 欢迎');
    fireEvent.change(menu, { target: { value: '' } });
    expect(fakes.map((f) => f.mode)).toEqual(['disabled', 'disabled']);
    expect(container.querySelector('.media-player-caption')!.textContent).toBe('');
  });
});

describe('禁止拖动未看部分', () => {
  it('refuses a seek past the furthest point watched (slider, keys, any other seek) and says 禁止拖动', async () => {
    const { video } = renderPlayer({ autoStart: true, noSeekAhead: true, watchedToMs: 10_000 });
    await waitFor(() => expect(screen.getByRole('group', { name: '第一讲' }).dataset.state).toBe('ready'));
    withDuration(video, 60);
    const seek = screen.getByLabelText<HTMLInputElement>('播放进度');
    fireEvent.change(seek, { target: { value: '40' } });
    expect(video.currentTime).toBe(0);
    expect(screen.getByRole('alert').textContent).toContain('禁止拖动');
    // Back, or up to what was watched: allowed.
    fireEvent.change(seek, { target: { value: '8' } });
    expect(video.currentTime).toBe(8);
    // Played on to 12 s: the furthest point grows with it.
    video.currentTime = 12;
    fireEvent(video, new Event('timeupdate'));
    const group = screen.getByRole('group', { name: '第一讲' });
    fireEvent.keyDown(group, { key: 'ArrowRight' });
    expect(video.currentTime).toBe(12);
    // A seek made elsewhere (the browser's menu, the lock screen) is put back.
    video.currentTime = 50;
    fireEvent(video, new Event('seeking'));
    expect(video.currentTime).toBe(12);
  });

  it('lets the learner seek anywhere when the course allows it', async () => {
    const { video } = renderPlayer({ autoStart: true, watchedToMs: 10_000 });
    await waitFor(() => expect(screen.getByRole('group', { name: '第一讲' }).dataset.state).toBe('ready'));
    withDuration(video, 60);
    fireEvent.change(screen.getByLabelText('播放进度'), { target: { value: '40' } });
    expect(video.currentTime).toBe(40);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
