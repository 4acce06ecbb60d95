/**
 * The lesson editor's AI assist in a real browser against the built app on the real server, with the
 * built-in template generator: text streams into the lesson, one undo takes it all back, the result
 * is saved like any edit, and a failure is explained while the editor stays usable.
 */
import { Code, Routes, type CourseDetail, type DocNode, type Lesson, type Page } from '@studio/contract';
import { describe, expect, inject, it } from 'vitest';
import { demoOwnerTab } from '../support/demo-tab.ts';
import { editorText } from '../support/authoring.ts';
import { apiAs } from '../support/session.ts';

const baseUrl = inject('baseUrl');
const demo = demoOwnerTab(baseUrl);

/** The API as the demo owner, for finding the demo lesson and checking what the server stored. */
const api = <T>(path: string, body?: unknown): Promise<T> => apiAs<T>(baseUrl, demo.user, path, body);

const storedContent = async (lessonId: number): Promise<DocNode> =>
  (await api<Lesson>(`${Routes.lesson.detail}?lessonId=${lessonId}`)).content;

/** The demo team's draft course (the released one is what the store tests read). */
async function demoLesson(): Promise<{ url: string; lessonId: number }> {
  const courses = await api<Page<{ courseId: number; title: string }>>(
    `${Routes.course.list}?keyword=${encodeURIComponent('设计思维工作坊')}`,
  );
  const courseId = courses.list[0]!.courseId;
  const detail = await api<CourseDetail>(`${Routes.course.detail}?courseId=${courseId}`);
  const lessonId = detail.lessons[0]!.lessonId;
  return { url: `${baseUrl}/create/course/${courseId}/Lesson/${lessonId}`, lessonId };
}

const editor = () => demo.page.locator('.tiptap');
/** The editor once it takes typing (a live lesson is read-only until its first sync). */
const editable = () => demo.page.locator('.tiptap[contenteditable="true"]');

async function runAssist(action: string) {
  await demo.page.getByRole('button', { name: 'AI 助手' }).click();
  await demo.page.getByRole('menuitem', { name: new RegExp(`^${action}`) }).click();
}

/** Every distinct text the assist showed while writing, in order (read from the page as it changes). */
async function recordWriting() {
  await demo.page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { assistSeen: string[] }).assistSeen = seen;
    new MutationObserver(() => {
      const text = Array.from(
        document.querySelectorAll('.tiptap .ai-assist-writing'),
        (e) => e.textContent,
      ).join('');
      if (text && seen.at(-1) !== text) seen.push(text);
    }).observe(document.querySelector('.tiptap')!, { subtree: true, childList: true, characterData: true });
  });
  return () => demo.page.evaluate(() => (window as unknown as { assistSeen: string[] }).assistSeen);
}

