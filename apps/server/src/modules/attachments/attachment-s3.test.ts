/**
 * Attachments on S3 for real: the app configured with S3_* against an S3-compatible server on
 * 127.0.0.1 (test/s3-server.ts, as media-s3.test.ts). A resumable tus upload through tus's S3 store
 * (two PATCHes, the first below a part), the attachment stored as its own object and the partial
 * upload's objects gone; a refused one and an abandoned one leave nothing.
 */
import { Code, type AttachmentList } from '@studio/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { call, createCourse, createLesson, createTeam, createUser } from '../../../test/factories.ts';
import {
  createAttachmentUpload,
  minimalPdf,
  patchAttachment,
  tusAttachment,
  upload,
} from '../../../test/attachment-files.ts';
import { PNG_1X1 } from '../../../test/images.ts';
import { startTestS3, type TestS3 } from '../../../test/s3-server.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { sweepAssets } from '../assets/index.ts';

let s3: TestS3 | null = null;
let t: TestApp;
let token = '';
let teamId = 0;
let lessonId = 0;

beforeAll(async () => {
  s3 = await startTestS3();
  t = await createTestApp({ ...s3.env });
  const u = await createUser(t);
  teamId = (await createTeam(t, u.token, 'S3 附件团队')).teamId;
  token = u.token;
  const course = await createCourse(t, token, 'S3 附件课程');
  lessonId = (await createLesson(t, token, course.courseId)).lessonId;
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
});
afterEach(() => vi.useRealTimers());

/** The partial uploads' objects (`att<hex>`, `.info`, `.part`); attachments' own files are under `attachments/`. */
const uploadKeys = async () => (await s3!.keys()).filter((k) => /^att[a-f0-9]{32}/.test(k));

describe('attachments on S3', () => {
  it('uploads by tus into S3, resumes, stores the attachment as an object and leaves no partial upload', async () => {
    expect(t.app.ctx.config.storage).toBe('s3');
    const pdf = Buffer.concat([minimalPdf('S3'), Buffer.alloc(20_000, 0x20)]);
    const created = await createAttachmentUpload(t, token, lessonId, pdf.length, 'S3 讲义.pdf');
    expect(created.status).toBe(201);
    const uploadId = created.location!.split('/').pop()!;
    const half = Math.floor(pdf.length / 2);
    expect((await patchAttachment(t, token, created.location!, 0, pdf.subarray(0, half))).status).toBe(204);
    // A resumed upload asks S3 where it stands: the first half is held as an incomplete part.
    const head = await tusAttachment(t, token, 'HEAD', created.location);
    expect(head.headers['upload-offset']).toBe(String(half));
    expect(await s3!.keys()).toEqual(expect.arrayContaining([`${uploadId}.info`, `${uploadId}.part`]));
    const done = await patchAttachment(t, token, created.location!, half, pdf.subarray(half));
    expect(done.status).toBe(204);
    const list = await call<AttachmentList>(t, 'GET', '/attachment/list', {
      token,
      query: { lessonId: String(lessonId) },
    });
    expect(list.data.list).toEqual([expect.objectContaining({ name: 'S3 讲义.pdf', sizeBytes: pdf.length })]);
    expect(done.headers['attachment-id']).toBe(String(list.data.list[0]!.attachmentId));
    const stored = (await s3!.keys()).filter((k) => k.startsWith(`attachments/${teamId}/`));
    expect(stored).toHaveLength(1);
    const file = await t.app.ctx.storage.open(stored[0]!);
    const chunks: Buffer[] = [];
    for await (const chunk of file!.stream as AsyncIterable<Buffer>) chunks.push(chunk);
    const bytes = Buffer.concat(chunks);
    expect(bytes.equals(pdf)).toBe(true);
    expect(await uploadKeys()).toEqual([]);
  });

  it('a refused type leaves no object; an abandoned upload is freed by the sweep after the expiry', async () => {
    const refused = await upload(t, token, lessonId, { filename: 'photo.pdf', body: PNG_1X1 });
    expect(refused).toMatchObject({ status: 400, code: Code.ATTACHMENT_TYPE_REFUSED });
    expect(await uploadKeys()).toEqual([]);
    const pdf = minimalPdf('Abandoned');
    const created = await createAttachmentUpload(t, token, lessonId, pdf.length);
    await patchAttachment(t, token, created.location!, 0, pdf.subarray(0, 10));
    expect((await uploadKeys()).length).toBeGreaterThan(0);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 25 * 3600_000 });
    await sweepAssets(t.app.ctx);
    vi.useRealTimers();
    expect(await uploadKeys()).toEqual([]);
  });
});
