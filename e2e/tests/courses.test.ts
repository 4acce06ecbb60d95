/**
 * Course authoring in a real browser against the built app on the real server: the author home, the
 * course page, the lesson editor (formatting, image upload, autosave, conflicts, local drafts),
 * drag-and-drop reordering, every preview, release, and share links seen logged out.
 */
import type { UserInfo } from '@studio/contract';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from '../support/browser.ts';
import { apiAs, apiLogin, useSession } from '../support/session.ts';

const baseUrl = inject('baseUrl');
let browser: Browser;
let user: UserInfo;
const contexts: BrowserContext[] = [];

/** A 1×1 PNG, made here so the upload goes through the real file check. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const png = (name: string) => ({ name, mimeType: 'image/png', buffer: PNG });

beforeAll(async () => {
  browser = await launchBrowser();
  user = await apiLogin(baseUrl, '13800000000', 'demo1234');
});
afterAll(() => browser.close());
afterEach(async () => {
  await Promise.all(contexts.splice(0).map((c) => c.close()));
});

async function newContext(loggedIn = true, viewport = { width: 1280, height: 860 }): Promise<BrowserContext> {
  const context = await browser.newContext({ locale: 'zh-CN', viewport });
  contexts.push(context);
  if (loggedIn) await useSession(context, user);
  return context;
}

/** The API as the demo user, for setting up data and checking what the server stored. */
const api = <T>(path: string, body?: unknown): Promise<T> => apiAs<T>(baseUrl, user, path, body);

type Lesson = { lessonId: number; version: number; title: string; content: unknown };
type Detail = { courseId: number; lessons: { lessonId: number; title: string }[] };

const saved = (page: Page) => page.locator('[data-save-status="saved"]').first().waitFor();
const editorBox = (page: Page) => page.locator('.tiptap');

async function openLessonByTitle(page: Page, title: string) {
  await page.getByRole('link', { name: title, exact: true }).click();
  await page.waitForURL(/\/Lesson\/\d+$/);
  await editorBox(page).waitFor();
}

