import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { Code, type DocNode, type MediaPlay, type Share } from '@studio/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createCourse, createLesson, createTeam, createUser } from '../../../test/factories.ts';
import { saveLesson } from '../../../test/learning-factories.ts';
import { makeClip, uploadFile, waitTranscoded } from '../../../test/media-helpers.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { shares } from '../../db/schema.ts';

let t: TestApp;
let clips: string;
let token = '';
/** A paid course never released: a free-preview lesson holding `free`, a paid one holding `paid`. */
const course = { courseId: 0, free: 0, paid: 0 };
/** Another course of the same team, with its own free-preview lesson holding `other`. */
const second = { courseId: 0, free: 0 };
const media = { free: 0, paid: 0, other: 0 };

const audioDoc = (mediaId: number): DocNode => ({
  type: 'doc',
  content: [{ type: 'media', attrs: { mediaId, kind: 'audio' } }],
});

async function courseWith(title: string, lessons: { mediaId: number; freePreview: boolean }[]) {
  const c = await createCourse(t, token, title);
  const ids: number[] = [];
  for (const [i, l] of lessons.entries()) {
    const lessonId = (await createLesson(t, token, c.courseId, `第${i + 1}课`)).lessonId;
    await saveLesson(t, token, lessonId, audioDoc(l.mediaId), l.freePreview);
    ids.push(lessonId);
  }
  const modify = { courseId: c.courseId, version: c.version, summary: '简介', price: 990, category: 'tech' };
  expect((await call(t, 'POST', '/course/modify', { token, body: modify })).code).toBe(200);
  return { courseId: c.courseId, ids };
}

const newShare = async (courseId: number) =>
  (await call<Share>(t, 'POST', '/share/create', { token, body: { courseId } })).data.shareId;

beforeAll(async () => {
  t = await createTestApp({ JOBS_ENABLED: 'true' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  clips = await fs.mkdtemp(path.join(os.tmpdir(), 'media-share-'));
  const s = await createUser(t);
  await createTeam(t, s.token, '分享团队');
  token = s.token;
  const clip = await makeClip(clips, 'audio', 'mp3');
  for (const key of ['free', 'paid', 'other'] as const)
    media[key] = (await uploadFile(base, token, clip, `${key}.mp3`)).mediaId;
  await waitTranscoded(t, token, media.free);
  const c = await courseWith('分享的课', [
    { mediaId: media.free, freePreview: true },
    { mediaId: media.paid, freePreview: false },
  ]);
  Object.assign(course, { courseId: c.courseId, free: c.ids[0], paid: c.ids[1] });
  const o = await courseWith('另一门课', [{ mediaId: media.other, freePreview: true }]);
  Object.assign(second, { courseId: o.courseId, free: o.ids[0] });
});
afterAll(async () => {
  await t?.close();
  await fs.rm(clips, { recursive: true, force: true });
});

/** A visitor (no session) asking to play on a share's page. */
const play = (body: object) => call<MediaPlay>(t, 'POST', '/media/play', { body });
const get = (url: string) => t.app.inject({ method: 'GET', url });

/** The key's address of a playback (master → first rendition → its EXT-X-KEY). */
async function keyUrlOf(playlistUrl: string): Promise<string> {
  const master = await get(playlistUrl);
  const variantPath = master.body.split('\n').find((l) => l.endsWith('index.m3u8'))!;
  const variantUrl = new URL(variantPath, `http://x${playlistUrl}`).pathname;
  const variant = await get(variantUrl);
  const keyUri = /#EXT-X-KEY:METHOD=AES-128,URI="([^"]+)"/.exec(variant.body)![1]!;
  return new URL(keyUri, `http://x${variantUrl}`).pathname;
}

describe("a share link's visitor", () => {
  it('plays the free-preview media of a course never released, with its key', async () => {
    const shareId = await newShare(course.courseId);
    // Without the share the course is nobody's to read: never released.
    const without = { mediaId: media.free, courseId: course.courseId, lessonId: course.free };
    expect((await play(without)).code).toBe(Code.NOT_FOUND);
    const answer = await play({ ...without, shareId });
    expect(answer.code).toBe(200);
    expect(answer.data.playlistUrl).toMatch(/^\/api\/media\/hls\/[^/]+\/master\.m3u8$/);
    const key = await get(await keyUrlOf(answer.data.playlistUrl!));
    expect(key.statusCode).toBe(200);
    expect(key.rawPayload.length).toBe(16);
  });

  it("is refused a paid lesson's media, another course's and a media the lesson does not hold", async () => {
    const shareId = await newShare(course.courseId);
    const paid = { mediaId: media.paid, courseId: course.courseId, lessonId: course.paid, shareId };
    expect((await play(paid)).code).toBe(Code.NOT_FOUND);
    // The other course's free lesson, through this course's share.
    const other = { mediaId: media.other, courseId: second.courseId, lessonId: second.free, shareId };
    expect((await play(other)).code).toBe(Code.NOT_FOUND);
    // The other course's media named in this course's free lesson, which does not hold it.
    expect((await play({ ...paid, mediaId: media.other, lessonId: course.free })).code).toBe(Code.NOT_FOUND);
    // The paid lesson's media named in the free lesson.
    expect((await play({ ...paid, lessonId: course.free })).code).toBe(Code.NOT_FOUND);
  });

  it('is refused once the share is revoked or expired, the key included', async () => {
    const shareId = await newShare(course.courseId);
    const body = { mediaId: media.free, courseId: course.courseId, lessonId: course.free, shareId };
    const answer = await play(body);
    const keyUrl = await keyUrlOf(answer.data.playlistUrl!);
    expect((await get(keyUrl)).statusCode).toBe(200);
    await call(t, 'POST', '/share/revoke', { token, body: { shareId } });
    expect((await play(body)).code).toBe(Code.NOT_FOUND);
    // The address handed out before: its key is decided again, not kept.
    expect((await get(keyUrl)).statusCode).toBe(404);

    const expiring = await newShare(course.courseId);
    const live = await play({ ...body, shareId: expiring });
    expect(live.code).toBe(200);
    const liveKey = await keyUrlOf(live.data.playlistUrl!);
    await t.app.ctx.db
      .update(shares)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(shares.id, expiring));
    expect((await play({ ...body, shareId: expiring })).code).toBe(Code.NOT_FOUND);
    expect((await get(liveKey)).statusCode).toBe(404);
    // An unknown share opens nothing either.
    expect((await play({ ...body, shareId: 'nosuchshare0' })).code).toBe(Code.NOT_FOUND);
  });
});
