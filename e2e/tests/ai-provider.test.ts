/**
 * AI 创课 and AI 翻译 with a model, in a real browser: the app runs against a fake OpenAI-compatible
 * provider on 127.0.0.1 (support/fake-llm.ts), in its own server started by this file (the shared one
 * has no AI key). A person uploads a DOCX the test builds, reviews the outline, generates and watches the
 * Chinese text arrive, opens the course, translates it into English, follows the translation's progress
 * (its own words, in Chinese and in English) and opens the translation: its lessons hold the English
 * text, and the code block and the document's picture exactly as the source had them.
 */
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/browser.ts';
import { type FakeLlm, startFakeLlm } from '../support/fake-llm.ts';
import { type RunningServer, startServer } from '../support/server.ts';
import { apiLogin, useSession } from '../support/session.ts';
import { expectOutlineOf, manualDocx } from '../support/ai-documents.ts';

const CHAPTERS = [
  { title: '第一章 安全规范', text: '进入车间前必须佩戴安全帽和防护眼镜。', picture: '安全帽佩戴示意图' },
  { title: '第二章 设备操作', text: '开机前先检查油位和气压。' },
];
const picture = (p: Page) => p.locator('.tiptap img[alt="安全帽佩戴示意图"]');
const CODE = 'check-pressure --min 0.5 --max 0.7';

/** The fake model's English: the journey knows each text it will be asked to translate. */
const ENGLISH: Record<string, string> = {
  设备手册: 'Equipment manual',
  '第一章 安全规范': 'Chapter 1 Safety rules',
  '第二章 设备操作': 'Chapter 2 Operating the machine',
  '进入车间前必须佩戴安全帽和防护眼镜。': 'Wear a hard hat and safety goggles before entering the workshop.',
  '开机前先检查油位和气压。': 'Check the oil level and the air pressure before starting.',
  要点: 'Key points',
  操作示例: 'Example',
};
const toEnglish = (text: string) => ENGLISH[text.trim()] ?? `EN: ${text}`;

/** A lesson as the model writes it: the document's own sentences and pictures, and a code block. */
const lessonMarkdown = (_title: string, document: string) =>
  [
    '## 要点',
    document
      .split('\n')
      .filter((l) => l.trim() && !/^[#|]/.test(l))
      .join('\n\n'),
    '## 操作示例',
    `\`\`\`bash\n${CODE}\n\`\`\``,
  ].join('\n\n');

const manual = (): Promise<Buffer> => manualDocx(CHAPTERS);

let fake: FakeLlm;
let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  fake = await startFakeLlm({ lesson: lessonMarkdown, translate: toEnglish, chunkDelayMs: 5 });
  server = await startServer('e2e-ai-provider', {
    AI_BASE_URL: fake.baseUrl,
    AI_API_KEY: 'sk-e2e',
    AI_MODEL: 'fake-e2e',
    AI_STALL_MS: '15000',
  });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await fake?.close();
});
beforeEach(async () => {
  context = await browser.newContext({ locale: 'zh-CN', viewport: { width: 1280, height: 900 } });
  await useSession(context, await apiLogin(server.baseUrl, '13800000000', 'demo1234'));
  page = await context.newPage();
});
afterEach(() => context.close());

/**
 * The run's estimate arrives a moment after the request, above the button that starts the run: the
 * button must not move when it does (a press that began on it would end beside it, and the click is lost).
 */
const stays = async (button: Locator, after: Locator) => {
  const before = await button.boundingBox();
  await after.waitFor();
  expect(await button.boundingBox()).toEqual(before);
};
const estimated = (within: Page | Locator) => within.getByText(/^预计约 [\d.]+ 千 tokens/);

const openLesson = async (title: string) => {
  await page.getByRole('link', { name: title, exact: true }).first().click();
  await page.waitForURL('**/Lesson/*');
};

