/**
 * Playing lesson video in a real browser (issue 34, part 4). A seller uploads a clip made here by the
 * packaged ffmpeg (tus over HTTP, as the editor's client does), waits for its HLS renditions, and
 * releases a paid course: lesson 1 (paid) and lesson 2 (free preview) hold it. A buyer on a phone
 * presses play in 我的学习: the encrypted playlist, key and segments load through hls.js, the video's
 * time advances, and the watermark names the buyer. A visitor on the phone preview (server-rendered,
 * no app) plays the free lesson: the player's script loads only on the press, with no watermark. A
 * visitor of a share of a course never released plays its free lesson there (the share is the grant).
 */
import type { UserInfo } from '@studio/contract';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from '../support/browser.ts';
import { makeClip, playedPast, uploadMedia, waitReady } from '../support/media.ts';
import { apiAs, useSession } from '../support/session.ts';
import { accountWithTeam, buyAndPay, uploadCover } from '../support/store-api.ts';

const baseUrl = inject('baseUrl');
const logFile = inject('logFile');
const TITLE = `视频课旅程${Date.now() % 100_000}`;
const CLIP_TITLE = '第一讲 视频';
const PHONE = { width: 390, height: 844 };

let browser: Browser;
const contexts: BrowserContext[] = [];
let seller: UserInfo;
let buyer: UserInfo;
let courseId: number;
let freeLessonId: number;
let mediaId: number;

async function releaseVideoCourse(user: UserInfo, mediaId: number, release = true) {
  const api = <T>(p: string, body?: unknown) => apiAs<T>(baseUrl, user, p, body);
  const course = await api<{ courseId: number; version: number }>('/course/create', { title: TITLE });
  const content = {
    type: 'doc',
    content: [
      { type: 'paragraph', content: [{ type: 'text', text: '请看这段视频。' }] },
      { type: 'media', attrs: { mediaId, kind: 'video', title: CLIP_TITLE } },
    ],
  };
  const ids: number[] = [];
  for (const [title, freePreview] of [
    ['正课视频', false],
    ['试看视频', true],
  ] as const) {
    const lesson = await api<{ lessonId: number; version: number }>('/lesson/create', {
      courseId: course.courseId,
      title,
    });
    await api('/lesson/save', { lessonId: lesson.lessonId, version: lesson.version, content, freePreview });
    ids.push(lesson.lessonId);
  }
  await api('/course/modify', {
    courseId: course.courseId,
    version: course.version,
    cover: await uploadCover(baseUrl, user),
    summary: '一门视频课，用来检查播放。',
    category: 'tech',
    price: 990,
  });
  if (release) await api('/course/release', { courseId: course.courseId });
  return { courseId: course.courseId, freeLessonId: ids[1]! };
}

async function newContext(user?: UserInfo): Promise<BrowserContext> {
  const context = await browser.newContext({ locale: 'zh-CN', viewport: PHONE });
  contexts.push(context);
  if (user) await useSession(context, user);
  return context;
}

/** The media requests a page made, by kind. */
function watchMedia(page: Page) {
  const seen = { master: 0, variant: 0, key: 0, segment: 0, player: 0, hls: 0, failed: [] as string[] };
  page.on('response', (res) => {
    const url = res.url();
    if (url.includes('/api/media/hls/')) {
      if (res.status() >= 400) seen.failed.push(`${res.status()} ${url}`);
      if (url.endsWith('/master.m3u8')) seen.master++;
      else if (url.endsWith('/index.m3u8')) seen.variant++;
      else if (url.endsWith('/key')) seen.key++;
      else if (url.endsWith('.ts')) seen.segment++;
    }
    if (/\/assets\/(public-player|app-media-player)-[\w-]+\.js$/.test(url)) seen.player++;
    if (/\/assets\/(hls\.light|lib-hls)/.test(url)) seen.hls++;
  });
  return seen;
}

beforeAll(async () => {
  browser = await launchBrowser();
  seller = await accountWithTeam(baseUrl, logFile, '视频课卖家');
  mediaId = await uploadMedia(baseUrl, seller, await makeClip());
  await waitReady(baseUrl, seller, mediaId);
  ({ courseId, freeLessonId } = await releaseVideoCourse(seller, mediaId));
  buyer = await accountWithTeam(baseUrl, logFile, '视频课买家');
  await buyAndPay(baseUrl, buyer, courseId);
}, 180_000);
afterEach(async () => {
  await Promise.all(contexts.splice(0).map((c) => c.close()));
});
afterAll(() => browser?.close());

