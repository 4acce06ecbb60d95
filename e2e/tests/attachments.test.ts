/**
 * Lesson attachments end to end: the author uploads a PDF (made here) in the lesson editor and sees
 * its progress and row; the course is released; a buyer on a phone (390 px) downloads it from the
 * lesson in 我的学习 under its own name; a visitor of the buy page sees its name and size with a
 * lock, and no download link; so does a visitor of a share page, whose HTML holds no file address.
 * The upload goes over tus; one whose connection is cut mid-way resumes from the server's offset.
 */
import type { UserInfo } from '@studio/contract';
import { WebPaths } from '@studio/contract/constants';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { PHONE, accountTabs } from '../support/account-tabs.ts';
import { downloadedBytes } from '../support/browser.ts';
import { apiAs } from '../support/session.ts';
import { accountWithTeam, buyAndPay, uploadCover } from '../support/store-api.ts';

const baseUrl = inject('baseUrl');
const logFile = inject('logFile');
const { pageAs } = accountTabs();
const TITLE = `附件测试课${Date.now() % 100_000}`;
const FILE_NAME = '第一章 讲义.pdf';

/** A one-page PDF with a correct cross-reference table (the server checks the bytes, not the name). */
function minimalPdf(): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 100] >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets = objects.map((o, i) => {
    const at = body.length;
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
    return at;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const at of offsets) body += `${String(at).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}
const PDF = minimalPdf();

let seller: UserInfo;
let buyer: UserInfo;
let courseId: number;
let paidLessonId: number;

beforeAll(async () => {
  seller = await accountWithTeam(baseUrl, logFile, '附件卖家');
  buyer = await accountWithTeam(baseUrl, logFile, '附件买家');
  const api = <T>(path: string, body?: unknown) => apiAs<T>(baseUrl, seller, path, body);
  const course = await api<{ courseId: number; version: number }>('/course/create', { title: TITLE });
  courseId = course.courseId;
  for (const [title, free] of [
    ['试看课时', true],
    ['讲义课时', false],
  ] as const) {
    const lesson = await api<{ lessonId: number; version: number }>('/lesson/create', { courseId, title });
    await api('/lesson/save', {
      lessonId: lesson.lessonId,
      version: lesson.version,
      freePreview: free,
      content: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: title }] }] },
    });
    if (!free) paidLessonId = lesson.lessonId;
  }
  await api('/course/modify', {
    courseId,
    version: course.version,
    cover: await uploadCover(baseUrl, seller),
    summary: '带附件的付费课程。',
    category: 'tech',
    price: 990,
  });
});

describe('lesson attachments: uploaded by the author, downloaded by a buyer, named for a visitor', () => {
  it('the author uploads a PDF in the lesson editor and sees it listed', async () => {
    const page = await pageAs(seller);
    await page.goto(`${baseUrl}${WebPaths.lesson(courseId, paidLessonId)}`);
    const panel = page.locator('.ant-card').filter({ hasText: '附件' }).last();
    const chooser = page.waitForEvent('filechooser');
    // Over tus: the creation answers 201 with the upload's address, the last PATCH names the attachment.
    const created = page.waitForResponse(
      (r) => r.request().method() === 'POST' && r.url().endsWith('/api/attachment/upload'),
    );
    const finished = page.waitForResponse(
      (r) => r.request().method() === 'PATCH' && r.url().includes('/api/attachment/upload/'),
    );
    await panel.getByRole('button', { name: '上传附件' }).click();
    await (await chooser).setFiles({ name: FILE_NAME, mimeType: 'application/pdf', buffer: PDF });
    expect((await created).status()).toBe(201);
    const last = await finished;
    expect(last.status()).toBe(204);
    expect(Number(await last.headerValue('attachment-id'))).toBeGreaterThan(0);
    const list = page.getByRole('list', { name: '课时附件' });
    await list.getByText(FILE_NAME).waitFor();
    await list.getByText(/PDF · \d/).waitFor();
    await apiAs(baseUrl, seller, '/course/release', { courseId });
  });

  it('a buyer on a phone downloads it from the lesson under its own name', async () => {
    await buyAndPay(baseUrl, buyer, courseId);
    const page = await pageAs(buyer, { viewport: PHONE, acceptDownloads: true });
    await page.goto(`${baseUrl}${WebPaths.learnCourse(courseId, paidLessonId)}`);
    const section = page.getByRole('region', { name: '课时附件' });
    await section.getByText(FILE_NAME).waitFor();
    const download = page.waitForEvent('download');
    await section.getByRole('button', { name: `下载 ${FILE_NAME}` }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(FILE_NAME);
    expect((await downloadedBytes(file)).equals(PDF)).toBe(true);
    // Nothing is wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  });

  it('a visitor of the buy page sees the name and size with a lock, and no download', async () => {
    const page = await pageAs(null, { viewport: PHONE });
    await page.goto(`${baseUrl}${WebPaths.storePreview(courseId)}?lesson=${paidLessonId}`);
    const section = page.getByRole('region', { name: '课时附件' });
    await section.getByText(FILE_NAME).waitFor();
    await section.getByText('购买后可下载').waitFor();
    expect(await section.getByRole('link').count()).toBe(0);
    expect(await section.getByRole('button').count()).toBe(0);
    const answer = await fetch(
      `${baseUrl}/api/attachment/lesson?courseId=${courseId}&lessonId=${paidLessonId}`,
    );
    const seen = (await answer.json()) as {
      data: { downloadable: boolean; list: { attachmentId: number }[] };
    };
    expect(seen.data.downloadable).toBe(false);
    const link = await fetch(`${baseUrl}/api/attachment/link`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        courseId,
        lessonId: paidLessonId,
        attachmentId: seen.data.list[0]!.attachmentId,
      }),
    });
    expect(((await link.json()) as { code: number }).code).toBe(404);
  });

  it("a visitor of the phone preview sees each lesson's attachment names with a lock, and no download", async () => {
    const page = await pageAs(null, { viewport: PHONE });
    await page.goto(`${baseUrl}${WebPaths.wxPreview(courseId)}`);
    const section = page.locator(`#lesson-${paidLessonId}`).getByRole('region', { name: '课时附件' });
    await section.getByText(FILE_NAME).waitFor();
    expect(await section.getByRole('link').count()).toBe(0);
    expect(await page.content()).not.toMatch(/\/api\/attachment\/(file|open|link)/);
  });

  it("a visitor of a share page sees each lesson's attachment names with a lock, and the page holds no file address", async () => {
    const share = await apiAs<{ shareId: string }>(baseUrl, seller, '/share/create', { courseId });
    const html = await (await fetch(`${baseUrl}${WebPaths.share(share.shareId)}`)).text();
    expect(html).toContain(FILE_NAME);
    expect(html).not.toMatch(/\/api\/attachment\/(file|open|link)/);
    const page = await pageAs(null, { viewport: PHONE });
    await page.goto(`${baseUrl}${WebPaths.share(share.shareId)}`);
    const lesson = page.locator(`#lesson-${paidLessonId}`);
    const section = lesson.getByRole('region', { name: '课时附件' });
    await section.getByText(FILE_NAME).waitFor();
    await section.getByText('购买后可下载').waitFor();
    expect(await section.getByRole('link').count()).toBe(0);
    expect(await section.getByRole('button').count()).toBe(0);
    // The author, logged in, sees the same names on the share in the app.
    const own = await pageAs(seller);
    await own.goto(`${baseUrl}${WebPaths.share(share.shareId)}`);
    await own.locator(`#lesson-${paidLessonId}`).getByText(FILE_NAME).waitFor();
  });

  it("an upload whose connection is cut mid-way goes on from the server's offset and finishes", async () => {
    const page = await pageAs(seller);
    await page.goto(`${baseUrl}${WebPaths.lesson(courseId, paidLessonId)}`);
    const panel = page.locator('.ant-card').filter({ hasText: '附件' }).last();
    const list = page.getByRole('list', { name: '课时附件' });
    await list.getByText(FILE_NAME).waitFor();
    // The first PATCH's connection is reset; tus-js-client asks where the upload stands (HEAD) and sends the rest.
    let cut = 0;
    await page.route('**/api/attachment/upload/*', async (route) => {
      if (route.request().method() === 'PATCH' && cut === 0) {
        cut++;
        return route.abort('connectionreset');
      }
      return route.continue();
    });
    const asked = page.waitForRequest(
      (r) => r.method() === 'HEAD' && r.url().includes('/api/attachment/upload/'),
    );
    const chooser = page.waitForEvent('filechooser');
    await panel.getByRole('button', { name: '上传附件' }).click();
    await (await chooser).setFiles({ name: '续传讲义.pdf', mimeType: 'application/pdf', buffer: PDF });
    await asked;
    await list.getByText('续传讲义.pdf').waitFor();
    expect(cut).toBe(1);
    // Listed once, and still there after a reload.
    await page.reload();
    await list.getByText('续传讲义.pdf').waitFor();
    expect(await list.getByText('续传讲义.pdf').count()).toBe(1);
  });
});
