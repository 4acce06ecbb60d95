/** The author's side of lesson attachments: upload checked by bytes, limits, names, lists, other teams. */
import fs from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Code, type Attachment, type AttachmentList, type MediaUsage } from '@studio/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
  minimalDocx,
  minimalPdf,
  patchAttachment,
  upload,
  zipOf,
} from '../../../test/attachment-files.ts';
import { PNG_1X1 } from '../../../test/images.ts';
import { createUpload } from '../../../test/media-helpers.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

const MAX = 64 * 1024;
let t: TestApp;
const author = { token: '', lessonId: 0, courseId: 0 };
let stranger = '';

/** Every file under a folder of the data directory (recursively). */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await fs
    .readdir(path.join(t.dataDir, dir), { recursive: true, withFileTypes: true })
    .catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

beforeAll(async () => {
  t = await createTestApp({ ATTACHMENT_MAX_BYTES: String(MAX), MEDIA_QUOTA_BYTES: String(3 * MAX) });
  const a = await createUser(t);
  await createTeam(t, a.token, '作者团队');
  author.token = a.token;
  const course = await createCourse(t, a.token, '附件课程');
  author.courseId = course.courseId;
  author.lessonId = (await createLesson(t, a.token, course.courseId, '第一课')).lessonId;
  const s = await createUser(t);
  await createTeam(t, s.token, '别的团队');
  stranger = s.token;
});
afterAll(() => t?.close());

const list = (token: string, lessonId = author.lessonId) =>
  call<AttachmentList>(t, 'GET', '/attachment/list', { token, query: { lessonId: String(lessonId) } });

describe('uploading attachments', () => {
  it('stores a PDF by its bytes under a key of its own, lists it, and leaves no temporary file', async () => {
    const pdf = minimalPdf();
    const res = await upload(t, author.token, author.lessonId, { filename: '讲义 第一章.pdf', body: pdf });
    expect(res.code).toBe(200);
    expect(res.data).toMatchObject({
      name: '讲义 第一章.pdf',
      kind: 'pdf',
      contentType: 'application/pdf',
      sizeBytes: pdf.length,
      lessonId: author.lessonId,
    });
    const stored = await filesUnder('uploads/attachments');
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatch(/uploads\/attachments\/\d+\/[\w-]+\/file$/);
    expect((await fs.readFile(stored[0]!)).equals(pdf)).toBe(true);
    expect(await filesUnder('tmp')).toEqual([]);
    expect((await list(author.token)).data.list.map((a) => a.name)).toEqual(['讲义 第一章.pdf']);
  });

  it('knows Office files, zip and UTF-8 text by their bytes; the name only narrows', async () => {
    const docx = await upload(t, author.token, author.lessonId, {
      filename: 'notes.docx',
      body: minimalDocx(),
    });
    expect(docx.data).toMatchObject({ kind: 'document', name: 'notes.docx' });
    expect(docx.data.contentType).toContain('wordprocessingml');
    const zip = await upload(t, author.token, author.lessonId, {
      filename: 'code.zip',
      body: zipOf({ 'main.py': 'print(1)' }),
    });
    expect(zip.data).toMatchObject({ kind: 'zip', contentType: 'application/zip' });
    const md = await upload(t, author.token, author.lessonId, {
      filename: '笔记.md',
      body: Buffer.from('# 标题\n正文'),
    });
    expect(md.data).toMatchObject({ kind: 'text', contentType: 'text/markdown; charset=utf-8' });
    // A real PDF named .docx keeps its name and gets the extension its bytes say.
    const named = await upload(t, author.token, author.lessonId, {
      filename: 'slides.docx',
      body: minimalPdf(),
    });
    expect(named.data).toMatchObject({ kind: 'pdf', name: 'slides.docx.pdf' });
  });

  it('refuses a lying type with a clear message and keeps nothing', async () => {
    const before = await filesUnder('uploads/attachments');
    const lies = [
      { filename: 'photo.pdf', body: PNG_1X1, type: 'application/pdf' },
      {
        filename: 'page.pdf',
        body: Buffer.from('<html><script>alert(1)</script></html>'),
        type: 'application/pdf',
      },
      { filename: 'binary.txt', body: Buffer.from([0x41, 0x00, 0x42, 0xff]), type: 'text/plain' },
      { filename: 'latin1.txt', body: Buffer.from([0x63, 0x61, 0x66, 0xe9]), type: 'text/plain' },
      {
        filename: 'setup.doc',
        body: Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200)]),
        type: 'application/msword',
      },
    ];
    for (const lie of lies) {
      const res = await upload(t, author.token, author.lessonId, lie);
      expect({ name: lie.filename, code: res.code, status: res.status }).toEqual({
        name: lie.filename,
        code: Code.ATTACHMENT_TYPE_REFUSED,
        status: 400,
      });
      expect(res.msg).toContain('PDF');
    }
    expect(await filesUnder('uploads/attachments')).toEqual(before);
    expect(await filesUnder('uploads/attachment-uploads')).toEqual([]);
    expect(await filesUnder('tmp')).toEqual([]);
  });

  it('refuses 0 bytes and a file over ATTACHMENT_MAX_BYTES (413, announced or sent past its length) and keeps nothing', async () => {
    const before = await filesUnder('uploads/attachments');
    const empty = await upload(t, author.token, author.lessonId, {
      filename: 'empty.pdf',
      body: Buffer.alloc(0),
    });
    expect(empty).toMatchObject({ code: Code.ATTACHMENT_EMPTY, status: 400 });
    const big = Buffer.concat([minimalPdf(), Buffer.alloc(MAX, 0x20)]);
    const over = await upload(t, author.token, author.lessonId, { filename: 'big.pdf', body: big });
    expect(over).toMatchObject({ code: Code.ATTACHMENT_TOO_LARGE, status: 413, data: { maxMb: 0 } });
    // Declared within the limit, then sent past it: tus refuses the bytes beyond the declared length.
    const created = await createAttachmentUpload(t, author.token, author.lessonId, MAX);
    const past = await patchAttachment(t, author.token, created.location!, 0, Buffer.alloc(MAX + 1, 0x20));
    expect(past.status).toBe(413);
    expect(await filesUnder('uploads/attachments')).toEqual(before);
    expect(await filesUnder('tmp')).toEqual([]);
  });

  it('cleans hostile names for display and never uses them as a path', async () => {
    const cases: [string, string][] = [
      ['../../../etc/passwd.pdf', 'passwd.pdf'],
      ['..\\..\\windows\\boot.pdf', 'boot.pdf'],
      ['a\u0000b\u202ecod.pdf', 'abcod.pdf'],
      ['..', '附件.pdf'],
    ];
    for (const [raw, shown] of cases) {
      const res = await upload(t, author.token, author.lessonId, { filename: raw, body: minimalPdf() });
      expect(res.data.name).toBe(shown);
    }
    const long = await upload(t, author.token, author.lessonId, {
      filename: `${'长'.repeat(500)}.pdf`,
      body: minimalPdf(),
    });
    expect([...long.data.name]).toHaveLength(120);
    expect(long.data.name.endsWith('长.pdf')).toBe(true);
    for (const file of await filesUnder('uploads')) expect(file).not.toMatch(/passwd|boot|长/);
    expect(await filesUnder('../etc')).toEqual([]);
  });
});