describe('course authoring', () => {
  it('/author lists the team courses with search, status filter, duplicate and delete', async () => {
    await api('/course/create', { title: '首页搜索专用课程' });
    const page = await (await newContext()).newPage();
    await page.goto(`${baseUrl}/author`);
    const panel = page.getByRole('tabpanel', { name: '我的' });
    await panel.getByRole('link', { name: 'Python 零基础入门' }).waitFor();

    await panel.getByRole('searchbox', { name: '搜索课程标题' }).fill('搜索专用');
    await panel.getByRole('searchbox', { name: '搜索课程标题' }).press('Enter');
    await expect
      .poll(() => panel.locator('.course-card-title').allTextContents())
      .toEqual(['首页搜索专用课程']);

    await panel.getByRole('button', { name: '更多操作：首页搜索专用课程' }).click();
    await page.getByRole('menuitem', { name: '复制' }).click();
    await page.getByText('已复制为「首页搜索专用课程 副本」').waitFor();
    await expect.poll(() => panel.locator('.course-card-title').count()).toBe(2);

    // antd animates the first card's menu out: wait until it is gone before opening the next one.
    await expect.poll(() => page.getByRole('menuitem', { name: '复制' }).count()).toBe(0);
    await panel.getByRole('button', { name: '更多操作：首页搜索专用课程 副本' }).click();
    await page.getByRole('menuitem', { name: '删除' }).click();
    const confirm = page.getByRole('dialog', { name: '删除课程「首页搜索专用课程 副本」？' });
    await confirm.getByRole('button', { name: '删除' }).click();
    await page.getByText('课程已删除').waitFor();
    await expect
      .poll(() => panel.locator('.course-card-title').allTextContents())
      .toEqual(['首页搜索专用课程']);

    // The keyword stays in the address across tabs; clear it to see every course.
    await panel.getByRole('searchbox', { name: '搜索课程标题' }).fill('');
    await panel.getByRole('searchbox', { name: '搜索课程标题' }).press('Enter');
    // The list without the keyword is back before the tab changes, as a user would see it.
    await panel.getByRole('link', { name: 'Python 零基础入门' }).waitFor();
    await page.getByRole('tab', { name: '全部' }).click();
    const all = page.getByRole('tabpanel', { name: '全部' });
    // antd draws the selected label over its input; the click belongs to the select either way.
    await all.getByRole('combobox', { name: '按状态筛选' }).click({ force: true });
    await page.getByTitle('已发布').click();
    await expect
      .poll(() => all.locator('.course-card-title').allTextContents())
      .toEqual(['Python 零基础入门']);
    // antd draws the selected label over its input; the click belongs to the select either way.
    await all.getByRole('combobox', { name: '按状态筛选' }).click({ force: true });
    await page.getByTitle('草稿').click();
    await all.getByRole('searchbox', { name: '搜索课程标题' }).fill('不存在的课程');
    await all.getByRole('searchbox', { name: '搜索课程标题' }).press('Enter');
    await all.getByText('没有符合条件的课程').waitFor();
  });

  it('creates a course, writes two lessons, reorders them, previews, releases and shares it', async () => {
    const context = await newContext();
    const page = await context.newPage();
    await page.goto(`${baseUrl}/author`);
    await page.getByRole('button', { name: '新建课程' }).first().click();
    await page.waitForURL(/\/create\/course\/\d+$/);
    const courseId = Number(/\/create\/course\/(\d+)$/.exec(page.url())?.[1]);

    // Course details autosave: title, summary, price in yuan, cover upload.
    await page.getByLabel('课程标题').fill('浏览器测试课程');
    await page.getByLabel('课程简介').fill('一门由浏览器测试写出来的课程。');
    await page.getByLabel('价格（元）').fill('12.5');
    // antd draws the placeholder over its input; the click belongs to the select either way.
    await page.getByRole('combobox', { name: '分类' }).click({ force: true });
    await page.getByTitle('技术与编程').click();
    await page.locator('input[type="file"]').setInputFiles(png('cover.png'));
    await page.getByRole('img', { name: /课程封面/ }).waitFor();
    await expect
      .poll(() =>
        api<Detail & { title: string; price: number; cover: string; category: string }>(
          `/course/detail?courseId=${courseId}`,
        ).then((d) => [d.title, d.price, d.cover !== '', d.category]),
      )
      .toEqual(['浏览器测试课程', 1250, true, 'tech']);
    await saved(page);

    // Two lessons, added by title.
    for (const title of ['第一课：变量', '第二课：循环']) {
      await page.getByRole('textbox', { name: '新课时标题' }).fill(title);
      await page.getByRole('button', { name: '添加课时' }).click();
      await page.getByRole('link', { name: title, exact: true }).waitFor();
    }

    // Lesson 1: a heading, bold text, a list and an uploaded image.
    await openLessonByTitle(page, '第一课：变量');
    await editorBox(page).click();
    await page.keyboard.type('## 变量的概念');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: '粗体' }).click();
    await page.keyboard.type('变量是名字');
    await page.getByRole('button', { name: '粗体' }).click();
    await page.keyboard.type('，用来保存数据。');
    await page.keyboard.press('Enter');
    await page.keyboard.type('- 整数');
    await page.keyboard.press('Enter');
    await page.keyboard.type('字符串');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await page.locator('input[type="file"][aria-label="插入图片"]').setInputFiles(png('diagram.png'));
    await page.locator('.tiptap img[src^="/api/files/"]').waitFor();
    await saved(page);
    const lesson1 = Number(/\/Lesson\/(\d+)$/.exec(page.url())?.[1]);
    const stored = JSON.stringify((await api<Lesson>(`/lesson/detail?lessonId=${lesson1}`)).content);
    expect(stored).toContain('"type":"heading"');
    expect(stored).toContain('"type":"bold"');
    expect(stored).toContain('"type":"bulletList"');
    expect(stored).toContain('"type":"image"');

    // Lesson 2, saved with Ctrl+S.
    // The back link names the course once its details load; the link itself is there from the start.
    await page.locator('a.lesson-editor-back').click();
    await openLessonByTitle(page, '第二课：循环');
    await editorBox(page).click();
    await page.keyboard.type('循环让重复的事变简单。');
    await page.keyboard.press('Control+s');
    await saved(page);

    // Drag lesson 2 above lesson 1.
    // The back link names the course once its details load; the link itself is there from the start.
    await page.locator('a.lesson-editor-back').click();
    const handle = page.getByRole('button', { name: '拖动排序：第二课：循环' });
    const target = page.getByRole('button', { name: '拖动排序：第一课：变量' });
    const from = (await handle.boundingBox())!;
    const to = (await target.boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 - 8, { steps: 4 });
    await page.mouse.move(to.x + to.width / 2, to.y + 4, { steps: 12 });
    await page.mouse.up();
    await page.getByText('课时顺序已保存').waitFor();
    await expect
      .poll(() => page.locator('.lesson-row .lesson-title').allTextContents())
      .toEqual(['第二课：循环', '第一课：变量']);
    const detail = await api<Detail>(`/course/detail?courseId=${courseId}`);
    expect(detail.lessons.map((l) => l.title)).toEqual(['第二课：循环', '第一课：变量']);

    // Every preview shows the text.
    const base = `${baseUrl}/create/course/${courseId}`;
    await page.goto(`${base}/preview`);
    await page.locator('.content-view strong', { hasText: '变量是名字' }).waitFor();
    await page.getByText('循环让重复的事变简单。').waitFor();
    await page.getByRole('button', { name: '嵌入代码' }).click();
    await expect
      .poll(() => page.getByRole('textbox', { name: '嵌入代码' }).inputValue())
      .toContain(`/create/course/${courseId}/iframe/preview`);
    await page.goto(`${base}/lesson/${lesson1}/preview`);
    await page.getByRole('heading', { name: '变量的概念' }).waitFor();
    await page.goto(`${base}/buy/preview`);
    await page.getByTestId('buy-price').getByText('¥12.50').waitFor();
    await page.getByText('第 2 课 · 第一课：变量').waitFor();
    await page.goto(`${base}/iframe/preview`);
    await page.getByText('循环让重复的事变简单。').waitFor();
    expect(await page.getByRole('banner').count()).toBe(0);
    await page.goto(`${base}/lesson/${lesson1}/iframe/preview`);
    await page.getByRole('heading', { name: '变量的概念' }).waitFor();
    await page.goto(`${baseUrl}/wx-preview/${courseId}`);
    await page.getByText('变量是名字').first().waitFor();

    // Release: the checklist passes, v1 is published and listed.
    await page.goto(`${base}/release`);
    await page.getByText('检查通过，可以发布了').waitFor();
    await page.getByLabel('发布说明').fill('第一个版本');
    await page.getByRole('button', { name: '发布新版本' }).click();
    // Publishing asks first, saying what the store will show.
    const confirm = page.getByRole('dialog', { name: '发布 v1 到商城？' });
    await confirm.getByText('浏览器测试课程').waitFor();
    await confirm.getByText('¥12.50').waitFor();
    await confirm.getByText('共 2 个课时').waitFor();
    await confirm.getByText('技术与编程').waitFor();
    await confirm.getByRole('button', { name: '确认发布' }).click();
    await page.getByText('已发布 v1').first().waitFor();
    await page.locator('[data-version="1"]').getByText('第一个版本').waitFor();

    // Share: the course is priced (¥12.50), so copying cannot be allowed and a visitor who is not
    // logged in sees its lessons locked (none is a free preview); paid-share.test.ts goes further.
    await page.getByText('这是付费课程：分享页只展示试看课时的内容').waitFor();
    expect(await page.getByRole('switch', { name: '允许复制到他们的团队' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: '生成分享链接' }).click();
    const url = (await page.locator('[data-share-url]').first().textContent()) ?? '';
    expect(url).toMatch(/\/share\/[\w-]+$/);
    const visitor = await (await newContext(false)).newPage();
    await visitor.goto(url);
    await visitor.getByRole('heading', { name: '浏览器测试课程' }).waitFor();
    await visitor
      .getByRole('article', { name: '第一课：变量' })
      .getByRole('button', { name: '购买课程' })
      .waitFor();
    expect(await visitor.getByText('循环让重复的事变简单。').count()).toBe(0);
    expect(await visitor.getByRole('button', { name: '登录后复制到我的团队' }).count()).toBe(0);
    expect(new URL(visitor.url()).pathname).toMatch(/^\/share\//);
  });
});