describe('AI assist in the lesson editor', () => {
  it('continue streams after the selection; one Ctrl+Z brings the lesson back exactly', async () => {
    const { page } = demo;
    const { url, lessonId } = await demoLesson();
    const original = await storedContent(lessonId);
    await page.goto(url);
    const paragraph = editor().locator('p', { hasText: '记录用户真正的困难' });
    await paragraph.waitFor();
    const before = await editor().innerHTML();

    await paragraph.click({ clickCount: 3 });
    const writing = await recordWriting();
    await page.getByRole('button', { name: 'AI 助手' }).click();
    // Honest about who writes: the template generator is labelled as not AI.
    await page.getByRole('menu').getByText('模板生成（非 AI）').waitFor();
    await page.getByRole('menuitem', { name: /^续写/ }).click();
    await editor().getByText('在实践中要注意方法与场景的匹配。', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'AI 助手' }).waitFor();

    // Each view the page showed extends the last. How many views there are depends on how the network
    // groups the pieces (a busy machine can deliver them all in one read); that the server sends
    // pieces is checked in ai.test.ts and that each piece is shown in assist-writer.test.ts.
    const seen = await writing();
    expect(seen.length).toBeGreaterThanOrEqual(1);
    seen.slice(1).forEach((text, i) => expect(text.startsWith(seen[i]!)).toBe(true));
    // After the selected paragraph, as a block of its own; the paragraph itself is untouched.
    const texts = await editor().locator('p').allTextContents();
    const at = texts.findIndex((t) => t.includes('记录用户真正的困难'));
    expect(texts[at]).toBe('从访谈开始，记录用户真正的困难。');
    expect(texts[at + 1]).toContain('接下来，我们进一步看看：从访谈开始');

    await page.keyboard.press('Control+z');
    await expect.poll(() => editor().innerHTML(), { timeout: 10_000 }).toBe(before);
    // The undo is an edit like any other: what is stored ends up as before too.
    await expect.poll(() => storedContent(lessonId), { timeout: 15_000 }).toEqual(original);
  });

  it('the menu items stay put when the answer saying who writes arrives after the menu opened', async () => {
    const { page } = demo;
    const { url } = await demoLesson();
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const generator = `**/api${Routes.ai.generator}`;
    await page.route(generator, async (route) => {
      await held;
      await route.continue();
    });
    try {
      await page.goto(url);
      await editor().waitFor();
      await page.getByRole('button', { name: 'AI 助手' }).click();
      const item = page.getByRole('menuitem', { name: /^总结/ });
      await item.waitFor(); // no opening motion: the browser asks for reduced motion
      const before = await item.boundingBox();
      release();
      await page.getByRole('menu').getByText('模板生成（非 AI）').waitFor();
      // The tag's line is 22 px: a menu that makes room for it late moves every item by that much.
      expect(Math.abs((await item.boundingBox())!.y - before!.y)).toBeLessThan(1);
      await page.keyboard.press('Escape');
    } finally {
      await page.unroute(generator);
    }
  });

  it('summarize with nothing selected adds the key points at the end, saved like any edit', async () => {
    const { page } = demo;
    const { url, lessonId } = await demoLesson();
    await page.goto(url);
    await editor().locator('p', { hasText: '记录用户真正的困难' }).click();
    await runAssist('总结');
    await editor().getByText('要点：从访谈开始，记录用户真正的困难。').waitFor();
    expect(await editor().locator('p').last().textContent()).toBe('要点：从访谈开始，记录用户真正的困难。');

    await expect
      .poll(async () => JSON.stringify(await storedContent(lessonId)), { timeout: 15_000 })
      .toContain('要点：从访谈开始');
    await page.locator('[data-save-status="saved"]').waitFor();
    await page.reload();
    await editor().getByText('要点：从访谈开始，记录用户真正的困难。').waitFor();
  });

  it("a failure shows the server's message; the text so far stays, one undo away, and the editor works", async () => {
    const { page } = demo;
    const course = await api<{ courseId: number }>(Routes.course.create, { title: 'AI 助手失败测试' });
    const lesson = await api<Lesson>(Routes.lesson.create, {
      courseId: course.courseId,
      title: '失败的课时',
    });
    await page.route(`**/api${Routes.ai.assist}`, (route) =>
      route.fulfill({
        status: 200,
        headers: { 'content-type': 'text/event-stream' },
        body:
          'id: 1\ndata: {"type":"text-delta","text":"写到一半"}\n\n' +
          `id: 2\ndata: {"type":"error","error":{"code":${Code.AI_ASSIST_UNAVAILABLE},"params":{}}}\n\n`,
      }),
    );
    await page.goto(`${baseUrl}/create/course/${course.courseId}/Lesson/${lesson.lessonId}`);
    await editable().click();
    await page.keyboard.type('已有的正文。');
    await runAssist('续写');

    const alert = page.getByRole('alert').filter({ hasText: 'AI 助手没有完成' });
    await alert.getByText('AI 助手暂时不可用，请稍后重试', { exact: false }).waitFor();
    await editor().getByText('写到一半').waitFor();

    await page.keyboard.type('继续手写');
    await editor().getByText('继续手写', { exact: false }).waitFor();
    await page.getByRole('button', { name: '撤销' }).click();
    await page.getByRole('button', { name: '撤销' }).click();
    await expect.poll(() => editor().textContent(), { timeout: 10_000 }).toBe('已有的正文。');
  });

  it('stop keeps what was written, as one undo step; the lesson is locked while the assist writes', async () => {
    const { page } = demo;
    const course = await api<{ courseId: number }>(Routes.course.create, { title: 'AI 助手停止测试' });
    const lesson = await api<Lesson>(Routes.lesson.create, {
      courseId: course.courseId,
      title: '停止的课时',
    });
    await page.goto(`${baseUrl}/create/course/${course.courseId}/Lesson/${lesson.lessonId}`);
    await editable().click();
    await page.keyboard.type('已有的正文。');
    // A model that keeps writing until it is stopped (the template finishes too fast to stop).
    await page.evaluate((path) => {
      const realFetch = window.fetch;
      window.fetch = (input, init) => {
        if (!String(input).endsWith(path)) return realFetch(input, init);
        let n = 0;
        const body = new ReadableStream<Uint8Array>({
          start: (c) =>
            init?.signal?.addEventListener('abort', () => c.error(new DOMException('', 'AbortError'))),
          pull: async (c) => {
            await new Promise((r) => setTimeout(r, 150));
            const text = n === 0 ? '慢慢写' : '，再写一点';
            c.enqueue(
              new TextEncoder().encode(
                `id: ${++n}\ndata: ${JSON.stringify({ type: 'text-delta', text })}\n\n`,
              ),
            );
          },
        });
        return Promise.resolve(new Response(body, { headers: { 'content-type': 'text/event-stream' } }));
      };
    }, Routes.ai.assist);
    await runAssist('续写');
    await page.getByRole('status').getByText('正在续写…').waitFor();
    await editor().getByText('再写一点', { exact: false }).waitFor();
    await page.keyboard.type('不该出现');

    await page.getByRole('button', { name: '停止' }).click();
    await page.getByRole('button', { name: 'AI 助手' }).waitFor();
    const texts = await editor().locator('p').allTextContents();
    expect(texts[0]).toBe('已有的正文。');
    expect(texts[1]).toMatch(/^慢慢写(，再写一点)+$/);
    expect(await editor().textContent()).not.toContain('不该出现');
    expect(await page.getByRole('alert').count()).toBe(0);

    await page.keyboard.press('Control+z');
    await expect.poll(() => editor().textContent(), { timeout: 10_000 }).toBe('已有的正文。');
    await page.keyboard.type('还能写');
    await editor().getByText('已有的正文。还能写').waitFor();
  });

  it('in a shared lesson: what another tab types while the assist waits is kept, and the assist reaches it as one change that one undo takes back', async () => {
    const { page } = demo;
    const course = await api<{ courseId: number }>(Routes.course.create, { title: 'AI 助手共同编辑' });
    const lesson = await api<Lesson>(Routes.lesson.create, { courseId: course.courseId, title: '共享课时' });
    const para = (text: string) => ({ type: 'paragraph', content: [{ type: 'text', text }] });
    await api(Routes.lesson.save, {
      lessonId: lesson.lessonId,
      version: lesson.version,
      content: { type: 'doc', content: [para('甲的段落。'), para('乙的段落。')] },
    });
    const url = `${baseUrl}/create/course/${course.courseId}/Lesson/${lesson.lessonId}`;
    const other = await demo.context.newPage();
    for (const p of [other, page]) {
      await p.goto(url);
      await p.locator('.tiptap[contenteditable="true"]').waitFor();
    }
    // The answer waits until the other tab has typed: the assist started on the text without it.
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(`**/api${Routes.ai.assist}`, async (route) => {
      await held;
      await route.continue();
    });
    await editor().locator('p', { hasText: '甲的段落。' }).click({ clickCount: 3 });
    await runAssist('续写');
    await page.getByRole('status').getByText('正在续写…').waitFor();

    await other.bringToFront();
    await other.locator('.tiptap p', { hasText: '乙的段落。' }).click();
    await other.keyboard.press('End');
    await other.keyboard.type('乙在等待时写的');
    await expect.poll(() => editorText(page)).toContain('乙的段落。乙在等待时写的');
    release();
    await page.bringToFront();
    await page.getByRole('button', { name: 'AI 助手' }).waitFor();
    await page.unroute(`**/api${Routes.ai.assist}`);

    for (const p of [page, other]) {
      await expect.poll(() => editorText(p)).toContain('接下来，我们进一步看看');
      expect(await editorText(p)).toContain('乙的段落。乙在等待时写的');
    }
    const paragraphs = await other.locator('.tiptap p').allTextContents();
    expect(paragraphs[0]).toBe('甲的段落。');
    expect(paragraphs[1]).toContain('接下来，我们进一步看看');
    expect(paragraphs.filter((t) => t.includes('接下来'))).toHaveLength(1);
    await expect
      .poll(async () => JSON.stringify(await storedContent(lesson.lessonId)), { timeout: 15_000 })
      .toMatch(/(?=.*接下来，我们进一步看看)(?=.*乙的段落。乙在等待时写的)/);

    // One undo in the tab that asked takes the assist back everywhere, and only the assist.
    await page.keyboard.press('Control+z');
    await expect.poll(() => editorText(other)).not.toContain('接下来');
    expect(await editorText(other)).toContain('乙的段落。乙在等待时写的');
  });
});
