/**
 * Where the player appears: the app's ContentView turns a lesson's media blocks into players (with the
 * lesson from MediaPlaceProvider), and a visitor's server-rendered page holds a plain play button whose
 * press loads the player (public-client.ts), which asks for that lesson's addresses without a session.
 */
import { Code, type DocNode, type MediaPlay, type ShareView, type StoreCourse } from '@studio/contract';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { renderPublicPage } from '../../public/entry-server.tsx';
import { ContentView } from '../content-view/content-view.tsx';
import { renderDocHtml } from '../content-view/render-html.ts';
import { MediaPlaceProvider } from './media-place.ts';
import { mountPublicPlayer } from './public-player.tsx';

const media = (mediaId: number, title: string, kind = 'video'): DocNode => ({
  type: 'media',
  attrs: { mediaId, kind, title },
});
const doc = (...content: DocNode[]): DocNode => ({ type: 'doc', content });
const para = (text: string): DocNode => ({ type: 'paragraph', content: [{ type: 'text', text }] });

const play: MediaPlay = {
  mediaId: 7,
  kind: 'video',
  status: 'processing',
  progress: 12,
  durationMs: null,
  playlistUrl: null,
  posterUrl: null,
  captions: [],
  expireTime: Date.now() + 600_000,
};

// A public page's players are React roots of their own, which Testing Library's cleanup does not
// know: each is unmounted after its test, or it would go on hearing the document's events (full
// screen) in the worker's next test files.
const rootPrototype = Object.getPrototypeOf(createRoot(document.createElement('div'))) as Root;
let rendered: MockInstance<Root['render']>;
beforeEach(() => {
  rendered = vi.spyOn(rootPrototype, 'render');
});