describe('playing lesson video', () => {
  it('a buyer plays the paid lesson on a phone: encrypted HLS through hls.js, time advances, watermarked', async () => {
    const page = await (await newContext(buyer)).newPage();
    const seen = watchMedia(page);
    await page.goto(`${baseUrl}/learn/course/${courseId}`);
    const player = page.getByRole('group', { name: CLIP_TITLE });
    await player.waitFor();
    // The box is there before anything loads: 16:9 of the column.
    const box = (await page.locator('.media-player-box').boundingBox())!;
    expect(Math.abs(box.height - (box.width * 9) / 16)).toBeLessThan(2);
    expect(seen.master + seen.hls).toBe(0);

    await page.getByRole('button', { name: `播放视频：${CLIP_TITLE}` }).click();
    await playedPast(page, 1);
    expect(seen.master).toBeGreaterThan(0);
    expect(seen.key).toBeGreaterThan(0);
    expect(seen.segment).toBeGreaterThan(0);
    expect(seen.hls).toBeGreaterThan(0);
    expect(seen.failed).toEqual([]);
    // The watermark: the buyer's masked phone and team, over the picture, not in the way of clicks.
    const mark = page.locator('[data-watermark]');
    const phone = buyer.phone.includes('*')
      ? buyer.phone
      : `${buyer.phone.slice(0, 3)}****${buyer.phone.slice(-4)}`;
    expect(await mark.textContent()).toBe(`${phone} · 视频课买家`);
    expect(await mark.evaluate((el) => getComputedStyle(el).pointerEvents)).toBe('none');

    // Keyboard: K pauses, and the watermark stays while paused.
    await player.focus();
    await page.keyboard.press('k');
    await page.waitForFunction(() => document.querySelector('video')?.paused === true);
    await mark.waitFor();
    // 1.5×, chosen from the speed menu, is the element's rate.
    await page.getByLabel('播放速度', { exact: true }).selectOption('1.5');
    expect(await page.locator('video').evaluate((v: HTMLVideoElement) => v.playbackRate)).toBe(1.5);
  });

  it('another team gets no addresses for the paid lesson (404), the visitor none either', async () => {
    const stranger = await accountWithTeam(baseUrl, logFile, '路人团队');
    const lessons = await apiAs<{ lessons: { lessonId: number }[] }>(
      baseUrl,
      seller,
      `/course/detail?courseId=${courseId}`,
    );
    const paidLesson = lessons.lessons[0]!.lessonId;
    const mediaId = (
      await apiAs<{ content: { content: { attrs?: { mediaId?: number } }[] } }>(
        baseUrl,
        seller,
        `/lesson/detail?lessonId=${paidLesson}`,
      )
    ).content.content[1]!.attrs!.mediaId!;
    await expect(
      apiAs(baseUrl, stranger, '/media/play', { mediaId, courseId, lessonId: paidLesson }),
    ).rejects.toThrow(/404/);
    const visitor = await fetch(`${baseUrl}/api/media/play`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ mediaId, courseId, lessonId: paidLesson }),
    });
    expect(((await visitor.json()) as { code: number }).code).toBe(404);
  });

  it('a visitor plays the free lesson on the phone preview: no app, the player loads on the press, no watermark', async () => {
    const page = await (await newContext()).newPage();
    const scripts: string[] = [];
    page.on('request', (req) => {
      if (req.resourceType() === 'script') scripts.push(req.url());
    });
    const seen = watchMedia(page);
    await page.goto(`${baseUrl}/wx-preview/${courseId}`);
    const play = page
      .locator(`#lesson-${freeLessonId}`)
      .getByRole('button', { name: `播放视频：${CLIP_TITLE}` });
    await play.waitFor();
    // Before the press: the page's own script only (no React, no player, no hls.js), nothing moved.
    expect(scripts.some((u) => /index-|react-vendor|client-|public-player|hls/.test(u))).toBe(false);
    expect(seen.player + seen.hls + seen.master).toBe(0);
    const cls = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          let sum = 0;
          new PerformanceObserver((list) => {
            for (const e of list.getEntries()) sum += (e as unknown as { value: number }).value;
          }).observe({ type: 'layout-shift', buffered: true });
          requestAnimationFrame(() => requestAnimationFrame(() => resolve(sum)));
        }),
    );
    expect(cls).toBeLessThanOrEqual(0.02);

    await play.click();
    await playedPast(page, 1);
    expect(seen.player).toBe(1);
    expect(seen.key).toBeGreaterThan(0);
    expect(seen.failed).toEqual([]);
    expect(await page.locator('[data-watermark]').count()).toBe(0);
    // The paid lesson stays locked for the visitor: no play button there.
    expect(await page.locator('[data-media-play]').count()).toBe(0);
  });

  it('a visitor plays the free lesson on the share page of a course never released', async () => {
    const draft = await releaseVideoCourse(seller, mediaId, false);
    const share = await apiAs<{ shareId: string }>(baseUrl, seller, '/share/create', {
      courseId: draft.courseId,
    });
    const page = await (await newContext()).newPage();
    const seen = watchMedia(page);
    await page.goto(`${baseUrl}/share/${share.shareId}`);
    const play = page
      .locator(`#lesson-${draft.freeLessonId}`)
      .getByRole('button', { name: `播放视频：${CLIP_TITLE}` });
    await play.click();
    await playedPast(page, 1);
    expect(seen.key).toBeGreaterThan(0);
    expect(seen.failed).toEqual([]);
    // The paid lesson is locked on the share of a paid course: one play button, the free lesson's.
    expect(await page.locator('[data-media]').count()).toBe(1);
  });
});
