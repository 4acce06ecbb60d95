/**
 * Lesson history: an edit after an earlier session shows as its own revision, the diff against the
 * text in the editor names what would go, restore brings the old text back (into the live document:
 * another tab open on the lesson gets it as an ordinary change and goes on from it), and the panel fits a phone. Releases: the
 * draft's 有未发布的修改 with its diff on the release page, publishing with a note, comparing an
 * earlier version, and rolling back to it as a new version that the store serves.
 */
import { describe, expect, inject, it } from 'vitest';
import { sql } from '../support/db.ts';
import { demoOwnerContexts } from '../support/demo-tab.ts';
import {
  courseWithLesson,
  editorBox,
  editorText,
  lessonText,
  saved,
  typeAtEnd,
} from '../support/authoring.ts';
import { apiLogin } from '../support/session.ts';
import { uploadCover } from '../support/store-api.ts';

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
  it('lists revisions, shows the diff, restores, and the restore reaches another open tab as a change', async () => {
    const { lessonId, url } = await lessonWithHistory('历史版本课程');
    const context = await newContext();
    const [page, other] = [await context.newPage(), await context.newPage()];
    for (const p of [page, other]) {
      await p.goto(url);
      await editorBox(p).getByText('第一版的文字').waitFor();
    }
    // The tab in front gets animation frames (Playwright's stability checks need them; a tab
    // behind another is throttled by Chromium).
    await page.bringToFront();
    await typeAtEnd(page, '，第二版补充');
    await saved(page);
    // The live text is stored after the collab server's debounce: the history has it then.
    await expect.poll(() => lessonText(api, lessonId), { timeout: 15_000 }).toContain('第二版补充');

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
    await expect.poll(() => editorText(page)).toBe('第一版的文字');
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

    // The other tab was connected all along: the restore reached it as an ordinary change, and
    // what it types goes on from the restored text (no conflict, nothing overwritten).
    await other.bringToFront();
    await expect.poll(() => editorText(other)).toBe('第一版的文字');
    await typeAtEnd(other, '另一个标签页接着写');
    await expect.poll(() => editorText(page)).toBe('第一版的文字另一个标签页接着写');
    expect(await other.getByRole('dialog', { name: '编辑冲突' }).count()).toBe(0);
    await expect
      .poll(() => lessonText(api, lessonId), { timeout: 15_000 })
      .toContain('第一版的文字另一个标签页接着写');
  });

  it('下一课时 / 上一课时 from inside the editor', async () => {
    const { courseId, url } = await lessonWithHistory('相邻课时课程');
    await api('/lesson/create', { courseId, title: '第二课' });
    const page = await (await newContext()).newPage();
    await page.goto(url);
    await page.getByRole('link', { name: '下一课时：第二课' }).click();
    await page.getByRole('link', { name: '上一课时：共同编辑的课时' }).click();
    await editorBox(page).getByText('第一版的文字').waitFor();
  });

  it('the history panel fits a phone', async () => {
    const { url, lessonId } = await lessonWithHistory('手机历史课程');
    const width = 390;
    const page = await (await newContext(true, { width, height: 844 })).newPage();
    await page.goto(url);
    await editorBox(page).getByText('第一版的文字').waitFor();
    await typeAtEnd(page, '手机上写的');
    await saved(page);
    await expect.poll(() => lessonText(api, lessonId), { timeout: 15_000 }).toContain('手机上写的');
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

  it('release page: unpublished changes with their diff, publish with a public line and an internal note, compare, roll back', async () => {
    const { courseId, lessonId, url } = await lessonWithHistory('回滚测试课程');
    const owner = await apiLogin(baseUrl, '13800000000', 'demo1234');
    const course = await api<{ version: number }>(`/course/detail?courseId=${courseId}`);
    await api('/course/modify', {
      courseId,
      version: course.version,
      cover: await uploadCover(baseUrl, owner),
      summary: '用来检查发布差异和回滚的课程。',
      category: 'tech',
      price: 0,
    });
    await api('/course/release', { courseId, changelog: '首发', notes: '首发前的内部检查' });

    const page = await (await newContext()).newPage();
    await page.goto(url);
    await editorBox(page).getByText('第一版的文字').waitFor();
    await typeAtEnd(page, '，新增的句子');
    await saved(page);
    await expect.poll(() => lessonText(api, lessonId), { timeout: 15_000 }).toContain('新增的句子');

    await page.goto(`${baseUrl}/create/course/${courseId}/release`);
    const changes = page.locator('.ant-card', { hasText: '与商城版本的差异' });
    await changes.getByText('有未发布的修改').waitFor();
    await changes.locator('ins', { hasText: '新增的句子' }).waitFor();
    await page.getByRole('textbox', { name: '更新说明', exact: true }).fill('第二版：补充一句');
    await page.getByRole('textbox', { name: '内部备注', exact: true }).fill('涨价并补充第二课');
    await page.getByRole('button', { name: '发布新版本' }).click();
    await page.getByRole('dialog').getByRole('button', { name: '确认发布' }).click();
    await changes.getByText('草稿与商城版本一致').waitFor();
    // The team's version history shows both texts.
    await page.locator('[data-version="2"]').getByText('第二版：补充一句').waitFor();
    await page.locator('[data-version="2"]').getByText('涨价并补充第二课').waitFor();

    // v1 compared with the store's v2: the sentence v2 added.
    const v1 = page.locator('[data-version="1"]');
    await v1.getByRole('button', { name: '与商城版本对比' }).click();
    const compare = page.getByRole('dialog', { name: 'v1 → v2 的变化' });
    await compare.locator('ins', { hasText: '新增的句子' }).waitFor();
    await compare.getByRole('button', { name: /Close|关闭/ }).click();
    await compare.waitFor({ state: 'hidden' });

    await v1.getByRole('button', { name: '回滚到此版本' }).click();
    // The rollback asks for both texts too: the internal note is filled in, the public line is not.
    const rollback = page.getByRole('dialog', { name: '把 v1 重新发布为新版本？' });
    await expect
      .poll(() => rollback.getByRole('textbox', { name: '内部备注', exact: true }).inputValue())
      .toBe('回滚到 v1');
    expect(await rollback.getByRole('textbox', { name: '更新说明', exact: true }).inputValue()).toBe('');
    await rollback.getByRole('button', { name: '回滚到此版本' }).click();
    await page.getByText('已把 v1 重新发布为 v3').waitFor();
    await page.locator('[data-version="3"]').getByText('回滚到 v1').waitFor();
    // The store serves v1's text as v3; the draft keeps the newer text, so it differs again.
    const store = await api<{ versionNo: number; lessons: { content: unknown }[] }>(
      `/store/course?courseId=${courseId}`,
    );
    expect(store.versionNo).toBe(3);
    expect(JSON.stringify(store.lessons)).not.toContain('新增的句子');
    expect(await lessonText(api, lessonId)).toContain('新增的句子');
    await changes.getByText('有未发布的修改').waitFor();
    await changes.locator('ins', { hasText: '新增的句子' }).waitFor();

    // The draft reset to the store's version (v3): the draft's text stays in the lesson history.
    await page.locator('[data-version="3"]').getByRole('button', { name: '草稿恢复为此版本' }).click();
    await page
      .getByRole('dialog', { name: '把草稿恢复为 v3？' })
      .getByRole('button', { name: '草稿恢复为此版本' })
      .click();
    await page.getByText('草稿已恢复为 v3').waitFor();
    await changes.getByText('草稿与商城版本一致').waitFor();
    expect(await lessonText(api, lessonId)).not.toContain('新增的句子');
    const history = await api<{ list: Revision[] }>(`/lesson/history?lessonId=${lessonId}`);
    expect(history.list.map((r) => r.reason).slice(0, 2)).toEqual(['restore', 'release']);

    // Buyers see the public lines as the changelog on the buy page, never the team's internal notes;
    // the rollback wrote no public line.
    await page.goto(`${baseUrl}/store/preview/${courseId}`);
    const log = page.locator('.changelog');
    await log.locator('[data-changelog="2"]').getByText('第二版：补充一句').waitFor();
    await log.locator('[data-changelog="1"]').getByText('首发').waitFor();
    expect(await log.locator('[data-changelog="3"]').count()).toBe(0);
    const shown = await log.innerText();
    for (const internal of ['回滚到 v1', '涨价并补充第二课', '首发前的内部检查'])
      expect(shown).not.toContain(internal);
  });
});
