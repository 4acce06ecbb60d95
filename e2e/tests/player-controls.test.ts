/**
 * The player's controls of issue 47 in a real browser. A seller uploads a clip made here by the
 * packaged ffmpeg, opens its lesson in the editor and uploads an SRT caption file in the media block
 * (converted to WebVTT by the server), turns on 禁止拖动未看部分 and releases the paid course. A buyer
 * plays the 720p clip's lesson: chooses 720p, then 360p in the 清晰度 menu (hls.js switches level), turns on the
 * Chinese captions and sees the cue's text over the picture, and pressing End on the position slider
 * (a seek past what was watched) is refused with 禁止拖动 while the video stays where it was.
 */
import { WebPaths } from '@studio/contract/constants';
import type { UserInfo } from '@studio/contract';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { editableEditor } from '../support/authoring.ts';
import { launchBrowser } from '../support/browser.ts';
import { makeClip, playedPast, uploadMedia, waitReady } from '../support/media.ts';
import { apiAs, useSession } from '../support/session.ts';
import { accountWithTeam, buyAndPay, uploadCover } from '../support/store-api.ts';

const baseUrl = inject('baseUrl');
const logFile = inject('logFile');
const TITLE = `播放器控件旅程${Date.now() % 100_000}`;
const CLIP_TITLE = '合规培训视频';
const CUE = '欢迎参加合规培训';
// The first cue covers the whole clip, so it shows whenever the captions are turned on.
const SRT = `1\n00:00:00,000 --> 00:00:30,000\n${CUE}\n\n2\n00:00:30,000 --> 00:00:31,000\n<b>结束</b>\n`;

let browser: Browser;
const contexts: BrowserContext[] = [];
let seller: UserInfo;
let mediaId: number;
let courseId: number;
let lessonId: number;
let srtPath: string;

async function newPage(user: UserInfo): Promise<Page> {
  const context = await browser.newContext({ locale: 'zh-CN' });
  contexts.push(context);
  await useSession(context, user);
  return context.newPage();
}

beforeAll(async () => {
  browser = await launchBrowser();
  seller = await accountWithTeam(baseUrl, logFile, '合规培训卖家');
  // 720p: two renditions (360p, 720p), so the quality menu has a level to switch from.
  mediaId = await uploadMedia(baseUrl, seller, await makeClip(12, '1280x720'));
  await waitReady(baseUrl, seller, mediaId);
  const api = <T>(p: string, body?: unknown) => apiAs<T>(baseUrl, seller, p, body);
  const course = await api<{ courseId: number; version: number }>('/course/create', { title: TITLE });
  courseId = course.courseId;
  const lesson = await api<{ lessonId: number; version: number }>('/lesson/create', {
    courseId,
    title: '第一课 合规',
  });
  lessonId = lesson.lessonId;
  await api('/lesson/save', {
    lessonId,
    version: lesson.version,
    content: {
      type: 'doc',
      content: [
        { type: 'paragraph', content: [{ type: 'text', text: '请按顺序看完这段视频。' }] },
        { type: 'media', attrs: { mediaId, kind: 'video', title: CLIP_TITLE } },
      ],
    },
  });
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'captions-'));
  srtPath = path.join(dir, '中文字幕.srt');
  await fs.writeFile(srtPath, SRT);
}, 180_000);
afterEach(async () => {
  await Promise.all(contexts.splice(0).map((c) => c.close()));
});
afterAll(() => browser?.close());

describe('the player’s controls', () => {
  it('captions uploaded in the editor; a learner picks 360p, sees the captions, and cannot seek ahead', async () => {
    // The author adds Chinese captions in the lesson's media block.
    const author = await newPage(seller);
    await author.goto(`${baseUrl}${WebPaths.lesson(courseId, lessonId)}`);
    await editableEditor(author).waitFor();
    const card = author.locator('[data-media-card]');
    await card.getByText('还没有字幕').waitFor({ timeout: 60_000 });
    await card.locator('input[type="file"][aria-label="选择字幕文件"]').setInputFiles(srtPath);
    await card.getByText('中文（2 条）').waitFor();

    // 禁止拖动未看部分 on, then released.
    const api = <T>(p: string, body?: unknown) => apiAs<T>(baseUrl, seller, p, body);
    const detail = await api<{ version: number }>(`/course/detail?courseId=${courseId}`);
    await api('/course/modify', {
      courseId,
      version: detail.version,
      cover: await uploadCover(baseUrl, seller),
      summary: '合规培训：视频须按顺序看完。',
      category: 'tech',
      price: 990,
      completion: { minLessonSeconds: 30, passMark: 60, maxQuizAttempts: null, noSeekAhead: true },
    });
    await api('/course/release', { courseId });

    const learner = await accountWithTeam(baseUrl, logFile, '合规培训学员');
    await buyAndPay(baseUrl, learner, courseId);
    const page = await newPage(learner);
    await page.goto(`${baseUrl}/learn/course/${courseId}?lesson=${lessonId}`);
    await page.getByRole('button', { name: `播放视频：${CLIP_TITLE}` }).click();
    await playedPast(page, 0.5);
    const player = page.getByRole('group', { name: CLIP_TITLE });

    // 清晰度: 自动 and both renditions; choosing one makes hls.js play that level, 720p then 360p.
    const quality = player.getByRole('combobox', { name: '清晰度', exact: true });
    await quality.selectOption({ label: '720p' });
    await expect.poll(() => player.getAttribute('data-level')).toBe('720p');
    await quality.selectOption({ label: '360p' });
    await expect.poll(() => quality.inputValue()).toBe('0');
    await expect.poll(() => player.getAttribute('data-level')).toBe('360p');

    // Captions: the cue's text over the picture, markup-free.
    await player.getByRole('combobox', { name: '字幕', exact: true }).selectOption({ label: '中文' });
    await player.locator('.media-player-caption').getByText(CUE).waitFor();

    // A seek past what was watched: refused, said, and the video stays.
    const slider = player.getByRole('slider', { name: '播放进度', exact: true });
    await slider.focus();
    await page.keyboard.press('End');
    await player
      .getByRole('alert')
      .getByText(/^禁止拖动/)
      .waitFor();
    const at = await page.locator('video').evaluate((v: HTMLVideoElement) => v.currentTime);
    expect(at).toBeLessThan(8);
  });
});
