/**
 * Attachments over tus (attachment-upload.ts): what creation refuses, another team's upload, a
 * resumed upload, a refusal when the last byte arrives, and the sweep of abandoned partial uploads.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { Code, type AttachmentList } from '@studio/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  addByInvitation,
  call,
  createCourse,
  createLesson,
  createTeam,
  createUser,
} from '../../../test/factories.ts';
import {
  createAttachmentUpload,
  minimalPdf,
  patchAttachment,
  tusAttachment,
  upload,
} from '../../../test/attachment-files.ts';
import { PNG_1X1 } from '../../../test/images.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { sweepAssets } from '../assets/index.ts';

const MAX = 64 * 1024;
let t: TestApp;
const author = { token: '', lessonId: 0 };
let stranger = '';
let member = '';

/** Every file under a folder of the data directory (recursively), with its bytes. */
async function filesUnder(dir: string): Promise<{ name: string; bytes: Buffer }[]> {
  const entries = await fs
    .readdir(path.join(t.dataDir, dir), { recursive: true, withFileTypes: true })
    .catch(() => []);
  const files = entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
  return Promise.all(files.map(async (name) => ({ name, bytes: await fs.readFile(name) })));
}
const partials = () => filesUnder('uploads/attachment-uploads');
const list = (lessonId = author.lessonId) =>
  call<AttachmentList>(t, 'GET', '/attachment/list', {
    token: author.token,
    query: { lessonId: String(lessonId) },
  });

beforeAll(async () => {
  t = await createTestApp({ ATTACHMENT_MAX_BYTES: String(MAX), MEDIA_QUOTA_BYTES: String(3 * MAX) });
  const a = await createUser(t);
  await createTeam(t, a.token, '作者团队');
  author.token = a.token;
  const course = await createCourse(t, a.token, '附件课程');
  author.lessonId = (await createLesson(t, a.token, course.courseId, '第一课')).lessonId;
  const s = await createUser(t);
  await createTeam(t, s.token, '别的团队');
  stranger = s.token;
  const m = await createUser(t);
  await addByInvitation(t, a.token, m);
  member = m.token;
});
afterAll(() => t?.close());
afterEach(() => vi.useRealTimers());

