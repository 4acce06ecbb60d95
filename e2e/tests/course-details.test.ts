/**
 * Issue 12: a course title typed while a refetch is on its way must survive (the lost-edit bug), and
 * picking 标题 2 from the editor's style list must leave the typing in the text. Answers are held back
 * with page.route so the race happens every run, not only on a busy machine. Issue 32 item 21: a file
 * that only starts like a GIF is refused as a cover, with the reason shown.
 */
import { CODE_TABLE } from '@studio/contract';
import type { Page, Route } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { courseTitleField, editableEditor, PNG, saved } from '../support/authoring.ts';
import { demoOwnerContexts } from '../support/demo-tab.ts';

const baseUrl = inject('baseUrl');
/** Code 10020's Chinese text, as the request client shows it. */
const IMAGE_UNREADABLE = CODE_TABLE.IMAGE_UNREADABLE.zh;
const { newContext, api } = demoOwnerContexts(baseUrl);

type Course = { courseId: number; title: string; summary: string; price: number | null; cover: string };

const openPage = async (): Promise<Page> => (await newContext()).newPage();

describe('course details under load', () => {
  it('a title typed the moment 新建课程 opens the page is saved, on a CPU four times slower', async () => {
    const page = await openPage();
    await page.goto(`${baseUrl}/author`);
    await page.getByRole('button', { name: '新建课程' }).first().waitFor();
    // A slow CPU holds /author on screen after the address has changed (the router renders the new
    // page in a transition): the typing must still reach the new course's title and be saved.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.getByRole('button', { name: '新建课程' }).first().click();
    await page.waitForURL(/\/create\/course\/\d+$/);
    const courseId = Number(/(\d+)$/.exec(page.url())?.[1]);
    await courseTitleField(page).fill('慢机器上的标题');
    await page.getByLabel('课程简介', { exact: true }).fill('慢机器上的简介。');
    await expect
      .poll(() => api<Course>(`/course/detail?courseId=${courseId}`).then((c) => [c.title, c.summary]))
      .toEqual(['慢机器上的标题', '慢机器上的简介。']);
    await saved(page);
  });

  it('a refetch answering after the title was saved changes nothing typed; every field is saved', async () => {
    const { courseId } = await api<Course>('/course/create', {});
    await api('/lesson/create', { courseId, title: '第一课' });
    const page = await openPage();
    await page.goto(`${baseUrl}/create/course/${courseId}`);
    await courseTitleField(page).waitFor();

    // The next course refetch (duplicating a lesson asks for one) reads the course now, before the
    // title is typed, and answers only after the title has been saved.
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    let heldOne = false;
    const holdRefetch = async (route: Route) => {
      if (heldOne) return route.fallback();
      heldOne = true;
      const response = await route.fetch();
      await released;
      await route.fulfill({ response });
    };
    await page.route('**/api/course/detail?*', holdRefetch);
    await page.getByRole('button', { name: '课时操作：第一课' }).click();
    await page.getByRole('menuitem', { name: '复制' }).click();
    await expect.poll(() => heldOne).toBe(true);

    const titleSaved = page.waitForResponse(
      (r) =>
        r.url().includes('/api/course/modify') && (r.request().postData() ?? '').includes('压力下的课程'),
    );
    await courseTitleField(page).fill('压力下的课程');
    await titleSaved;
    await saved(page);
    release();
    await expect
      .poll(() => page.evaluate(() => document.querySelector('h1')?.textContent))
      .toBe('压力下的课程');

    // Into the lesson and back: the page opens from the cache, which must hold the new title.
    await page.getByRole('link', { name: '第一课', exact: true }).click();
    await page.locator('.tiptap').waitFor();
    await page.locator('a.lesson-editor-back').click();
    await courseTitleField(page).waitFor();
    expect(await courseTitleField(page).inputValue()).toBe('压力下的课程');

    await page.getByLabel('课程简介', { exact: true }).fill('在服务器很忙时写下的简介。');
    await page.getByLabel('价格（元）', { exact: true }).fill('9.9');
    await page.locator('#course_cover_picker input[type="file"]').setInputFiles({
      name: 'cover.png',
      mimeType: 'image/png',
      buffer: PNG,
    });
    await page.getByRole('img', { name: /课程封面/ }).waitFor();
    await expect
      .poll(() => api<Course>(`/course/detail?courseId=${courseId}`).then((c) => [c.price, c.cover !== '']))
      .toEqual([990, true]);
    await saved(page);
    expect(await page.getByText('课程信息已在别处修改').count()).toBe(0);

    const stored = await api<Course>(`/course/detail?courseId=${courseId}`);
    expect(stored).toMatchObject({
      title: '压力下的课程',
      summary: '在服务器很忙时写下的简介。',
      price: 990,
    });
    await page.reload();
    await courseTitleField(page).waitFor();
    expect(await courseTitleField(page).inputValue()).toBe('压力下的课程');
    expect(await page.getByLabel('课程简介', { exact: true }).inputValue()).toBe(
      '在服务器很忙时写下的简介。',
    );
  });

  it('picking 标题 2 from the style list puts the caret back in the text at the new heading', async () => {
    const course = await api<Course>('/course/create', { title: '样式测试课程' });
    const lesson = await api<{ lessonId: number }>('/lesson/create', { courseId: course.courseId });
    const page = await openPage();
    await page.goto(`${baseUrl}/create/course/${course.courseId}/Lesson/${lesson.lessonId}`);
    // The live editor takes typing once it has the lesson from the server (read-only until then).
    const box = editableEditor(page);
    await box.click();
    await page.keyboard.type('变量');
    // antd draws the selected label over its input; the click belongs to the select either way.
    await page.getByRole('combobox', { name: '段落样式', exact: true }).click({ force: true });
    await page.locator('.ant-select-item-option[title="标题 2"]').click();
    await page.keyboard.type('的作用');
    await expect.poll(() => box.locator('h2').textContent()).toBe('变量的作用');
    expect(await page.evaluate(() => document.activeElement?.classList.contains('tiptap'))).toBe(true);
  });

  it('a 31-byte GIF89a<script> file named .png is refused as a cover with a reason, and no cover is set (issue 32 item 21)', async () => {
    const fake = Buffer.from('GIF89a<script>alert(1)</script>');
    expect(fake.length).toBe(31);
    const { courseId } = await api<Course>('/course/create', { title: '封面检查课程' });
    const page = await openPage();
    await page.goto(`${baseUrl}/create/course/${courseId}`);
    await courseTitleField(page).waitFor();
    await page.getByRole('img', { name: '暂无封面', exact: true }).waitFor();
    const answered = page.waitForResponse((r) => r.url().includes('/api/file/upload'));
    await page.locator('#course_cover_picker input[type="file"]').setInputFiles({
      name: 'cover.png',
      mimeType: 'image/png',
      buffer: fake,
    });
    await answered;
    const refused = page.getByText(IMAGE_UNREADABLE, { exact: true });
    // Whichever the page shows first: the reason, or (without the check) the fake as the cover.
    await refused
      .or(page.getByRole('img', { name: /课程封面/ }))
      .first()
      .waitFor();
    expect(await refused.isVisible()).toBe(true);
    expect(await page.getByRole('img', { name: '暂无封面', exact: true }).isVisible()).toBe(true);
    expect((await api<Course>(`/course/detail?courseId=${courseId}`)).cover).toBe('');
  });
});
