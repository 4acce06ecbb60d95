/**
 * AI 创课 from a document in a real browser against the built app (no AI key: the template generator).
 * A long PDF shows the pages read while the server reads it (the parse's NDJSON progress lines). Then:
 * upload a DOCX the test builds, review the outline (its chapters; merge two), generate, open the
 * course and see the document's headings as lessons and its text, picture, table and 来源 note in them; then
 * ask to translate it, which the template generator refuses plainly (未配置 AI 服务，无法翻译).
 */
import type { AiJob, CourseDetail } from '@studio/contract';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, inject, it } from 'vitest';
import { demoOwnerTab } from '../support/demo-tab.ts';
import { expectOutlineOf, manualDocx } from '../support/ai-documents.ts';

const baseUrl = inject('baseUrl');
const demo = demoOwnerTab(baseUrl);

const CHAPTERS = [
  { title: '第一章 安全规范', text: '进入车间前必须佩戴安全帽和防护眼镜。', picture: '安全帽佩戴示意图' },
  { title: '第二章 设备操作', text: '开机前先检查油位和气压。' },
  { title: '第三章 故障处理', text: '出现异响时立即停机并上报班长。' },
];

const manual = (): Promise<Buffer> =>
  manualDocx(CHAPTERS, [
    ['参数', '范围'],
    ['气压', '0.5–0.7 MPa'],
  ]);

async function courseDetail(courseId: number): Promise<CourseDetail> {
  const res = await fetch(`${baseUrl}/api/course/detail?courseId=${courseId}`, {
    headers: { 'x-request-tkToken': demo.user.token, 'x-request-tkForm': 'pc' },
  });
  return ((await res.json()) as { data: CourseDetail }).data;
}

/** A long PDF (Latin text: pdf-lib's standard font), long enough to read for a while. */
async function longPdf(pages: number): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (let n = 1; n <= pages; n++) {
    const page = pdf.addPage([600, 800]);
    page.drawText(`Chapter ${n}`, { x: 50, y: 740, size: 18, font });
    for (let i = 1; i <= 20; i++)
      page.drawText(`Line ${i} of page ${n}: check the guard and the air pressure.`, {
        x: 50,
        y: 720 - i * 30,
        size: 10,
        font,
      });
  }
  return pdf.save();
}

/**
 * Records, in the page, every text of the upload box's reading progress it shows (however briefly).
 * A string, not a function: the app's CSP forbids eval, and tsx could add helpers to a function.
 */
const RECORD_PARSE_PROGRESS = `
  window.__parseProgress = [];
  new MutationObserver(() => {
    for (const el of document.querySelectorAll('[role="progressbar"], .ant-progress-text')) {
      const label = el.getAttribute('aria-label') || el.textContent || '';
      if (label.startsWith('正在解析：') && !window.__parseProgress.includes(label)) window.__parseProgress.push(label);
    }
  }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
`;

