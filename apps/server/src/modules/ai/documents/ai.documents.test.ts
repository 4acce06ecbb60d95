/**
 * A course from a document, through the API: upload (multipart), an outline by the document's own
 * structure, the author's merge, lessons written from their own sections with a 来源 note; the template
 * generator (no AI key) writes the sections themselves. Bad files answer their codes, never a 5xx.
 */
import { type AiDocument, type AiJob, Code, type CourseDetail, type Lesson } from '@studio/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import {
  buildBombDocx,
  buildDocx,
  buildEncryptedPdf,
  buildPdf,
  MANUAL,
  tinyPng,
  parseUpload,
  parseUploadWithProgress,
} from '../../../../test/documents.ts';
import { waitForJob } from '../../../../test/ai-jobs.ts';
import { call, createTeam, createUser } from '../../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../../test/test-app.ts';
import { TemplateGenerator } from '../../../platform/ai/template-generator.ts';
import { isOwnFileUrl } from '../../files/index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { generator: new TemplateGenerator(0) });
});
afterAll(() => t.close());

const text = (node: unknown): string => JSON.stringify(node);

describe('a course from a document', () => {
  it('reports the reading page by page to a caller that accepts NDJSON, then the answer as its last line', async () => {
    const user = await createUser(t);
    await createTeam(t, user.token);
    const pages = [1, 2, 3].map((n) => [`Chapter ${n}`, `Text of page ${n}.`]);
    const res = await parseUploadWithProgress(t, user.token, 'manual.pdf', await buildPdf(pages));
    expect(res.status).toBe(200);
    expect(res.type).toContain('application/x-ndjson');
    expect(res.lines.slice(0, -1)).toEqual(
      [1, 2, 3].map((done) => ({ progress: { done, total: 3, unit: 'page' } })),
    );
    expect(res.lines.at(-1)).toMatchObject({ code: 200, data: { name: 'manual.pdf', pages: 3 } });
  });

  it('follows the DOCX’s chapters, lets the author merge, writes each lesson from its own sections with a 来源 note', async () => {
    const user = await createUser(t);
    await createTeam(t, user.token);
    const up = await parseUpload(t, user.token, '设备手册.docx', await buildDocx());
    expect(up.code).toBe(200);
    expect(up.data).toMatchObject({ name: '设备手册.docx', format: 'docx' });
    expect(up.data.sections.map((s) => s.title)).toEqual(MANUAL.map((c) => c.title));

    const created = await call<AiJob>(t, 'POST', '/ai/job/create', {
      token: user.token,
      body: { topic: '设备安全培训', documentId: up.data.documentId },
    });
    expect(created.data.generator).toEqual({ kind: 'template', label: '按文档结构生成（未使用 AI）' });
    const ready = await waitForJob(t, user.token, created.data.jobId, (j) => j.status === 'outline_ready');
    expect(ready.outline!.lessons.map((l) => [l.title, l.sources])).toEqual([
      ['第一章 安全规范', [0]],
      ['第二章 设备操作', [1]],
      ['第三章 故障处理', [2]],
    ]);

    // The author merges chapters two and three and puts the merged lesson first.
    const [one, two] = ready.outline!.lessons;
    const merged = { title: '操作与故障', goal: '', sources: [1, 2] };
    const saved = await call<AiJob>(t, 'POST', '/ai/job/outline', {
      token: user.token,
      body: { jobId: ready.jobId, outline: { ...ready.outline!, lessons: [merged, one!] } },
    });
    expect(saved.code).toBe(200);
    // A lesson may name only the document's sections.
    const bad = await call<AiJob>(t, 'POST', '/ai/job/outline', {
      token: user.token,
      body: { jobId: ready.jobId, outline: { ...ready.outline!, lessons: [{ ...two!, sources: [7] }] } },
    });
    expect(bad.code).toBe(Code.AI_DOC_BAD_SOURCES);

    await call(t, 'POST', '/ai/job/generate', { token: user.token, body: { jobId: ready.jobId } });
    const done = await waitForJob(t, user.token, ready.jobId, (j) => j.status === 'done');
    const course = await call<CourseDetail>(t, 'GET', '/course/detail', {
      token: user.token,
      query: { courseId: String(done.courseId) },
    });
    expect(course.data.lessons.map((l) => l.title)).toEqual(['操作与故障', '第一章 安全规范']);
    const lesson = async (n: number) =>
      (
        await call<Lesson>(t, 'GET', '/lesson/detail', {
          token: user.token,
          query: { lessonId: String(course.data.lessons[n]!.lessonId) },
        })
      ).data.content;
    const first = await lesson(0);
    // Its own sections only: chapters two and three, their text and table, not chapter one's.
    expect(text(first)).toContain('开机前先检查油位和气压。');
    expect(text(first)).toContain('出现异响时立即停机并上报班长。');
    expect(text(first)).not.toContain('安全帽');
    expect(first.content!.some((n) => n.type === 'table')).toBe(true);
    expect(first.content!.at(-1)).toMatchObject({ type: 'blockquote' });
    expect(text(first.content!.at(-1))).toContain('来源：《设备手册.docx》第二章 设备操作、第三章 故障处理');
    const second = await lesson(1);
    expect(text(second)).toContain('进入车间前必须佩戴安全帽和防护眼镜。');
    expect(second.content!.some((n) => n.type === 'bulletList')).toBe(true);
    expect(text(second.content!.at(-1))).toContain('来源：《设备手册.docx》第一章 安全规范');
  });

  it('a DOCX’s pictures become lesson images where they sat, stored re-encoded; one that does not decode is left out', async () => {
    const user = await createUser(t);
    await createTeam(t, user.token);
    const png = await tinyPng();
    // A PNG's header, then bytes that are no image.
    const broken = Buffer.concat([png.subarray(0, 16), Buffer.alloc(64, 7)]);
    const docx = await buildDocx([
      {
        title: '第一章 安全规范',
        paragraphs: ['进入车间前必须佩戴安全帽。', '设备运行时不得打开防护罩。'],
        images: [{ after: 1, data: png, alt: '安全帽的正确戴法' }],
      },
      { title: '第二章 设备操作', paragraphs: ['开机前先检查油位。'], images: [{ after: 1, data: broken }] },
    ]);
    // The pictures stored one by one are progress lines too (the broken one counted as tried).
    const res = await parseUploadWithProgress(t, user.token, '图文手册.docx', docx);
    expect(res.lines.slice(0, -1)).toEqual(
      [1, 2].map((done) => ({ progress: { done, total: 2, unit: 'picture' } })),
    );
    const up = res.lines.at(-1) as { code: number; data: AiDocument };
    expect(up.code).toBe(200);
    expect(up.data.sections.map((s) => s.images)).toEqual([1, 0]);

    const created = await call<AiJob>(t, 'POST', '/ai/job/create', {
      token: user.token,
      body: { topic: '图文培训', documentId: up.data.documentId },
    });
    const ready = await waitForJob(t, user.token, created.data.jobId, (j) => j.status === 'outline_ready');
    await call(t, 'POST', '/ai/job/generate', { token: user.token, body: { jobId: ready.jobId } });
    const done = await waitForJob(t, user.token, ready.jobId, (j) => j.status === 'done');
    const contents = await Promise.all(
      done.lessons.map(
        async (l) =>
          (
            await call<Lesson>(t, 'GET', '/lesson/detail', {
              token: user.token,
              query: { lessonId: String(l.lessonId) },
            })
          ).data.content,
      ),
    );
    const first = contents[0]!.content!;
    // Between the two paragraphs, as in the document.
    expect(first.map((n) => n.type)).toEqual(['heading', 'paragraph', 'image', 'paragraph', 'blockquote']);
    const image = first[2]!;
    expect(image.attrs).toEqual({ src: expect.any(String) as string, alt: '安全帽的正确戴法' });
    const src = image.attrs!.src as string;
    expect(isOwnFileUrl(t.app.ctx.config, src)).toBe(true);
    const served = await t.app.inject({ method: 'GET', url: src });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'png', width: 8, height: 8 });
    // The broken picture left nothing in the second lesson.
    expect(contents[1]!.content!.some((n) => n.type === 'image')).toBe(false);
  });

  it('a document that cannot be saved leaves none of its pictures stored', async () => {
    const user = await createUser(t);
    await createTeam(t, user.token);
    const docx = await buildDocx([
      {
        title: '图',
        paragraphs: ['文字。'],
        images: [
          { after: 1, data: await tinyPng([10, 10, 10]) },
          { after: 1, data: await tinyPng([20, 20, 20]) },
        ],
      },
    ]);
    // The storage fails on the second picture's small size, after the first picture and some of the
    // second's variants were written.
    const storage = t.app.ctx.storage;
    const put = storage.put.bind(storage);
    const written: string[] = [];
    storage.put = async (key, body, type) => {
      if (key.endsWith('/sm.png') && written.some((k) => k.endsWith('/sm.png'))) throw new Error('disk full');
      written.push(key);
      return put(key, body, type);
    };
    try {
      const res = await parseUpload(t, user.token, '坏盘.docx', docx);
      expect(res.status).toBe(500);
    } finally {
      storage.put = put;
    }
    expect(written.length).toBeGreaterThan(3);
    for (const key of written) expect([key, await storage.get(key)]).toEqual([key, null]);
  });

  it('a PDF’s lessons name their pages', async () => {
    const user = await createUser(t);
    await createTeam(t, user.token);
    const pages = Array.from({ length: 40 }, (_, i) => [`Topic ${i + 1}`, `Text of page ${i + 1}.`]);
    const up = await parseUpload(t, user.token, 'book.pdf', await buildPdf(pages));
    expect(up.data).toMatchObject({ format: 'pdf', pages: 40 });
    const created = await call<AiJob>(t, 'POST', '/ai/job/create', {
      token: user.token,
      body: { topic: 'A long book', documentId: up.data.documentId, language: 'en-US' },
    });
    const ready = await waitForJob(t, user.token, created.data.jobId, (j) => j.status === 'outline_ready');
    // 40 pages, at most 30 lessons: neighbours merged, every page in exactly one lesson, in order.
    const lessons = ready.outline!.lessons;
    expect(lessons.length).toBe(30);
    expect(lessons.flatMap((l) => l.sources)).toEqual([...Array(40).keys()]);
    expect(lessons[0]!.goal).toMatch(/第 1–2 页|第 1 页/);
  });

  it('no other team uses the document; bad files answer their codes, never a 5xx', async () => {
    const owner = await createUser(t);
    await createTeam(t, owner.token);
    const up = await parseUpload(t, owner.token, 'a.docx', await buildDocx());
    const other = await createUser(t);
    await createTeam(t, other.token);
    const job = await call<AiJob>(t, 'POST', '/ai/job/create', {
      token: other.token,
      body: { topic: '偷看', documentId: up.data.documentId },
    });
    expect(job.code).toBe(Code.AI_DOC_NOT_FOUND);

    const cases: [string, Uint8Array, number][] = [
      ['empty.pdf', new Uint8Array(), Code.AI_DOC_EMPTY],
      ['secret.pdf', await buildEncryptedPdf(), Code.AI_DOC_ENCRYPTED],
      ['bomb.docx', buildBombDocx(45 * 1024 * 1024), Code.AI_DOC_TOO_COMPLEX],
      ['image.pdf', Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), Code.AI_DOC_UNKNOWN_FORMAT],
      ['cut.docx', (await buildDocx()).subarray(0, 2000), Code.AI_DOC_CORRUPT],
    ];
    for (const [name, body, code] of cases) {
      const res = await parseUpload(t, owner.token, name, body);
      expect([name, res.status, res.code]).toEqual([name, 200, code]);
    }
    // With progress: a refusal is the last line's envelope, after no progress line (nothing was read).
    const refused = await parseUploadWithProgress(t, owner.token, 'secret.pdf', await buildEncryptedPdf());
    expect([refused.status, refused.lines]).toEqual([
      200,
      [{ code: Code.AI_DOC_ENCRYPTED, msg: expect.any(String) as string, data: null }],
    ]);
    // Past 50 MB: the upload is cut off at the limit and refused with its own code.
    const big = await parseUpload(t, owner.token, 'big.txt', Buffer.alloc(50 * 1024 * 1024 + 10, 0x61));
    expect([big.status, big.code]).toEqual([200, Code.AI_DOC_TOO_LARGE]);
  });
});
