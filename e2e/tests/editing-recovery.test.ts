/**
 * Lost work, recovered: two tabs on one lesson meet 编辑冲突 and keep both texts; text that never
 * reached the server is offered back from the browser when the lesson opens again.
 */
import { describe, expect, inject, it } from 'vitest';
import { demoOwnerContexts } from '../support/demo-tab.ts';
import {
  courseWithLesson,
  editorBox,
  lessonText,
  saved,
  typeAtEnd,
  type Lesson,
} from '../support/authoring.ts';
import { apiLogin } from '../support/session.ts';
import { uploadCover } from '../support/store-api.ts';

const baseUrl = inject('baseUrl');
const { newContext, api } = demoOwnerContexts(baseUrl);
const paragraph = (text: string) => ({
  type: 'doc',
  content: [{ type: 'paragraph', content: [{ type: 'text', text }] }],
});

describe('editing conflicts and recovery', () => {
  it('two tabs on one lesson: the stale save gets 编辑冲突, and both texts survive either way', async () => {
    const { courseId, lesson } = await courseWithLesson(api, '冲突测试课程');
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
    expect(await lessonText(api, lesson.lessonId)).toContain('甲的文字');
    expect(await lessonText(api, lesson.lessonId)).not.toContain('乙的文字');
    expect(await lessonText(api, copyId)).toContain('乙的文字');
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
    const { courseId, lesson } = await courseWithLesson(api, '草稿恢复课程');
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
    expect(await lessonText(api, lesson.lessonId)).toContain('只在本地的草稿');
  });

  it('text saved at once (Ctrl+S) and released leaves no local draft: after a reset to an older release nothing is offered', async () => {
    const { courseId, lesson } = await courseWithLesson(api, '保存后无草稿课程');
    const saved1 = await api<Lesson>('/lesson/save', {
      lessonId: lesson.lessonId,
      version: lesson.version,
      content: paragraph('第一版的文字'),
    });
    const owner = await apiLogin(baseUrl, '13800000000', 'demo1234');
    const course = await api<{ version: number }>(`/course/detail?courseId=${courseId}`);
    await api('/course/modify', {
      courseId,
      version: course.version,
      cover: await uploadCover(baseUrl, owner),
      summary: '用来检查保存后不留本地草稿的课程。',
      category: 'tech',
      price: 0,
    });
    const v1 = await api<{ releaseId: number }>('/course/release', { courseId, notes: '首发' });
    expect(saved1.version).toBeGreaterThan(lesson.version);

    const page = await (await newContext()).newPage();
    const url = `${baseUrl}/create/course/${courseId}/Lesson/${lesson.lessonId}`;
    await page.goto(url);
    await editorBox(page).getByText('第一版的文字').waitFor();
    // Typed and saved at once: the save lands before the local draft's delayed write would.
    await typeAtEnd(page, '，马上保存的句子');
    await page.keyboard.press('Control+S');
    await saved(page);
    expect(await lessonText(api, lesson.lessonId)).toContain('马上保存的句子');
    await api('/course/release', { courseId, notes: '第二版' });

    // The draft is set back to the first release: the server's text is older, its version newer.
    await api('/course/draft/reset', { courseId, releaseId: v1.releaseId });
    await page.goto(url);
    await editorBox(page).getByText('第一版的文字').waitFor();
    expect(await editorBox(page).textContent()).not.toContain('马上保存的句子');
    expect(await page.getByText('发现未保存的本地草稿').count()).toBe(0);
    expect(
      await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('lessonDraft:'))),
    ).toEqual([]);
  });
});