describe('AI 创课 from a document', () => {
  it('shows the pages read while a long PDF is read, then what was read', async () => {
    const { page } = demo;
    await page.addInitScript(RECORD_PARSE_PROGRESS);
    await page.goto(`${baseUrl}/ai/create`);
    // The server reads 400 pages in about a second and sends a line after each; a slow download (20 KB
    // of lines at 8 KB/s, as on a poor phone connection) makes the browser get them over seconds on any
    // machine, so what the page shows between them does not depend on how fast this one is.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: 8_000,
      uploadThroughput: -1,
    });
    const parsed = page.waitForResponse((r) => r.url().includes('/api/ai/document/parse'));
    await page.locator('input[type="file"]').setInputFiles({
      name: 'long.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from(await longPdf(400)),
    });
    const lines = (await (await parsed).text()).trim().split('\n');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    // A line per page read, in order, then the answer.
    expect(
      lines.slice(0, -1).map((l) => (JSON.parse(l) as { progress: { done: number } }).progress.done),
    ).toEqual(Array.from({ length: 400 }, (_, i) => i + 1));
    expect(JSON.parse(lines.at(-1)!)).toMatchObject({ code: 200 });
    await page.getByText('已读取《long.pdf》：400 页').waitFor();
    const seen = await page.evaluate(
      () => (window as unknown as { __parseProgress: string[] }).__parseProgress,
    );
    expect(seen.length).toBeGreaterThan(1);
    for (const label of seen) expect(label).toMatch(/^正在解析：第 \d+ \/ 400 页$/);
  });

  it('uploads a DOCX, reviews its chapters as the outline, generates, and opens the course', async () => {
    const { page } = demo;
    await page.goto(`${baseUrl}/ai/create`);
    await page.locator('input[type="file"]').setInputFiles({
      name: '设备手册.docx',
      mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      buffer: await manual(),
    });
    await page.getByText('已读取《设备手册.docx》：1 页，3 个章节，1 张图片（放入课时）').waitFor();
    // No AI key: said as the document's own structure, not AI.
    await page.getByText('按文档结构生成（未使用 AI）').first().waitFor();
    await expect
      .poll(() => page.getByRole('textbox', { name: '课程主题', exact: true }).inputValue())
      .toBe('设备手册');
    await page.getByRole('button', { name: '生成大纲' }).click();
    await page.waitForURL('**/ai/progress?jobId=*');

    await expectOutlineOf(page, CHAPTERS);
    await page.getByRole('button', { name: '把第 2 课和第 3 课合并' }).click();
    await page.getByText('有未保存的修改').waitFor();

    const generated = page.waitForResponse((r) => r.url().includes('/api/ai/job/generate'));
    await page.getByRole('button', { name: '开始生成课时' }).click();
    const job = ((await (await generated).json()) as { data: AiJob }).data;
    await page.getByText('课程已生成').waitFor({ timeout: 30_000 });
    await page.getByRole('link', { name: '打开课程' }).click();
    await page.waitForURL(`**/create/course/${job.courseId}`);
    for (const title of [CHAPTERS[0]!.title, CHAPTERS[1]!.title])
      await page.getByText(title, { exact: true }).first().waitFor();

    // Translate it: the journeys' server has no AI key, and the template cannot translate, so it
    // says so and makes nothing (the provider path, in the browser too, is ai-provider.test.ts).
    await page.getByText('还没有翻译版本').waitFor();
    await page.getByRole('button', { name: /AI 翻译/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('combobox', { name: '目标语言', exact: true }).click();
    await page.getByText('(en-US)').click();
    await dialog.getByRole('button', { name: '开始翻译' }).click();
    await page.getByText('未配置 AI 服务，无法翻译').first().waitFor();
    await dialog.waitFor();

    const course = await courseDetail(job.courseId!);
    expect(course.lessons.map((l) => l.title)).toEqual([CHAPTERS[0]!.title, CHAPTERS[1]!.title]);
    // The merged lesson holds chapters two and three, the table, and where they came from.
    await page.goto(`${baseUrl}/create/course/${job.courseId}/Lesson/${course.lessons[1]!.lessonId}`);
    await page.getByText(CHAPTERS[1]!.text).first().waitFor();
    await page.getByText(CHAPTERS[2]!.text).first().waitFor();
    await page.getByRole('cell', { name: '0.5–0.7 MPa' }).first().waitFor();
    await page.getByText('来源：《设备手册.docx》第二章 设备操作、第三章 故障处理').first().waitFor();
    expect(await page.getByText(CHAPTERS[0]!.text).count()).toBe(0);

    // The first lesson shows the chapter’s picture after its text, stored by the app (re-encoded), loaded.
    await page.goto(`${baseUrl}/create/course/${job.courseId}/Lesson/${course.lessons[0]!.lessonId}`);
    const picture = page.locator('.tiptap img[alt="安全帽佩戴示意图"]');
    await picture.waitFor();
    expect(await picture.getAttribute('src')).toMatch(/\/api\/files\/image\//);
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  });
});