describe('managing attachments', () => {
  it('renames, reorders and removes (the file goes when no release lists it)', async () => {
    const lessonId = (await createLesson(t, author.token, author.courseId, '第二课')).lessonId;
    const a = (await upload(t, author.token, lessonId, { filename: 'a.pdf', body: minimalPdf('A') })).data;
    const b = (await upload(t, author.token, lessonId, { filename: 'b.pdf', body: minimalPdf('B') })).data;
    const renamed = await call<Attachment>(t, 'POST', '/attachment/rename', {
      token: author.token,
      body: { attachmentId: a.attachmentId, name: ' ../第一讲.pdf ' },
    });
    expect(renamed.data.name).toBe('第一讲.pdf');
    const reordered = await call<AttachmentList>(t, 'POST', '/attachment/reorder', {
      token: author.token,
      body: { lessonId, attachmentIds: [b.attachmentId, a.attachmentId] },
    });
    expect(reordered.data.list.map((x) => x.attachmentId)).toEqual([b.attachmentId, a.attachmentId]);
    const before = (await filesUnder('uploads/attachments')).length;
    const removed = await call(t, 'POST', '/attachment/delete', {
      token: author.token,
      body: { attachmentId: b.attachmentId },
    });
    expect(removed.code).toBe(200);
    expect((await list(author.token, lessonId)).data.list.map((x) => x.name)).toEqual(['第一讲.pdf']);
    expect(await filesUnder('uploads/attachments')).toHaveLength(before - 1);
  });

  it("answers 404 for another team's lesson and attachments; a MEMBER edits only their own courses", async () => {
    const own = (await list(author.token)).data.list[0]!;
    expect((await list(stranger)).code).toBe(Code.NOT_FOUND);
    const up = await upload(t, stranger, author.lessonId, { filename: 'x.pdf', body: minimalPdf() });
    expect(up.code).toBe(Code.NOT_FOUND);
    for (const [url, body] of [
      ['/attachment/rename', { attachmentId: own.attachmentId, name: 'x.pdf' }],
      ['/attachment/delete', { attachmentId: own.attachmentId }],
      ['/attachment/reorder', { lessonId: author.lessonId, attachmentIds: [own.attachmentId] }],
    ] as const)
      expect((await call(t, 'POST', url, { token: stranger, body })).code).toBe(Code.NOT_FOUND);
    // A MEMBER of the author's team reads the list but may not change another's course.
    const m = await createUser(t);
    await addByInvitation(t, author.token, m);
    expect((await list(m.token)).data.list.length).toBeGreaterThan(0);
    const refused = await upload(t, m.token, author.lessonId, { filename: 'x.pdf', body: minimalPdf() });
    expect(refused.code).toBe(Code.FORBIDDEN);
    expect((await list(author.token)).data.list).toContainEqual(own);
  });

  it("counts attachments in the team's media quota, shown in its usage", async () => {
    const u = await createUser(t);
    await createTeam(t, u.token, '配额团队');
    const course = await createCourse(t, u.token, '配额');
    const lessonId = (await createLesson(t, u.token, course.courseId)).lessonId;
    const fill = Buffer.concat([minimalPdf(), Buffer.alloc(MAX - 2000, 0x20)]);
    for (let i = 0; i < 3; i++)
      expect((await upload(t, u.token, lessonId, { filename: `${i}.pdf`, body: fill })).code).toBe(200);
    const usage = await call<MediaUsage>(t, 'GET', '/media/usage', { token: u.token });
    expect(usage.data.usedBytes).toBe(3 * fill.length);
    const over = await upload(t, u.token, lessonId, { filename: 'more.pdf', body: fill });
    expect(over.code).toBe(Code.MEDIA_QUOTA_EXCEEDED);
    // A video upload (tus creation) counts the attachments too.
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const video = await createUpload(base, u.token, 5000);
    expect(video.status).toBe(400);
    expect(JSON.parse(video.body)).toMatchObject({ code: Code.MEDIA_QUOTA_EXCEEDED });
    expect(await filesUnder('tmp')).toEqual([]);
    expect((await list(u.token, lessonId)).data.list).toHaveLength(3);
  });
});