describe('AI 创课 and AI 翻译 through a model', () => {
  it('uploads a DOCX, generates the course, translates it, and opens the translation', async () => {
    const base = server.baseUrl;
    await page.goto(`${base}/ai/create`);
    await page.getByText('由 AI 生成：fake-e2e').waitFor();
    await page.locator('input[type="file"]').setInputFiles({
      name: '设备手册.docx',
      mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      buffer: await manual(),
    });
    await page.getByText('已读取《设备手册.docx》：1 页，2 个章节，1 张图片（放入课时）').waitFor();
    await stays(page.getByRole('button', { name: '生成大纲' }), estimated(page));
    await page.getByRole('button', { name: '生成大纲' }).click();
    await page.waitForURL('**/ai/progress?jobId=*');

    // The outline is the document's chapters; the author approves it.
    await expectOutlineOf(page, CHAPTERS);
    await page.getByRole('button', { name: '开始生成课时' }).click();
    await page.getByText('课程已生成', { exact: true }).waitFor({ timeout: 30_000 });
    // The model's Chinese text, as it was streamed, behind each lesson's 查看内容.
    await page.getByRole('button', { name: '查看内容' }).first().click();
    await expect.poll(() => page.getByRole('log').first().textContent()).toContain(CHAPTERS[0]!.text);
    expect(fake.requests.filter((r) => r.kind === 'lesson')).toHaveLength(2);

    await page.getByRole('link', { name: '打开课程' }).click();
    await page.waitForURL('**/create/course/*');
    const sourceUrl = page.url();
    await openLesson(CHAPTERS[0]!.title);
    await page.getByText(CHAPTERS[0]!.text).first().waitFor();
    await page.locator('pre', { hasText: CODE }).first().waitFor();
    // The chapter's picture, where the model put it: the app's own stored copy.
    const pictureSrc = await picture(page).getAttribute('src');
    expect(pictureSrc).toMatch(/\/api\/files\/image\//);

    // Translate it into English.
    await page.goto(sourceUrl);
    await page.getByRole('button', { name: /AI 翻译/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('combobox', { name: '目标语言', exact: true }).click();
    await page.getByText('(en-US)').click();
    await stays(dialog.getByRole('button', { name: '开始翻译' }), estimated(dialog));
    await dialog.getByRole('button', { name: '开始翻译' }).click();
    await page.waitForURL('**/ai/progress?jobId=*');

    // The translation's progress page speaks of translating, not of creating a course.
    await page.getByRole('heading', { name: /^翻译《设备手册》为/ }).waitFor();
    await page.getByText('由 AI 翻译：fake-e2e').waitFor();
    await page.getByText('逐节翻译', { exact: true }).waitFor();
    await page.getByText('译文课程已生成', { exact: true }).waitFor({ timeout: 30_000 });
    expect(await page.getByText('确认大纲', { exact: true }).count()).toBe(0);
    expect(await page.getByText('课程已生成', { exact: true }).count()).toBe(0);
    await expect.poll(() => page.title()).toContain('翻译进度');
    // And in English.
    await page.getByRole('button', { name: '中文（切换语言）' }).click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await page.getByRole('heading', { name: /^Translating “设备手册” into .*English/ }).waitFor();
    await page.getByText('The translation is ready', { exact: true }).waitFor();
    await page.getByText('Translate lessons', { exact: true }).waitFor();
    expect(await page.getByText('Confirm outline', { exact: true }).count()).toBe(0);
    expect(fake.requests.filter((r) => r.kind === 'translate')).toHaveLength(2);

    // The translation opens with its English lessons; the code block is the source's, unchanged.
    await page.getByRole('link', { name: 'Open the translation' }).click();
    await page.waitForURL('**/create/course/*');
    expect(page.url()).not.toBe(sourceUrl);
    await page.getByText('Equipment manual').first().waitFor();
    await openLesson(ENGLISH[CHAPTERS[0]!.title]!);
    await page.getByText(ENGLISH[CHAPTERS[0]!.text]!).first().waitFor();
    await page.getByText('Key points', { exact: true }).first().waitFor();
    await expect.poll(() => page.locator('pre').first().textContent()).toBe(CODE);
    expect(await picture(page).getAttribute('src')).toBe(pictureSrc);
    expect(await page.getByText(CHAPTERS[0]!.text).count()).toBe(0);
  });
});
