/**
 * The lesson editor as a seller writes in it (issue 47.1): a screenshot pasted at the caret and two
 * picture files dropped onto the text are uploaded and stay after a reload; Ctrl+S says 已保存
 * instead of opening the browser's "save page" dialog, and the toolbar's tooltips name the shortcuts;
 * `/` on an empty line opens the slash menu, which inserts a heading found by typing.
 */
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { PNG, courseWithLesson, editableEditor, editorBox } from '../support/authoring.ts';
import { demoOwnerContexts } from '../support/demo-tab.ts';

const baseUrl = inject('baseUrl');
const { newContext, api } = demoOwnerContexts(baseUrl);

type Block = { type: string; attrs?: { alt?: string; src?: string }; content?: { text?: string }[] };
const para = (text: string) => ({ type: 'paragraph', content: [{ type: 'text', text }] });

/** A lesson with two paragraphs, open in a fresh tab once it takes typing. */
async function openLesson(title: string) {
  const { courseId, lesson } = await courseWithLesson(api, title);
  await api('/lesson/save', {
    lessonId: lesson.lessonId,
    version: lesson.version,
    content: { type: 'doc', content: [para('第一段'), para('第二段')] },
  });
  const page = await (await newContext()).newPage();
  await page.goto(`${baseUrl}/create/course/${courseId}/Lesson/${lesson.lessonId}`);
  await editableEditor(page).waitFor();
  return { page, lessonId: lesson.lessonId };
}

/** The stored lesson's blocks as `p:text` and `img:alt`. */
const storedBlocks = async (lessonId: number) => {
  const { content } = await api<{ content: { content?: Block[] } }>(`/lesson/detail?lessonId=${lessonId}`);
  return (content.content ?? []).map((b) =>
    b.type === 'image' ? `img:${b.attrs?.alt}` : `p:${b.content?.[0]?.text ?? ''}`,
  );
};

/** The editor's blocks as shown, in the same form. */
const shownBlocks = (page: Page) =>
  page.evaluate(() =>
    Array.from(document.querySelectorAll('.tiptap > *')).flatMap((el) => {
      const img = el.querySelector('img');
      if (img) return [`img:${img.alt}`];
      return el.tagName === 'P' ? [`p:${el.textContent ?? ''}`] : [];
    }),
  );

/**
 * Puts the caret at the end of the paragraph holding `text`, and waits until the editor itself holds
 * it there. The click and End move the browser's caret; ProseMirror takes it on the next
 * `selectionchange`, and a key it handles itself (Enter) acts on the selection it holds: on a busy
 * machine an Enter sent at once split the first paragraph at its start instead (CI, 2026-11-29).
 */
async function caretAtEndOf(page: Page, text: string) {
  await editorBox(page).locator('p', { hasText: text }).click();
  await page.keyboard.press('End');
  await expect
    .poll(() =>
      page.evaluate(() => {
        type Editor = {
          state: {
            selection: {
              $from: { parent: { textContent: string; content: { size: number } }; parentOffset: number };
            };
          };
        };
        const editor = (document.querySelector('.tiptap') as (Element & { editor?: Editor }) | null)?.editor;
        const $from = editor?.state.selection.$from;
        return $from && $from.parentOffset === $from.parent.content.size ? $from.parent.textContent : null;
      }),
    )
    .toBe(text);
}

