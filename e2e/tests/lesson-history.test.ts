/**
 * Lesson history: an edit after an earlier session shows as its own revision, the diff against the
 * text in the editor names what would go, restore brings the old text back (a tab still on the old
 * version then meets 编辑冲突 instead of overwriting it), and the panel fits a phone.
 */
import { describe, expect, inject, it } from 'vitest';
import { sql } from '../support/db.ts';
import { demoOwnerContexts } from '../support/demo-tab.ts';
import { courseWithLesson, editorBox, lessonText, saved, typeAtEnd } from '../support/authoring.ts';

const baseUrl = inject('baseUrl');
const { newContext, api } = demoOwnerContexts(baseUrl);

type Revision = { revisionId: number; reason: string };
const paragraph = (text: string) => ({
  type: 'doc',
  content: [{ type: 'paragraph', content: [{ type: 'text', text }] }],
});

/** A lesson whose first text was saved in an editing session that has ended (its revision closed). */
async function lessonWithHistory(title: string) {
  const { courseId, lesson } = await courseWithLesson(api, title);
  await api('/lesson/save', { lessonId: lesson.lessonId, version: 1, content: paragraph('第一版的文字') });
  await sql(
    `update lesson_revisions set created_at = created_at - interval '10 minutes' where lesson_id = $1`,
    [lesson.lessonId],
  );
  return {
    courseId,
    lessonId: lesson.lessonId,
    url: `${baseUrl}/create/course/${courseId}/Lesson/${lesson.lessonId}`,
  };
}

describe('lesson history', () => {
  it('lists revisions, shows the diff, restores, and a stale tab gets 编辑冲突', async () => {
    const { lessonId, url } = await lessonWithHistory('历史版本课程');
    const context = await newContext();
    const [page, stale] = [await context.newPage(), await context.newPage()];
    for (const p of [page, stale]) {
      await p.goto(url);
      await editorBox(p).getByText('第一版的文字').waitFor();
    }
    await typeAtEnd(page, '，第二版补充');
    await saved(page);

    await page.getByRole('button', { name: '历史版本' }).click();
    const drawer = page.getByRole('dialog', { name: '课时历史' });
    const items = drawer.locator('.history-item');
    await expect.poll(() => items.count()).toBe(2);
    await items.nth(1).click();
    // From the text in the editor to this revision: the added sentence would go.
    await drawer.locator('.history-diff del', { hasText: '第二版补充' }).waitFor();
    await drawer.locator('.ant-segmented').getByText('预览', { exact: true }).click();
    await drawer.locator('.history-preview').getByText('第一版的文字').waitFor();

    await drawer.getByRole('button', { name: '恢复此版本' }).click();
    await page
      .getByRole('tooltip')
      .getByRole('button', { name: /确\s*定|OK/ })
      .click();
    await page.getByText('已恢复到', { exact: false }).waitFor();
    await expect.poll(() => editorBox(page).textContent()).toBe('第一版的文字');
    expect(await lessonText(api, lessonId)).not.toContain('第二版补充');
    // Nothing is deleted: the replaced text is still a revision, and the restore is one too.
    await drawer.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: '历史版本' }).click();
    await expect.poll(() => items.count()).toBe(3);
    await drawer
      .getByRole('button', { name: 'Close' })
      .or(drawer.getByRole('button', { name: '关闭' }))
      .click();
    await drawer.waitFor({ state: 'hidden' });
    const list = await api<{ list: Revision[] }>(`/lesson/history?lessonId=${lessonId}`);
    expect(list.list.map((r) => r.reason)).toEqual(['restore', 'edit', 'edit']);

    // The other tab still holds the version before the restore: its save is refused, not applied.
    await typeAtEnd(stale, '旧标签页的字');
    await stale.getByRole('dialog', { name: '编辑冲突' }).waitFor();
    expect(await lessonText(api, lessonId)).not.toContain('旧标签页的字');

    // The editor goes on from the restored version.
    await typeAtEnd(page, '恢复后继续');
    await saved(page);
    expect(await lessonText(api, lessonId)).toContain('第一版的文字恢复后继续');
  });

  it('the history panel fits a phone', async () => {
    const { url } = await lessonWithHistory('手机历史课程');
    const width = 390;
    const page = await (await newContext(true, { width, height: 844 })).newPage();
    await page.goto(url);
    await editorBox(page).getByText('第一版的文字').waitFor();
    await typeAtEnd(page, '手机上写的');
    await saved(page);
    await page.getByRole('button', { name: '历史版本' }).click();
    const drawer = page.getByRole('dialog', { name: '课时历史' });
    await drawer.locator('.history-item').nth(1).click();
    await drawer.locator('.history-diff del', { hasText: '手机上写的' }).waitFor();
    const box = await drawer.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(width);
    const restore = await drawer.getByRole('button', { name: '恢复此版本' }).boundingBox();
    expect(restore!.x + restore!.width).toBeLessThanOrEqual(width);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  });
});