/** A course with one lesson, made through the API. */
async function courseWithLesson(title: string): Promise<{ courseId: number; lesson: Lesson }> {
  const course = await api<{ courseId: number }>('/course/create', { title });
  const lesson = await api<Lesson>('/lesson/create', { courseId: course.courseId, title: '共同编辑的课时' });
  return { courseId: course.courseId, lesson };
}

const lessonText = async (lessonId: number) =>
  JSON.stringify((await api<Lesson>(`/lesson/detail?lessonId=${lessonId}`)).content);

async function typeAtEnd(page: Page, text: string) {
  await editorBox(page).click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type(text);
}

describe('editing conflicts and recovery', () => {
  it('two tabs on one lesson: the stale save gets 编辑冲突, and both texts survive either way', async () => {
    const { courseId, lesson } = await courseWithLesson('冲突测试课程');
    const context = await newContext();
    const url = `${baseUrl}/create/course/${courseId}/Lesson/${lesson.lessonId}`;
    const [a, b] = [await context.newPage(), await context.newPage()];
    for (const page of [a, b]) {
      await page.goto(url);
      await editorBox(page).waitFor();
    }

    await typeAtEnd(a, '甲的文字');
    await saved(a);
    await typeAtEnd(b, '乙的文字');
    const dialog = b.getByRole('dialog', { name: '编辑冲突' });
    await dialog.waitFor();
    // The dialog replaces the generic error notice.
    expect(await b.locator('.ant-notification-notice').count()).toBe(0);

    // 保留我的副本: B's text becomes a new lesson, which opens; A's text stays in the original.
    await dialog.getByRole('button', { name: '保留我的副本' }).click();
    await b.waitForURL((u) => !u.pathname.endsWith(`/Lesson/${lesson.lessonId}`));
    const copyId = Number(/\/Lesson\/(\d+)$/.exec(b.url())?.[1]);
    await editorBox(b).getByText('乙的文字').waitFor();
    expect(await lessonText(lesson.lessonId)).toContain('甲的文字');
    expect(await lessonText(lesson.lessonId)).not.toContain('乙的文字');
    expect(await lessonText(copyId)).toContain('乙的文字');
    expect((await api<Lesson>(`/lesson/detail?lessonId=${copyId}`)).title).toBe('共同编辑的课时（我的副本）');

    // 重新加载: the latest version is loaded and B's unsaved text stays visible as a copy.
    await b.goto(url);
    await editorBox(b).getByText('甲的文字').waitFor();
    await typeAtEnd(a, '，甲又写了一句');
    await saved(a);
    await typeAtEnd(b, '乙第二次');
    await b.getByRole('dialog', { name: '编辑冲突' }).getByRole('button', { name: '重新加载' }).click();
    await editorBox(b).getByText('甲又写了一句').waitFor();
    await b.getByTestId('my-copy').getByText('乙第二次', { exact: false }).waitFor();
    expect(await editorBox(b).textContent()).not.toContain('乙第二次');
    await b.locator('[data-save-status="saved"]').waitFor();
  });

  it('offers unsaved text kept in the browser when the lesson opens again', async () => {
    const { courseId, lesson } = await courseWithLesson('草稿恢复课程');
    const context = await newContext();
    const page = await context.newPage();
    // Saves never arrive: the text exists only in this browser.
    await page.route('**/api/lesson/save', (route) => route.abort());
    await page.goto(`${baseUrl}/create/course/${courseId}/Lesson/${lesson.lessonId}`);
    await typeAtEnd(page, '只在本地的草稿');
    await page.locator('[data-save-status="error"]').waitFor();
    await page.unroute('**/api/lesson/save');
    page.on('dialog', (d) => void d.accept());
    await page.reload();
    await page.getByText('发现未保存的本地草稿').waitFor();
    expect(await editorBox(page).textContent()).not.toContain('只在本地的草稿');
    await page.getByRole('button', { name: '恢复草稿' }).click();
    await editorBox(page).getByText('只在本地的草稿').waitFor();
    await saved(page);
    expect(await lessonText(lesson.lessonId)).toContain('只在本地的草稿');
  });
});

