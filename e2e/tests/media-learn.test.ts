/**
 * Learning from lesson video in a real browser (issue 34, part 5). A seller releases a paid course of
 * two video lessons holding one short clip made here by the packaged ffmpeg. A buyer plays lesson 1,
 * pauses, reloads: the server answers where they stopped and the player starts there. Another buyer
 * on lesson 2 is refused 标记为已学完 before 90% (30056), skips to the end without it counting, then
 * watches the clip through: the lesson completes by itself and the course's progress moves to 1/2.
 */
import type { LearnCourse, LearnWatchBody, LearnWatched, UserInfo } from '@studio/contract';
import type { Browser, BrowserContext, Page, Response } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from '../support/browser.ts';
import { makeClip, playedPast, uploadMedia, waitReady } from '../support/media.ts';
import { apiAs, useSession } from '../support/session.ts';
import { accountWithTeam, buyAndPay, uploadCover } from '../support/store-api.ts';

const baseUrl = inject('baseUrl');
const logFile = inject('logFile');
const TITLE = `视频学习旅程${Date.now() % 100_000}`;
const CLIP_TITLE = '学习用视频';
const CLIP_SECONDS = 6;
const PHONE = { width: 390, height: 844 };

let browser: Browser;
const contexts: BrowserContext[] = [];
let seller: UserInfo;
let courseId: number;
let lessonIds: number[];

async function releaseTwoVideoLessons(user: UserInfo, mediaId: number) {
  const api = <T>(p: string, body?: unknown) => apiAs<T>(baseUrl, user, p, body);
  const course = await api<{ courseId: number; version: number }>('/course/create', { title: TITLE });
  const content = {
    type: 'doc',
    content: [
      { type: 'paragraph', content: [{ type: 'text', text: '看完这段视频，本课时就完成了。' }] },
      { type: 'media', attrs: { mediaId, kind: 'video', title: CLIP_TITLE } },
    ],
  };
  const ids: number[] = [];
  for (const title of ['第一课 续播', '第二课 看完']) {
    const lesson = await api<{ lessonId: number; version: number }>('/lesson/create', {
      courseId: course.courseId,
      title,
    });
    await api('/lesson/save', { lessonId: lesson.lessonId, version: lesson.version, content });
    ids.push(lesson.lessonId);
  }
  await api('/course/modify', {
    courseId: course.courseId,
    version: course.version,
    cover: await uploadCover(baseUrl, user),
    summary: '一门视频课，用来检查续播和看完。',
    category: 'tech',
    price: 990,
  });
  await api('/course/release', { courseId: course.courseId });
  return { courseId: course.courseId, lessonIds: ids };
}

async function newPage(user: UserInfo): Promise<Page> {
  const context = await browser.newContext({ locale: 'zh-CN', viewport: PHONE });
  contexts.push(context);
  await useSession(context, user);
  return context.newPage();
}

/** The data of an answer of ours (the envelope's `data`). */
async function dataOf<T>(res: Response): Promise<T> {
  const envelope = (await res.json()) as { code: number; data: T };
  expect(envelope.code).toBe(200);
  return envelope.data;
}

const isWatchSave = (res: Response) =>
  res.url().endsWith('/api/learn/watch') && res.request().method() === 'POST';
const isCourseLoad = (res: Response) => new URL(res.url()).pathname === '/api/learn/course';

const currentTime = (page: Page) => page.locator('video').evaluate((v: HTMLVideoElement) => v.currentTime);

beforeAll(async () => {
  browser = await launchBrowser();
  seller = await accountWithTeam(baseUrl, logFile, '视频学习卖家');
  const mediaId = await uploadMedia(baseUrl, seller, await makeClip(CLIP_SECONDS));
  await waitReady(baseUrl, seller, mediaId);
  ({ courseId, lessonIds } = await releaseTwoVideoLessons(seller, mediaId));
}, 180_000);
afterEach(async () => {
  await Promise.all(contexts.splice(0).map((c) => c.close()));
});
afterAll(() => browser?.close());

