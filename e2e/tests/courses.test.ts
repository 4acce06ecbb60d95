/**
 * Course authoring in a real browser against the built app on the real server: the author home, the
 * course page, the lesson editor (formatting, image upload, autosave), drag-and-drop reordering, every
 * preview, release, and the share link seen logged out. Issue 32 item 10: an image inserted inside a
 * code block goes after it.
 */
import { describe, expect, inject, it } from 'vitest';
import { demoOwnerContexts } from '../support/demo-tab.ts';
import {
  courseTitleField,
  courseWithLesson,
  editableEditor,
  editorBox,
  openLessonByTitle,
  png,
  saved,
  type Lesson,
} from '../support/authoring.ts';

const baseUrl = inject('baseUrl');
const { newContext, api } = demoOwnerContexts(baseUrl);

type Detail = { courseId: number; lessons: { lessonId: number; title: string }[] };

describe('course authoring', () => {
  it('/author lists the team courses with search, status filter, duplicate and delete', async () => {
    await api('/course/create', { title: '首页搜索专用课程' });
    const page = await (await newContext()).newPage();
    await page.goto(`${baseUrl}/author`);
    const panel = page.getByRole('tabpanel', { name: '我的' });
    await panel.getByRole('link', { name: 'Python 零基础入门' }).waitFor();

    await panel.getByRole('searchbox', { name: '搜索课程标题', exact: true }).fill('搜索专用');
    await panel.getByRole('searchbox', { name: '搜索课程标题', exact: true }).press('Enter');
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
    await panel.getByRole('searchbox', { name: '搜索课程标题', exact: true }).fill('');
    await panel.getByRole('searchbox', { name: '搜索课程标题', exact: true }).press('Enter');
    // The list without the keyword is back before the tab changes, as a user would see it.
    await panel.getByRole('link', { name: 'Python 零基础入门' }).waitFor();
    await page.getByRole('tab', { name: '全部' }).click();
    const all = page.getByRole('tabpanel', { name: '全部' });
    // antd draws the selected label over its input; the click belongs to the select either way.
    await all.getByRole('combobox', { name: '按状态筛选', exact: true }).click({ force: true });
    await page.getByTitle('已发布').click();
    await expect
      .poll(() => all.locator('.course-card-title').allTextContents())
      .toEqual(['Python 零基础入门']);
    // antd draws the selected label over its input; the click belongs to the select either way.
    await all.getByRole('combobox', { name: '按状态筛选', exact: true }).click({ force: true });
    await page.getByTitle('草稿').click();
    await all.getByRole('searchbox', { name: '搜索课程标题', exact: true }).fill('不存在的课程');
    await all.getByRole('searchbox', { name: '搜索课程标题', exact: true }).press('Enter');
    await all.getByText('没有符合条件的课程').waitFor();
  });

  it('an image inserted with the caret inside a code block goes after the block, which keeps all its lines (issue 32 item 10)', async () => {
    const CODE = 'a = 1\nb = 2\nprint(a + b)';
    const { courseId, lesson } = await courseWithLesson(api, '代码块插图课程');
    const paragraph = (text: string) => ({ type: 'paragraph', content: [{ type: 'text', text }] });
    await api('/lesson/save', {
      lessonId: lesson.lessonId,
      version: lesson.version,
      content: {
        type: 'doc',
        content: [
          paragraph('下面是一段代码：'),
          { type: 'codeBlock', content: [{ type: 'text', text: CODE }] },
          paragraph('代码之后的说明。'),
        ],
      },
    });
    const page = await (await newContext()).newPage();
    await page.goto(`${baseUrl}/create/course/${courseId}/Lesson/${lesson.lessonId}`);
    const code = editorBox(page).locator('pre');
    await code.waitFor();
    await editableEditor(page).waitFor();
    // The caret in the middle line of the code block.
    const box = (await code.boundingBox())!;
    await code.click({ position: { x: 12, y: box.height / 2 } });
    await page.keyboard.press('End');
    await expect
      .poll(() =>
        page.evaluate(() => Boolean(window.getSelection()?.anchorNode?.parentElement?.closest('pre'))),
      )
      .toBe(true);
    await page.locator('input[type="file"][aria-label="插入图片"]').setInputFiles(png('code-diagram.png'));
    const image = editorBox(page).locator('img[src^="/api/files/"]');
    await image.waitFor();

    // On screen: one code block with all three lines, the image below it.
    expect(await editorBox(page).locator('pre').count()).toBe(1);
    expect(await code.textContent()).toBe(CODE);
    const codeBox = (await code.boundingBox())!;
    expect((await image.boundingBox())!.y).toBeGreaterThanOrEqual(codeBox.y + codeBox.height);
    // Stored: the block whole, then the image, then the paragraph after.
    await saved(page);
    await expect
      .poll(async () => {
        const stored = await api<Lesson>(`/lesson/detail?lessonId=${lesson.lessonId}`);
        const nodes = (stored.content as { content: { type: string; content?: { text?: string }[] }[] })
          .content;
        return nodes.map((n) => (n.type === 'codeBlock' ? `codeBlock:${n.content?.[0]?.text}` : n.type));
      })
      .toEqual(['paragraph', `codeBlock:${CODE}`, 'image', 'paragraph']);
  });

  it('creates a course, writes two lessons, reorders them, previews, releases and shares it', async () => {
    const context = await newContext();
    const page = await context.newPage();
    await page.goto(`${baseUrl}/author`);
    // /author's search box 搜索课程标题 stays on screen for a moment after 新建课程 changes the address;
    // the title field's locator must not find it (a substring match did, and the title went there).
    await page.getByRole('searchbox', { name: '搜索课程标题', exact: true }).first().waitFor();
    expect(await courseTitleField(page).count()).toBe(0);
    await page.getByRole('button', { name: '新建课程' }).first().click();
    await page.waitForURL(/\/create\/course\/\d+$/);
    const courseId = Number(/\/create\/course\/(\d+)$/.exec(page.url())?.[1]);

    // Course details autosave: title, summary, price in yuan, cover upload.
    await courseTitleField(page).fill('浏览器测试课程');
    await page.getByLabel('课程简介', { exact: true }).fill('一门由浏览器测试写出来的课程。');
    await page.getByLabel('价格（元）', { exact: true }).fill('12.5');
    // antd draws the placeholder over its input; the click belongs to the select either way.
    await page.getByRole('combobox', { name: '分类', exact: true }).click({ force: true });
    await page.getByTitle('技术与编程').click();
    // The cover's file input: the course's 课程考试 has its own (the questions' import).
    await page.locator('#course_cover_picker input[type="file"]').setInputFiles(png('cover.png'));
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
      await page.getByRole('textbox', { name: '新课时标题', exact: true }).fill(title);
      await page.getByRole('button', { name: '添加课时' }).click();
      await page.getByRole('link', { name: title, exact: true }).waitFor();
    }

    // Lesson 1: a heading, bold text, a list and an uploaded image.
    await openLessonByTitle(page, '第一课：变量');
    await editableEditor(page).click();
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
    // Its caption, typed under it, and a width, by dragging its corner handle 150 pixels right.
    await page.getByRole('textbox', { name: '图片说明', exact: true }).fill('图 1：变量的示意图');
    const frame = (await page.locator('.image-editor-frame').boundingBox())!;
    const corner = (await page.getByRole('slider', { name: /图片宽度/ }).boundingBox())!;
    await page.mouse.move(corner.x + corner.width / 2, corner.y + corner.height / 2);
    await page.mouse.down();
    await page.mouse.move(corner.x + corner.width / 2 + 150, corner.y + corner.height / 2, { steps: 6 });
    await page.mouse.up();
    const imageWidth = Math.round(frame.width + 150);
    await expect
      .poll(async () => (await page.locator('.image-editor-frame').boundingBox())?.width)
      .toBe(imageWidth);
    await saved(page);
    const lesson1 = Number(/\/Lesson\/(\d+)$/.exec(page.url())?.[1]);
    // The server stores the live text after its debounce (已同步 is the server having it in memory).
    const storedText = async (lessonId: number) =>
      JSON.stringify((await api<Lesson>(`/lesson/detail?lessonId=${lessonId}`)).content);
    await expect.poll(() => storedText(lesson1), { timeout: 15_000 }).toContain('图 1：变量的示意图');
    const stored = await storedText(lesson1);
    expect(stored).toContain('"type":"heading"');
    expect(stored).toContain('"type":"bold"');
    expect(stored).toContain('"type":"bulletList"');
    expect(stored).toContain('"type":"image"');
    expect(stored).toContain(`"width":${imageWidth}`);
    expect(stored).toContain('"caption":"图 1：变量的示意图"');

    // Lesson 2.
    // The back link names the course once its details load; the link itself is there from the start.
    await page.locator('a.lesson-editor-back').click();
    await openLessonByTitle(page, '第二课：循环');
    await editableEditor(page).click();
    await page.keyboard.type('循环让重复的事变简单。');
    // A Python code block, from Markdown's fence.
    await page.keyboard.press('Enter');
    await page.keyboard.type('```python ');
    await page.keyboard.type('for i in range(3):');
    await page.keyboard.press('Enter');
    await page.keyboard.type('    print(i)');
    await page.locator('.tiptap pre .hljs-keyword', { hasText: 'for' }).waitFor();
    await saved(page);
    const lesson2 = Number(/\/Lesson\/(\d+)$/.exec(page.url())?.[1]);
    await expect.poll(() => storedText(lesson2), { timeout: 15_000 }).toContain('print(i)');

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
      .poll(() => page.getByRole('textbox', { name: '嵌入代码', exact: true }).inputValue())
      .toContain(`/create/course/${courseId}/iframe/preview`);
    // The code coloured as in the editor (the highlighter loads with the lesson that has code).
    await page.locator('.content-view pre code.language-python .hljs-keyword', { hasText: 'for' }).waitFor();
    await page.locator('.content-view pre .hljs-built_in', { hasText: 'print' }).waitFor();
    await page.goto(`${base}/lesson/${lesson1}/preview`);
    await page.getByRole('heading', { name: '变量的概念' }).waitFor();
    const figure = page.locator('.content-view figure');
    await figure.getByText('图 1：变量的示意图').waitFor();
    expect(await figure.locator('img').getAttribute('width')).toBe(String(imageWidth));
    await page.goto(`${base}/buy/preview`);
    await page.getByTestId('buy-price').getByText('¥12.50').waitFor();
    await page.locator('.pp-syllabus-row', { hasText: '第 2 课' }).getByText('第一课：变量').waitFor();
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
    await page.getByLabel('更新说明', { exact: true }).fill('第一个版本');
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
      .getByRole('link', { name: '购买课程' })
      .waitFor();
    expect(await visitor.getByText('循环让重复的事变简单。').count()).toBe(0);
    expect(await visitor.getByRole('link', { name: '登录后复制到我的团队' }).count()).toBe(0);
    expect(new URL(visitor.url()).pathname).toMatch(/^\/share\//);
  });
});
