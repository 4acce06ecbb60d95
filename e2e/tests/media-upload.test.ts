/**
 * Issue 34 (the editor's side): a clip the test makes with ffmpeg (support/media.ts), uploaded from the lesson
 * editor over tus. Its block shows the upload's progress, is saved in the lesson as soon as the server
 * names the media, then reaches 可播放 once transcoded; the team centre shows the storage it takes.
 * An upload cut off mid-way resumes after a reload from the offset the server stored: no new upload
 * is created and the first byte sent again is the stored offset (checked on the requests themselves).
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { WebPaths } from '@studio/contract/constants';
import type { Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { courseWithLesson, lessonText, editableEditor } from '../support/authoring.ts';
import { demoOwnerContexts } from '../support/demo-tab.ts';
import { ffmpeg } from '../support/media.ts';

const baseUrl = inject('baseUrl');
const { newContext, api } = demoOwnerContexts(baseUrl);

let dir: string;
let clipPath: string;
let clip: Buffer;

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'media-upload-e2e-'));
  clipPath = path.join(dir, '第一讲.mp4');
  // 3 s of 640×360 test picture with a sine tone, as the server's media tests make them.
  await promisify(execFile)(ffmpeg, [
    ...['-nostdin', '-v', 'error', '-f', 'lavfi', '-i', 'testsrc=duration=3:size=640x360:rate=25'],
    ...['-f', 'lavfi', '-i', 'sine=duration=3', '-shortest', '-y', clipPath],
  ]);
  clip = await fs.readFile(clipPath);
});
afterAll(() => fs.rm(dir, { recursive: true, force: true }));

const card = (page: Page) => page.locator('.media-card');
const cardStatus = (page: Page) => card(page).getByRole('status');
const mediaIdIn = async (lessonId: number): Promise<number | null> => {
  const match = /"mediaId":(\d+)/.exec(await lessonText(api, lessonId));
  return match ? Number(match[1]) : null;
};

async function openLesson(title: string) {
  const { courseId, lesson } = await courseWithLesson(api, title);
  const page = await (await newContext()).newPage();
  await page.goto(`${baseUrl}${WebPaths.lesson(courseId, lesson.lessonId)}`);
  // Blocks go into the live editor once it has the lesson from the server (read-only until then).
  await editableEditor(page).waitFor();
  return { page, lessonId: lesson.lessonId };
}

describe('media upload in the lesson editor', () => {
  it('shows the upload and transcoding in the block until 可播放; the team centre shows the storage used', async () => {
    const { page, lessonId } = await openLesson('音视频上传课程');
    // The bytes wait until the block has been seen uploading, so its progress is seen every run.
    let release!: () => void;
    const seen = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/media/upload/*', async (route: Route) => {
      if (route.request().method() === 'PATCH') await seen;
      await route.continue();
    });
    await page.locator('input[type="file"][aria-label="上传音视频"]').setInputFiles(clipPath);
    await cardStatus(page)
      .getByText(/^上传中 \d+%$/)
      .waitFor();
    await card(page).getByRole('progressbar').waitFor();
    await card(page).getByRole('button', { name: '暂停' }).waitFor();
    expect(await card(page).locator('.media-card-title').textContent()).toBe('第一讲.mp4');
    // The block is in the lesson (autosaved) while the bytes are still on their way.
    await expect.poll(() => mediaIdIn(lessonId)).toBeGreaterThan(0);
    release();
    await cardStatus(page).getByText('可播放', { exact: true }).waitFor({ timeout: 120_000 });
    const mediaId = (await mediaIdIn(lessonId))!;
    const media = await api<{ status: string; sizeBytes: number }>(`/media/info?mediaId=${mediaId}`);
    expect(media).toMatchObject({ status: 'ready', sizeBytes: clip.length });

    await page.goto(`${baseUrl}${WebPaths.personalTeam}`);
    const usage = page.getByRole('progressbar', { name: '音视频存储' });
    await usage.waitFor();
    expect(await page.getByText(/^已用 \d+ MB，共 [\d.]+ (MB|GB)$/).count()).toBe(1);
  }, 180_000);

  it('resumes after a reload from the offset the server stored, without creating the upload again', async () => {
    const { page, lessonId } = await openLesson('音视频续传课程');
    const half = Math.floor(clip.length / 2);
    const requests: { method: string; offset: string | null }[] = [];
    let mode: 'cut' | 'block' | 'pass' = 'cut';
    let blocked!: () => void;
    const stalled = new Promise<void>((resolve) => (blocked = resolve));
    await page.route('**/api/media/upload**', async (route: Route) => {
      const request = route.request();
      const method = request.method();
      if (method === 'PATCH' && mode === 'cut') {
        // The first PATCH carries only half of the file, as a connection dropped mid-way would.
        mode = 'block';
        await route.continue({ postData: request.postDataBuffer()!.subarray(0, half) });
        return;
      }
      if (method === 'PATCH' && mode === 'block') {
        blocked();
        await route.abort();
        return;
      }
      requests.push({ method, offset: await request.headerValue('upload-offset') });
      await route.continue();
    });
    await page.locator('input[type="file"][aria-label="上传音视频"]').setInputFiles(clipPath);
    await stalled;
    await expect.poll(() => mediaIdIn(lessonId)).toBeGreaterThan(0);
    const mediaId = await mediaIdIn(lessonId);
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(1);

    await page.reload();
    mode = 'pass';
    requests.length = 0;
    // The server holds half: the block says so and asks for the file again.
    const percent = Math.floor((half / clip.length) * 100);
    await cardStatus(page).getByText(`上传未完成（已传 ${percent}%）`).waitFor();
    await card(page).locator('input[type="file"]').setInputFiles(clipPath);
    await cardStatus(page).getByText('可播放', { exact: true }).waitFor({ timeout: 120_000 });

    // Resumed: asked where it stopped (HEAD), then sent from there; no new upload was created.
    expect(requests.filter((r) => r.method === 'POST')).toEqual([]);
    expect(requests.some((r) => r.method === 'HEAD')).toBe(true);
    expect(requests.filter((r) => r.method === 'PATCH').map((r) => r.offset)).toEqual([String(half)]);
    expect(await mediaIdIn(lessonId)).toBe(mediaId);
    const media = await api<{ sizeBytes: number; status: string }>(`/media/info?mediaId=${mediaId}`);
    expect(media).toMatchObject({ status: 'ready', sizeBytes: clip.length });
  }, 180_000);
});
