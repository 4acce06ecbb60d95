/**
 * Issue 47.4: a video plays seconds after its upload, while it is still being transcoded. The author
 * uploads a three-minute 960×540 clip (made here by the packaged ffmpeg) from the lesson editor: a
 * source below 720p has one rendition, 360p, so before issue 47.4 nothing played until transcoding
 * ended. As soon as the block says 可播放 with the progress still showing (the rendition's first
 * segments are stored), the lesson's preview in another tab plays it: the player got the growing
 * (EVENT, unfinished) playlist, and the video's time advances while the editor still shows the
 * progress. Once transcoding ends the block says 可播放 alone.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { WebPaths } from '@studio/contract/constants';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { courseWithLesson, editableEditor, lessonText } from '../support/authoring.ts';
import { demoOwnerContexts } from '../support/demo-tab.ts';
import { ffmpeg, playedPast } from '../support/media.ts';

const baseUrl = inject('baseUrl');
const { newContext, api } = demoOwnerContexts(baseUrl);
const run = promisify(execFile);
const CLIP = '长视频讲座.mp4';
const SECONDS = 180;

let dir: string;
let clipPath: string;

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'media-early-e2e-'));
  // 10 s of 960×540 picture and tone made quickly (ultrafast), then repeated into 3 minutes without
  // encoding again (stream copy): long enough that its one rendition takes a while on CI.
  const part = path.join(dir, 'part.mp4');
  await run(ffmpeg, [
    ...['-nostdin', '-v', 'error', '-f', 'lavfi', '-i', 'testsrc2=duration=10:size=960x540:rate=25'],
    ...['-f', 'lavfi', '-i', 'sine=duration=10', '-shortest', '-c:v', 'libx264', '-preset', 'ultrafast'],
    ...['-b:v', '1500k', '-c:a', 'aac', '-y', part],
  ]);
  clipPath = path.join(dir, CLIP);
  const loops = String(SECONDS / 10 - 1);
  await run(ffmpeg, [
    '-nostdin',
    '-v',
    'error',
    '-stream_loop',
    loops,
    '-i',
    part,
    '-c',
    'copy',
    '-y',
    clipPath,
  ]);
}, 120_000);
afterAll(() => fs.rm(dir, { recursive: true, force: true }));

const cardStatus = (page: Page) => page.locator('.media-card').getByRole('status');
/** 可播放 while transcoding goes on: its progress shows beside it. */
const PLAYABLE_MORE = /^可播放，仍在转码 \d+%$/;

describe('a video playable seconds after its upload', () => {
  it('plays in the lesson preview while the editor still shows the transcoding progress', async () => {
    const { courseId, lesson } = await courseWithLesson(api, '边传边播课程');
    const context = await newContext();
    const editor = await context.newPage();
    await editor.goto(`${baseUrl}${WebPaths.lesson(courseId, lesson.lessonId)}`);
    await editableEditor(editor).waitFor();
    await editor.locator('input[type="file"][aria-label="上传音视频"]').setInputFiles(clipPath);

    // Playable while its only rendition is still being made: the block says so, with its progress.
    await cardStatus(editor).getByText(PLAYABLE_MORE).waitFor({ timeout: 120_000 });
    await editor.locator('.media-card').getByRole('progressbar').waitFor();
    // The block is in the lesson the preview shows (autosaved).
    await expect.poll(async () => /"mediaId":\d+/.test(await lessonText(api, lesson.lessonId))).toBe(true);

    const preview = await context.newPage();
    // The rendition playlists the player loads: the first is the growing one, then reloaded.
    const playlists: string[] = [];
    preview.on('response', (res) => {
      if (/\/api\/media\/hls\/[^/]+\/360p\/index\.m3u8$/.test(res.url()))
        void res.text().then((text) => playlists.push(text));
    });
    await preview.goto(`${baseUrl}${WebPaths.lessonPreview(courseId, lesson.lessonId)}`);
    await preview.getByRole('button', { name: `播放视频：${CLIP}` }).click();
    await playedPast(preview, 1);
    const video = await preview.locator('video').evaluate((v: HTMLVideoElement) => ({
      paused: v.paused,
      readyState: v.readyState,
      width: v.videoWidth,
    }));
    // Frames decoded and shown (the 360p rendition), still playing.
    expect(video).toMatchObject({ paused: false, width: 640 });
    expect(video.readyState).toBeGreaterThanOrEqual(2);
    // It followed the 360p playlist while it grew (EVENT, no end yet, from its start).
    expect(playlists[0]).toContain('#EXT-X-PLAYLIST-TYPE:EVENT');
    expect(playlists[0]).not.toContain('#EXT-X-ENDLIST');
    // …while the editor still shows the transcoding's progress.
    expect(await cardStatus(editor).textContent()).toMatch(PLAYABLE_MORE);
    await editor.locator('.media-card').getByRole('progressbar').waitFor();

    // Done: the block says 可播放 alone.
    await cardStatus(editor).getByText('可播放', { exact: true }).waitFor({ timeout: 180_000 });
  }, 360_000);
});