describe('learning from lesson video', () => {
  it('a buyer pauses, reloads, and the player resumes where the server says they stopped', async () => {
    const buyer = await accountWithTeam(baseUrl, logFile, '续播买家');
    await buyAndPay(baseUrl, buyer, courseId);
    const page = await newPage(buyer);
    await page.goto(`${baseUrl}/learn/course/${courseId}?lesson=${lessonIds[0]}`);
    await page.getByRole('button', { name: `播放视频：${CLIP_TITLE}` }).click();
    await playedPast(page, 2);
    // K pauses; the pause saves where the learner is.
    const saved = page.waitForResponse(
      (r) => isWatchSave(r) && (r.request().postDataJSON() as LearnWatchBody).positionMs >= 2000,
    );
    await page.getByRole('group', { name: CLIP_TITLE }).focus();
    await page.keyboard.press('k');
    await page.waitForFunction(() => document.querySelector('video')?.paused === true);
    const response = await saved;
    const sent = response.request().postDataJSON() as LearnWatchBody;
    const stoppedAt = await currentTime(page);
    expect(sent.lessonId).toBe(lessonIds[0]);
    expect(sent.positionMs).toBeGreaterThanOrEqual(2000);
    expect(Math.abs(sent.positionMs - stoppedAt * 1000)).toBeLessThan(1000);
    const answer = await dataOf<LearnWatched>(response);
    expect(answer.watch.positionMs).toBe(sent.positionMs);

    // After a reload the course comes back with the saved position, and playing starts there.
    const loaded = page.waitForResponse(isCourseLoad);
    await page.reload();
    const course = await dataOf<LearnCourse>(await loaded);
    const lesson = course.lessons.find((l) => l.lessonId === lessonIds[0])!;
    expect(lesson.media[0]!.positionMs).toBe(sent.positionMs);
    await page.getByRole('button', { name: `播放视频：${CLIP_TITLE}` }).click();
    await page.waitForFunction(() => (document.querySelector('video')?.currentTime ?? 0) > 0);
    const resumedAt = await currentTime(page);
    expect(resumedAt).toBeGreaterThanOrEqual(sent.positionMs / 1000 - 0.5);
    expect(resumedAt).toBeLessThan(CLIP_SECONDS);
  });

  it('complete at 90%: refused before, skipping ahead does not count, watching through completes', async () => {
    const learner = await accountWithTeam(baseUrl, logFile, '看完买家');
    await buyAndPay(baseUrl, learner, courseId);
    const page = await newPage(learner);
    await page.goto(`${baseUrl}/learn/course/${courseId}?lesson=${lessonIds[1]}`);
    const progress = page.getByRole('progressbar', { name: '课程进度' });
    await progress.getByText('0/2 课时').waitFor();

    // Before 90%: 标记为已学完 answers 30056 in words.
    const refused = page.waitForResponse((r) => r.url().endsWith('/api/learn/complete'));
    await page.getByRole('button', { name: '标记为已学完' }).click();
    expect(((await (await refused).json()) as { code: number }).code).toBe(30056);
    await page.getByText('请先看完本课时的音视频：已看 0%，需看到 90%').waitFor();

    // Skipping to the end: the clip ends, the save reports the jump's tail only, nothing completes.
    await page.getByRole('button', { name: `播放视频：${CLIP_TITLE}` }).click();
    await page.waitForFunction(() => (document.querySelector('video')?.currentTime ?? 0) > 0);
    const skipSaved = page.waitForResponse(
      (r) =>
        isWatchSave(r) &&
        (r.request().postDataJSON() as LearnWatchBody).positionMs >= (CLIP_SECONDS - 1) * 1000,
    );
    await page.locator('video').evaluate((v: HTMLVideoElement) => {
      v.currentTime = v.duration - 0.4;
    });
    await page.waitForFunction(() => document.querySelector('video')?.ended === true, undefined, {
      timeout: 30_000,
    });
    const skipped = await dataOf<LearnWatched>(await skipSaved);
    expect(skipped.watch.percent).toBeLessThan(90);
    expect(skipped.completedCount).toBe(0);
    await page.getByRole('button', { name: '标记为已学完' }).waitFor();
    await progress.getByText('0/2 课时').waitFor();

    // Watching it through from the start: the lesson completes by itself, the course moves on.
    await page.locator('video').evaluate((v: HTMLVideoElement) => {
      v.currentTime = 0;
      void v.play();
    });
    await page.getByText('本课时已完成').waitFor({ timeout: 30_000 });
    await progress.getByText('1/2 课时').waitFor();
    const heading = page.getByRole('heading', { name: '第二课 看完' });
    await heading.locator('xpath=..').getByText('已完成').waitFor();
    const after = await apiAs<LearnCourse>(baseUrl, learner, `/learn/course?courseId=${courseId}`);
    expect(after.lessons.find((l) => l.lessonId === lessonIds[1])!.state).toBe('completed');
    expect(after.completedCount).toBe(1);
  });
});