describe('attachment upload over tus', () => {
  it('refuses at creation, before any byte: not editable, no length, empty, too large, over quota', async () => {
    const refusal = async (token: string, lessonId: number | string, size: number | null) => {
      const r = await createAttachmentUpload(t, token, lessonId, size);
      return { status: r.status, code: r.envelope?.code, location: r.location };
    };
    // Another team's lesson, and no lesson at all: as if it did not exist.
    expect(await refusal(stranger, author.lessonId, 100)).toEqual({ status: 404, code: Code.NOT_FOUND });
    expect(await refusal(author.token, 'x', 100)).toEqual({ status: 404, code: Code.NOT_FOUND });
    // A MEMBER of the team may not edit another's course.
    expect(await refusal(member, author.lessonId, 100)).toEqual({ status: 403, code: Code.FORBIDDEN });
    expect(await refusal(author.token, author.lessonId, null)).toEqual({
      status: 400,
      code: Code.MEDIA_LENGTH_REQUIRED,
    });
    expect(await refusal(author.token, author.lessonId, 0)).toEqual({
      status: 400,
      code: Code.ATTACHMENT_EMPTY,
    });
    expect(await refusal(author.token, author.lessonId, MAX + 1)).toEqual({
      status: 413,
      code: Code.ATTACHMENT_TOO_LARGE,
    });
    // The quota counts what the team holds: three near-full files, then one that would not fit.
    const fill = Buffer.concat([minimalPdf(), Buffer.alloc(MAX - 1000, 0x20)]);
    for (const name of ['1.pdf', '2.pdf', '3.pdf'])
      expect((await upload(t, author.token, author.lessonId, { filename: name, body: fill })).code).toBe(200);
    expect(await refusal(author.token, author.lessonId, 3000)).toEqual({
      status: 400,
      code: Code.MEDIA_QUOTA_EXCEEDED,
    });
    expect(await partials()).toEqual([]);
    for (const a of (await list()).data.list)
      await call(t, 'POST', '/attachment/delete', {
        token: author.token,
        body: { attachmentId: a.attachmentId },
      });
  });

  it('resumes: a part, the offset asked again with HEAD, the rest; the attachment holds the bytes sent', async () => {
    const pdf = Buffer.concat([minimalPdf('Resumed'), Buffer.alloc(5000, 0x20)]);
    const created = await createAttachmentUpload(t, author.token, author.lessonId, pdf.length, '讲义.pdf');
    expect(created.status).toBe(201);
    expect(created.location).toMatch(/^\/api\/attachment\/upload\/att[a-f0-9]{32}$/);
    const half = Math.floor(pdf.length / 2);
    expect((await patchAttachment(t, author.token, created.location!, 0, pdf.subarray(0, half))).status).toBe(
      204,
    );
    // No row while it is partial.
    expect((await list()).data.list).toEqual([]);
    const head = await tusAttachment(t, author.token, 'HEAD', created.location);
    expect(head.headers['upload-offset']).toBe(String(half));
    const rest = await patchAttachment(t, author.token, created.location!, half, pdf.subarray(half));
    expect(rest.status).toBe(204);
    const [added] = (await list()).data.list;
    expect(added).toMatchObject({ name: '讲义.pdf', kind: 'pdf', sizeBytes: pdf.length });
    expect(rest.headers['attachment-id']).toBe(String(added!.attachmentId));
    const stored = await filesUnder('uploads/attachments');
    expect(stored.some((f) => f.bytes.equals(pdf))).toBe(true);
    // The partial upload is gone: asking for it again answers 404.
    expect(await partials()).toEqual([]);
    expect((await tusAttachment(t, author.token, 'HEAD', created.location)).status).toBe(404);
  });

  it("answers 404 to HEAD, PATCH and DELETE of another team's upload, which stays whole", async () => {
    const pdf = minimalPdf('Mine');
    const created = await createAttachmentUpload(t, author.token, author.lessonId, pdf.length);
    await patchAttachment(t, author.token, created.location!, 0, pdf.subarray(0, 10));
    expect((await tusAttachment(t, stranger, 'HEAD', created.location)).status).toBe(404);
    expect((await patchAttachment(t, stranger, created.location!, 10, pdf.subarray(10))).status).toBe(404);
    expect((await tusAttachment(t, stranger, 'DELETE', created.location)).status).toBe(404);
    // An id that is no upload at all, and one shaped like a path.
    expect(
      (await tusAttachment(t, author.token, 'HEAD', `/api/attachment/upload/att${'0'.repeat(32)}`)).status,
    ).toBe(404);
    expect((await tusAttachment(t, author.token, 'HEAD', '/api/attachment/upload/..%2F..%2Fx')).status).toBe(
      404,
    );
    expect((await tusAttachment(t, author.token, 'HEAD', created.location)).headers['upload-offset']).toBe(
      '10',
    );
    // Its own team deletes it (tus termination): nothing is left.
    expect((await tusAttachment(t, author.token, 'DELETE', created.location)).status).toBe(204);
    expect(await partials()).toEqual([]);
  });

  it('refuses a type its bytes do not allow when the last byte arrives, and leaves no row and no file', async () => {
    const before = await filesUnder('uploads/attachments');
    const res = await upload(t, author.token, author.lessonId, { filename: 'photo.pdf', body: PNG_1X1 });
    expect(res).toMatchObject({ status: 400, code: Code.ATTACHMENT_TYPE_REFUSED });
    expect((await list()).data.list.map((a) => a.name)).not.toContain('photo.pdf');
    expect(await filesUnder('uploads/attachments')).toEqual(before);
    expect(await partials()).toEqual([]);
  });

  it('refuses at the end when the lesson went while the bytes came', async () => {
    const course = await createCourse(t, author.token, '会被删的课时');
    const lessonId = (await createLesson(t, author.token, course.courseId)).lessonId;
    const pdf = minimalPdf('Gone');
    const created = await createAttachmentUpload(t, author.token, lessonId, pdf.length);
    await patchAttachment(t, author.token, created.location!, 0, pdf.subarray(0, 10));
    await call(t, 'POST', '/lesson/delete', { token: author.token, body: { lessonId } });
    const done = await patchAttachment(t, author.token, created.location!, 10, pdf.subarray(10));
    expect({ status: done.status, code: done.envelope?.code }).toEqual({ status: 404, code: Code.NOT_FOUND });
    expect(await partials()).toEqual([]);
  });

  it('frees an abandoned partial upload in the asset sweep once ATTACHMENT_UPLOAD_EXPIRY_HOURS passed', async () => {
    const pdf = minimalPdf('Abandoned');
    const created = await createAttachmentUpload(t, author.token, author.lessonId, pdf.length);
    await patchAttachment(t, author.token, created.location!, 0, pdf.subarray(0, 10));
    expect(await sweepAssets(t.app.ctx)).toMatchObject({ abandonedAttachmentUploads: 0 });
    expect((await partials()).length).toBeGreaterThan(0);
    // The store judges expiry by its clock: 25 hours on (the default expiry is 24).
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 25 * 3600_000 });
    expect(await sweepAssets(t.app.ctx)).toMatchObject({ abandonedAttachmentUploads: 1 });
    vi.useRealTimers();
    expect(await partials()).toEqual([]);
    expect((await tusAttachment(t, author.token, 'HEAD', created.location)).status).toBe(404);
  });
});
