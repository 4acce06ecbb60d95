/**
 * One quota over both kinds of lesson asset: a video still uploading holds its bytes against an
 * attachment, an attachment against a video, a failed video holds nothing, and the usage shown is
 * both kinds. (attachments.test.ts and media-upload.test.ts check each kind against itself.)
 */
import type { AddressInfo } from 'node:net';
import { Code, type MediaUsage } from '@studio/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { minimalPdf, upload } from '../../../test/attachment-files.ts';
import { call, createCourse, createLesson, createTeam, createUser } from '../../../test/factories.ts';
import { createUpload } from '../../../test/media-helpers.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { media } from '../../db/schema.ts';

const QUOTA = 100_000;
let t: TestApp;
let base = '';
const author = { token: '', lessonId: 0 };

beforeAll(async () => {
  t = await createTestApp({ MEDIA_QUOTA_BYTES: String(QUOTA) });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  const u = await createUser(t);
  await createTeam(t, u.token, '配额团队');
  author.token = u.token;
  const course = await createCourse(t, u.token, '配额');
  author.lessonId = (await createLesson(t, u.token, course.courseId)).lessonId;
});
afterAll(() => t?.close());

const usage = async () =>
  (await call<MediaUsage>(t, 'GET', '/media/usage', { token: author.token })).data.usedBytes;
const attach = (body: Buffer, filename = 'notes.pdf') =>
  upload(t, author.token, author.lessonId, { filename, body });

describe('the asset quota', () => {
  it('counts both kinds against either, and shows both in the usage', async () => {
    const pdf = minimalPdf();
    // A video still arriving holds all it announced: an attachment past the rest is refused.
    const video = await createUpload(base, author.token, QUOTA - pdf.length - 10);
    expect(video.status).toBe(201);
    const refused = await attach(Buffer.concat([pdf, Buffer.alloc(20, 0x20)]));
    expect(refused.code).toBe(Code.MEDIA_QUOTA_EXCEEDED);
    expect(await usage()).toBe(QUOTA - pdf.length - 10);
    // One that fits passes, and then a second video finds no room either.
    expect((await attach(pdf)).code).toBe(200);
    expect(await usage()).toBe(QUOTA - 10);
    const second = await createUpload(base, author.token, 11);
    expect(second.status).toBe(400);
    expect(JSON.parse(second.body)).toMatchObject({ code: Code.MEDIA_QUOTA_EXCEEDED });
    // A failed video's files are gone: it holds nothing, and the room is the attachments' again.
    await t.app.ctx.db.update(media).set({ status: 'failed' }).where(eq(media.id, video.mediaId));
    expect(await usage()).toBe(pdf.length);
    expect((await attach(Buffer.concat([pdf, Buffer.alloc(20, 0x20)]), 'more.pdf')).code).toBe(200);
  });
});