describe('content safety and share links', () => {
  const PAYLOAD = '<img src=x onerror=alert(1)><script>alert(2)</script>';

  it('stored script never runs in previews or on the share page', async () => {
    const { courseId, lesson } = await courseWithLesson('安全测试课程');
    await api('/lesson/save', {
      lessonId: lesson.lessonId,
      version: lesson.version,
      freePreview: true,
      content: {
        type: 'doc',
        content: [
          { type: 'paragraph', content: [{ type: 'text', text: PAYLOAD }] },
          {
            type: 'paragraph',
            content: [
              {
                type: 'text',
                text: '危险链接',
                marks: [{ type: 'link', attrs: { href: 'javascript:alert(3)' } }],
              },
            ],
          },
          { type: 'image', attrs: { src: 'x', onerror: 'alert(4)' } },
          {
            type: 'paragraph',
            attrs: { onclick: 'alert(5)' },
            content: [{ type: 'text', text: '正文结束' }],
          },
        ],
      },
    });
    const share = await api<{ url: string }>('/share/create', { courseId, allowCopy: false });
    const base = `${baseUrl}/create/course/${courseId}`;
    const pages: [loggedIn: boolean, url: string][] = [
      [true, `${base}/preview`],
      [true, `${base}/lesson/${lesson.lessonId}/preview`],
      [true, `${base}/buy/preview`],
      [true, `${base}/iframe/preview`],
      [true, `${base}/lesson/${lesson.lessonId}/iframe/preview`],
      [true, `${baseUrl}/wx-preview/${courseId}`],
      [false, share.url],
    ];
    const dialogs: string[] = [];
    for (const [loggedIn, url] of pages) {
      const page = await (await newContext(loggedIn)).newPage();
      page.on('dialog', (d) => {
        dialogs.push(`${url}: ${d.message()}`);
        void d.dismiss();
      });
      await page.goto(url);
      if (url.endsWith('/buy/preview')) await page.getByText('第 1 课 · 共同编辑的课时').click();
      await page.getByText(PAYLOAD).first().waitFor();
      await page.getByText('危险链接').first().waitFor();
      await page.waitForTimeout(300);
      expect(await page.locator('[onerror], [onclick]').count(), url).toBe(0);
      expect(await page.locator('a[href^="javascript"], script:not([src])').count(), url).toBe(0);
    }
    expect(dialogs).toEqual([]);
  });

  it('revoked and unknown share links say so clearly, without an error notice or a login redirect', async () => {
    const { courseId } = await courseWithLesson('失效链接课程');
    const share = await api<{ shareId: string; url: string }>('/share/create', { courseId, allowCopy: true });
    await api('/share/revoke', { shareId: share.shareId });
    const page = await (await newContext(false)).newPage();
    await page.goto(share.url);
    await page.getByRole('heading', { name: '链接已失效' }).waitFor();
    expect(await page.locator('.ant-notification-notice').count()).toBe(0);
    await page.goto(`${baseUrl}/share/NoSuchShare123`);
    await page.getByRole('heading', { name: '链接不存在' }).waitFor();
    expect(await page.locator('.ant-notification-notice').count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/share/NoSuchShare123');
  });

  it('a logged-in visitor copies an allowed share into the current team', async () => {
    const { courseId } = await courseWithLesson('可复制课程');
    const share = await api<{ url: string }>('/share/create', { courseId, allowCopy: true });
    const page = await (await newContext()).newPage();
    await page.goto(share.url);
    await page.getByRole('button', { name: '复制到我的团队' }).click();
    await page.waitForURL(
      (u) => /^\/create\/course\/\d+$/.test(u.pathname) && !u.pathname.endsWith(`/${courseId}`),
    );
    await expect.poll(() => page.getByLabel('课程标题').inputValue()).toContain('可复制课程');
  });
});