describe('the lesson editor takes pictures as a seller gives them', () => {
  it('pastes a screenshot at the caret and drops two files onto the text; both stay after a reload', async () => {
    const { page, lessonId } = await openLesson('粘贴图片课程');
    const png = PNG.toString('base64');

    await caretAtEndOf(page, '第一段');
    // What the browser hands the page for Ctrl+V of a screenshot: a paste event carrying a PNG file.
    await page.evaluate((b64) => {
      const data = new DataTransfer();
      const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
      data.items.add(new File([bytes], '截图.png', { type: 'image/png' }));
      document
        .querySelector('.tiptap')!
        .dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    }, png);
    await expect.poll(() => shownBlocks(page)).toEqual(['p:第一段', 'img:截图', 'p:第二段']);

    // Two files dropped at the end of the second paragraph.
    const box = (await editorBox(page).locator('p', { hasText: '第二段' }).boundingBox())!;
    await page.evaluate(
      ({ b64, x, y }) => {
        const data = new DataTransfer();
        const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
        for (const name of ['一.png', '二.png'])
          data.items.add(new File([bytes], name, { type: 'image/png' }));
        const target = document.elementFromPoint(x, y)!;
        target.dispatchEvent(
          new DragEvent('drop', {
            dataTransfer: data,
            clientX: x,
            clientY: y,
            bubbles: true,
            cancelable: true,
          }),
        );
      },
      { b64: png, x: box.x + box.width - 4, y: box.y + box.height / 2 },
    );
    // The editor keeps an empty paragraph after a last image, to write on below it.
    const expected = ['p:第一段', 'img:截图', 'p:第二段', 'img:一', 'img:二', 'p:'];
    await expect.poll(() => shownBlocks(page)).toEqual(expected);
    // No placeholder is left, and every image is a file the server keeps.
    expect(await page.locator('.upload-placeholder').count()).toBe(0);

    // The live text is stored after the co-editing server's debounce; a reload shows it from there.
    await expect.poll(() => storedBlocks(lessonId), { interval: 500 }).toEqual(expected);
    await page.reload();
    await editableEditor(page).waitFor();
    await expect.poll(() => shownBlocks(page)).toEqual(expected);
    const srcs = await editorBox(page)
      .locator('img')
      .evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).getAttribute('src')));
    expect(srcs).toHaveLength(3);
    for (const src of srcs) expect(src).toMatch(/^\/api\/files\/image\//);
  });

  it('Ctrl+S says 已保存 and keeps the browser’s dialog shut; tooltips name the shortcuts', async () => {
    const { page } = await openLesson('保存快捷键课程');
    await caretAtEndOf(page, '第二段');
    await page.keyboard.type('，补一句');
    // Read after the page's own handlers: was the browser's default (the save dialog) prevented?
    await page.evaluate(() => {
      window.addEventListener('keydown', (e) => {
        if (e.key.toLowerCase() === 's') document.body.dataset.saveKeyPrevented = String(e.defaultPrevented);
      });
    });
    await page.keyboard.press('Control+S');
    await page.getByText('已保存（课时内容随写随存）').waitFor();
    expect(await page.evaluate(() => document.body.dataset.saveKeyPrevented)).toBe('true');
    await page.getByRole('status').filter({ hasText: '已同步' }).waitFor();

    await page.getByRole('button', { name: '粗体' }).hover();
    await page.getByRole('tooltip', { name: '粗体 (Ctrl+B)' }).waitFor();
  });

  it('the slash menu inserts a heading found by typing, and it is stored', async () => {
    const { page, lessonId } = await openLesson('斜杠菜单课程');
    await caretAtEndOf(page, '第二段');
    await page.keyboard.press('Enter');
    await page.keyboard.type('/');
    const menu = page.getByRole('listbox', { name: /插入内容块/ });
    await menu.getByRole('option', { name: '测验' }).waitFor();
    await page.keyboard.type('biaoti');
    await expect
      .poll(() => menu.getByRole('option').allTextContents())
      .toEqual(['标题 1', '标题 2', '标题 3']);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await menu.waitFor({ state: 'detached' });
    await page.keyboard.type('小节标题');
    await editorBox(page).locator('h2', { hasText: '小节标题' }).waitFor();
    await expect
      .poll(
        async () =>
          (await api<{ content: { content?: Block[] } }>(`/lesson/detail?lessonId=${lessonId}`)).content
            .content?.[2],
        { interval: 500 },
      )
      .toEqual({ type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: '小节标题' }] });
  });
});
