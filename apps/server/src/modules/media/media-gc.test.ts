/**
 * Freeing media files: a media that no lesson and no release of its team refers to any more (its
 * block, lesson or course deleted) is marked unused by the sweep and freed a grace period later;
 * releases (a sold course's too, even deleted) keep theirs. Abandoned uploads: media-upload.test.ts.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { DocNode, Media, Order } from '@studio/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createCourse, createLesson, createTeam, createUser } from '../../../test/factories.ts';
import { saveLesson } from '../../../test/learning-factories.ts';
import { filesUnder, makeClip, uploadFile, waitTranscoded } from '../../../test/media-helpers.ts';
import { payInSandbox } from '../../../test/store-factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { sweepAssets } from '../assets/index.ts';

let t: TestApp;
let base: string;
let clips: string;
let token = '';
let teamId = 0;
const LATER = 25 * 3600_000; // past the default 24 h grace

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  clips = await fs.mkdtemp(path.join(os.tmpdir(), 'media-clips-'));
  const u = await createUser(t);
  teamId = (await createTeam(t, u.token, '回收团队')).teamId;
  token = u.token;
});
afterAll(async () => {
  await t?.close();
  await fs.rm(clips, { recursive: true, force: true });
});

const doc = (...mediaIds: number[]): DocNode => ({
  type: 'doc',
  content: [
    { type: 'paragraph', content: [{ type: 'text', text: '课文' }] },
    ...mediaIds.map((mediaId) => ({ type: 'media', attrs: { mediaId, kind: 'audio' } })),
  ],
});
const info = (mediaId: number) =>
  call<Media>(t, 'GET', '/media/info', { token, query: { mediaId: String(mediaId) } });

/** A transcoded audio media; answers its id and upload id. */
async function newMedia() {
  const { created, done, mediaId } = await uploadFile(base, token, await makeClip(clips, 'audio', 'mp3'));
  expect(done.status).toBe(204);
  expect((await waitTranscoded(t, token, mediaId)).status).toBe('ready');
  return { mediaId, uploadId: created.location!.split('/').pop()! };
}

/** Its files: the original in the upload store and the HLS folder in the storage. */
async function filesOf(m: { mediaId: number; uploadId: string }) {
  const uploads = path.join(t.dataDir, 'uploads');
  const originals = (await filesUnder(path.join(uploads, 'media-uploads'))).filter((f) =>
    f.startsWith(m.uploadId),
  );
  return [
    ...originals,
    ...(await filesUnder(path.join(uploads, 'media', String(teamId), String(m.mediaId)))),
  ];
}

async function expectFreed(m: { mediaId: number; uploadId: string }) {
  expect((await info(m.mediaId)).code).toBe(404);
  expect(await filesOf(m)).toEqual([]);
}
async function expectKept(m: { mediaId: number; uploadId: string }) {
  expect((await info(m.mediaId)).data.status).toBe('ready');
  expect(await filesOf(m)).toContain('audio/index.m3u8');
}

async function lessonWith(...mediaIds: number[]) {
  const course = await createCourse(t, token, '回收课程');
  const lesson = await createLesson(t, token, course.courseId);
  await saveLesson(t, token, lesson.lessonId, doc(...mediaIds));
  return { course, lessonId: lesson.lessonId };
}

describe('freeing media files', () => {
  it('frees a media whose block was taken out of its lesson, after the grace; a block put back keeps it', async () => {
    const [gone, back] = [await newMedia(), await newMedia()];
    const { lessonId } = await lessonWith(gone.mediaId, back.mediaId);
    await sweepAssets(t.app.ctx, undefined, Date.now() + LATER);
    await expectKept(gone);
    await saveLesson(t, token, lessonId, doc());
    // Marked unused now; nothing freed within the grace.
    await sweepAssets(t.app.ctx);
    expect((await sweepAssets(t.app.ctx, undefined, Date.now() + 3600_000)).unused).toBe(0);
    await expectKept(gone);
    // The author puts one back (an undo): its mark is cleared.
    await saveLesson(t, token, lessonId, doc(back.mediaId));
    expect((await sweepAssets(t.app.ctx, undefined, Date.now() + LATER)).unused).toBe(1);
    await expectFreed(gone);
    await expectKept(back);
  }, 60_000);

  it('frees the media of a deleted lesson and of a deleted course nobody bought', async () => {
    const [inLesson, inCourse] = [await newMedia(), await newMedia()];
    const first = await lessonWith(inLesson.mediaId);
    const second = await lessonWith(inCourse.mediaId);
    const del = (url: string, body: object) => call(t, 'POST', url, { token, body });
    expect((await del('/lesson/delete', { lessonId: first.lessonId })).code).toBe(200);
    expect((await del('/course/delete', { courseId: second.course.courseId })).code).toBe(200);
    await sweepAssets(t.app.ctx);
    await sweepAssets(t.app.ctx, undefined, Date.now() + LATER);
    await expectFreed(inLesson);
    await expectFreed(inCourse);
  }, 60_000);

  it('keeps what a release refers to: a block taken out of the draft, and a sold course deleted', async () => {
    const [released, sold] = [await newMedia(), await newMedia()];
    const a = await lessonWith(released.mediaId);
    const b = await lessonWith(sold.mediaId);
    for (const c of [a.course, b.course]) {
      const modify = {
        courseId: c.courseId,
        version: c.version,
        summary: '简介',
        price: 990,
        category: 'tech',
      };
      const cover = '/api/files/cover/2026/11/abcdefghijkl.png';
      expect((await call(t, 'POST', '/course/modify', { token, body: { ...modify, cover } })).code).toBe(200);
      expect((await call(t, 'POST', '/course/release', { token, body: { courseId: c.courseId } })).code).toBe(
        200,
      );
    }
    await saveLesson(t, token, a.lessonId, doc());
    const buyer = await createUser(t);
    await createTeam(t, buyer.token, '买家');
    await call(t, 'POST', '/cart/add', { token: buyer.token, body: { courseId: b.course.courseId } });
    const order = await call<Order>(t, 'POST', '/order/checkout', { token: buyer.token, body: {} });
    await payInSandbox(t, buyer.token, order.data.orderId);
    expect(
      (await call(t, 'POST', '/course/delete', { token, body: { courseId: b.course.courseId } })).code,
    ).toBe(200);
    await sweepAssets(t.app.ctx);
    expect((await sweepAssets(t.app.ctx, undefined, Date.now() + LATER)).unused).toBe(0);
    await expectKept(released);
    await expectKept(sold);
  }, 60_000);
});
