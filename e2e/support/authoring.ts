/** Page helpers for the authoring journeys: the course form's fields, the lesson editor, uploads. */
import type { Locator, Page } from 'playwright-core';

/** A 1×1 PNG, made here so an upload goes through the real file check. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
export const png = (name: string) => ({ name, mimeType: 'image/png', buffer: PNG });

export type Lesson = { lessonId: number; version: number; title: string; content: unknown };
export type Api = <T>(path: string, body?: unknown) => Promise<T>;

/**
 * The course page's title field, by its exact name. A substring match (`getByLabel('课程标题')`) also
 * finds /author's search box 搜索课程标题, which is still on screen for a moment after 新建课程 has
 * changed the address: typing then went into the search box and the course kept 未命名课程.
 */
export const courseTitleField = (page: Page): Locator =>
  page.getByRole('textbox', { name: '课程标题', exact: true });

export const saved = (page: Page) => page.locator('[data-save-status="saved"]').first().waitFor();
export const editorBox = (page: Page) => page.locator('.tiptap');
/**
 * The editor once it takes typing: a live lesson is read-only until its first sync, and the text
 * can be on screen a moment before the editor is switched to editable.
 */
export const editableEditor = (page: Page) => page.locator('.tiptap[contenteditable="true"]');
/** The editor's text without others' caret labels (y-tiptap puts each name between two U+2060). */
export const editorText = async (page: Page) =>
  ((await editorBox(page).textContent()) ?? '').replace(/\u2060[^\u2060]*\u2060/g, '');
/** The editor's paragraphs' texts, in order, without others' caret labels. */
export const editorParagraphs = async (page: Page) =>
  (await editorBox(page).locator('p').allTextContents()).map((t) => t.replace(/\u2060[^\u2060]*\u2060/g, ''));

export async function openLessonByTitle(page: Page, title: string) {
  await page.getByRole('link', { name: title, exact: true }).click();
  await page.waitForURL(/\/Lesson\/\d+$/);
  await editorBox(page).waitFor();
}

export async function typeAtEnd(page: Page, text: string) {
  await editableEditor(page).click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type(text);
}

/** A course with one lesson, made through the API. */
export async function courseWithLesson(
  api: Api,
  title: string,
): Promise<{ courseId: number; lesson: Lesson }> {
  const course = await api<{ courseId: number }>('/course/create', { title });
  const lesson = await api<Lesson>('/lesson/create', { courseId: course.courseId, title: '共同编辑的课时' });
  return { courseId: course.courseId, lesson };
}

export const lessonText = async (api: Api, lessonId: number) =>
  JSON.stringify((await api<Lesson>(`/lesson/detail?lessonId=${lessonId}`)).content);