afterEach(() => {
  act(() => (rendered.mock.contexts as Root[]).forEach((root) => root.unmount()));
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

describe('in the app', () => {
  it('ContentView puts a player in each media block, in place, and leaves the text around it', async () => {
    const { container } = render(
      <MediaPlaceProvider value={{ courseId: 3, lessonId: 11 }}>
        <ContentView doc={doc(para('开头'), media(7, '第一讲'), media(8, '音频', 'audio'), para('结尾'))} />
      </MediaPlaceProvider>,
    );
    const video = await screen.findByRole('group', { name: '第一讲' }, { timeout: 20_000 });
    const audio = await screen.findByRole('group', { name: '音频' });
    const blocks = container.querySelectorAll('.content-view [data-media]');
    expect(blocks).toHaveLength(2);
    expect(blocks[0]!.contains(video)).toBe(true);
    expect(blocks[1]!.contains(audio)).toBe(true);
    expect(container.querySelector('.content-view')!.textContent).toMatch(/^开头.*结尾$/s);
  });
});

describe('on a public page', () => {
  const lesson = (lessonId: number, content: DocNode | null, freePreview = true) => ({
    lessonId,
    title: `第 ${lessonId} 课`,
    position: lessonId,
    durationMin: 5,
    freePreview,
    version: 1,
    updateTime: 0,
    content,
  });
  const course: StoreCourse = {
    courseId: 21,
    title: '视频课',
    subtitle: '',
    summary: '',
    cover: '',
    category: null,
    tags: [],
    price: 9900,
    mediaMs: null,
    teamName: '演示团队',
    authorName: '演示用户',
    versionNo: 1,
    sales: 0,
    lessons: [lesson(31, doc(media(7, '试看 <第一讲>'))), lesson(32, null, false)],
    owned: false,
    ownTeam: false,
    inCart: false,
    listed: true,
  };

  it('the server draws a labelled play button in the block and names the lesson around it', () => {
    const html = renderPublicPage({ lang: 'zh-CN', url: '/wx-preview/21', page: 'wxPreview', course });
    document.body.innerHTML = html;
    const button = document.querySelector<HTMLButtonElement>('[data-media] button[data-media-play]')!;
    expect(button.getAttribute('aria-label')).toBe('播放视频：试看 <第一讲>');
    expect(button.textContent).toBe('试看 <第一讲>');
    const place = button.closest<HTMLElement>('.content-view')!;
    expect(place.dataset).toMatchObject({ mediaCourse: '21', mediaLesson: '31', mediaPaid: 'false' });
    // In English too, and no script or player in the page's HTML.
    const en = renderPublicPage({ lang: 'en-US', url: '/wx-preview/21', page: 'wxPreview', course });
    expect(en).toContain('aria-label="Play video: 试看 &lt;第一讲&gt;"');
    expect(html).not.toContain('media-player');
  });

  it('the app’s renderer (DOMPurify) keeps the plain placeholder: no button there', () => {
    expect(renderDocHtml(doc(media(7, 'x')))).not.toContain('<button');
  });

  it('pressing play loads the player, which asks for this lesson’s addresses as a visitor', async () => {
    document.documentElement.lang = 'zh-CN';
    document.body.innerHTML = renderPublicPage({
      lang: 'zh-CN',
      url: '/wx-preview/21',
      page: 'wxPreview',
      course,
    });
    const calls: { url: string; body: unknown; headers: Headers }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string, init: RequestInit) => {
        calls.push({ url, body: JSON.parse(init.body as string), headers: new Headers(init.headers) });
        return Promise.resolve(Response.json({ code: Code.OK, msg: 'ok', data: play }));
      }),
    );
    await import('../../public/public-client.ts');
    const button = document.querySelector<HTMLButtonElement>('[data-media-play]')!;
    await act(async () => {
      fireEvent.click(button);
    });
    expect(await screen.findByText('转码中 12%', {}, { timeout: 10_000 })).toBeTruthy();
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe('/api/media/play');
    expect(calls[0]!.body).toEqual({ mediaId: 7, courseId: 21, lessonId: 31 });
    expect(calls[0]!.headers.get('x-request-tkToken')).toBeNull();
    expect(screen.getByRole('group', { name: '试看 <第一讲>' })).toBeTruthy();
    expect(document.querySelector('[data-watermark]')).toBeNull();
  });

  it("on a share's page the press names the share, which opens the course's free lessons", async () => {
    const view: ShareView = {
      share: { shareId: 'share-abc123', allowCopy: false, expireTime: null, paid: true, listed: false },
      course: {
        ...{ courseId: 21, title: '视频课', subtitle: '', summary: '', cover: '', category: null, tags: [] },
        ...{ price: 9900, teamName: '演示团队', authorName: '演示用户', lessons: course.lessons },
      },
    };
    document.body.innerHTML = renderPublicPage({
      lang: 'zh-CN',
      url: '/share/share-abc123',
      page: 'share',
      view,
    });
    const place = document
      .querySelector<HTMLElement>('[data-media] button')!
      .closest<HTMLElement>('.content-view')!;
    expect(place.dataset).toMatchObject({ mediaCourse: '21', mediaLesson: '31', mediaShare: 'share-abc123' });
    const fetchPlay = vi.fn(() => Promise.resolve(play));
    await act(async () => {
      mountPublicPlayer(document.querySelector<HTMLElement>('[data-media]')!, fetchPlay);
    });
    await waitFor(() =>
      expect(fetchPlay).toHaveBeenCalledWith({
        mediaId: 7,
        courseId: 21,
        lessonId: 31,
        shareId: 'share-abc123',
      }),
    );
  });

  it('a refused media (404) says so in the player', async () => {
    document.body.innerHTML = `<div class="content-view" data-media-course="21" data-media-lesson="32"><div data-media="" data-media-id="9" data-kind="video" class="media-block media-video">x</div></div>`;
    const fetchPlay = vi.fn(() => Promise.reject(Object.assign(new Error('no'), { code: Code.NOT_FOUND })));
    await act(async () => {
      mountPublicPlayer(document.querySelector<HTMLElement>('[data-media]')!, fetchPlay);
    });
    await waitFor(() => expect(fetchPlay).toHaveBeenCalledWith({ mediaId: 9, courseId: 21, lessonId: 32 }));
    expect(await screen.findByText('无法播放：没有观看权限，或音视频已删除')).toBeTruthy();
  });
});
