/**
 * Live co-editing: two members of one team type into the same lesson at once and each sees both
 * texts and the other's caret; one goes offline, both write, and the texts merge when it is back; a
 * comment on selected text stays on it as the other types before it; a member of another team finds
 * no lesson; the connection status fits a phone.
 */
import type { UserInfo } from '@studio/contract';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { courseWithLesson, editorBox, editorParagraphs, lessonText } from '../support/authoring.ts';
import { PHONE, accountTabs } from '../support/account-tabs.ts';
import { uniquePhone } from '../support/browser.ts';
import { apiAs, apiSignUp } from '../support/session.ts';
import { accountWithTeam, inTeam } from '../support/store-api.ts';

const baseUrl = inject('baseUrl');
const logFile = inject('logFile');
const { pageAs } = accountTabs();

const SYNCED = '已同步';
const OFFLINE = '离线（修改会在恢复连接后同步）';
const status = (page: Page) => page.getByRole('status').filter({ hasText: /连接中|同步中|已同步|离线/ });
/** The editor's text without the carets' name labels (y-tiptap puts each between two U+2060). */
const textOf = async (page: Page) =>
  ((await editorBox(page).textContent()) ?? '').replace(/\u2060[^\u2060]*\u2060/g, '');
/** The caret at the end of the paragraph that holds `text`. */
const typeAfter = async (page: Page, text: string, typed: string) => {
  await editorBox(page).locator('p', { hasText: text }).click();
  await page.keyboard.press('End');
  await page.keyboard.type(typed);
};

describe('co-editing a lesson', () => {
  let owner: UserInfo;
  let member: UserInfo;
  let url = '';
  let lessonId = 0;
  let a: Page;
  let b: Page;
  const api = <T>(path: string, body?: unknown) => apiAs<T>(baseUrl, owner, path, body);

  it('two members typing at once: both texts in both pages and in the stored lesson; each sees the other’s caret', async () => {
    owner = await accountWithTeam(baseUrl, logFile, `共编团队${Date.now() % 100_000}`);
    const joined = await apiSignUp(baseUrl, logFile, uniquePhone());
    await apiAs(baseUrl, joined, '/team/user/invite/join', { inviteCode: owner.lastTeam!.teamCode });
    // An ADMIN edits every course of the team (a MEMBER only their own).
    await api('/team/user/role', { userId: joined.userId, role: 'ADMIN' });
    member = await inTeam(baseUrl, joined, owner.lastTeam!.teamId);
    const made = await courseWithLesson(api, '共同编辑课程');
    lessonId = made.lesson.lessonId;
    // One paragraph each: two people typing at the very same spot interleave their letters, as in
    // any live editor; the journey checks that nothing is lost, so each writes in their own line.
    const para = (text: string) => ({ type: 'paragraph', content: [{ type: 'text', text }] });
    await api('/lesson/save', {
      lessonId,
      version: made.lesson.version,
      content: { type: 'doc', content: [para('甲：'), para('乙：')] },
    });
    url = `${baseUrl}/create/course/${made.courseId}/Lesson/${lessonId}`;

    [a, b] = [await pageAs(owner), await pageAs(member)];
    for (const page of [a, b]) {
      await page.goto(url);
      await status(page).getByText(SYNCED).waitFor();
    }
    await Promise.all([typeAfter(a, '甲：', '甲在写第一句。'), typeAfter(b, '乙：', '乙在写第二句。')]);
    // Each sentence where its writer put the caret, though the other's keys kept arriving
    // (co-editing-caret.test.ts makes that race certain).
    for (const page of [a, b])
      await expect.poll(() => editorParagraphs(page)).toEqual(['甲：甲在写第一句。', '乙：乙在写第二句。']);
    await a.locator('.ProseMirror-yjs-cursor', { hasText: member.nickName }).waitFor();
    await b.locator('.ProseMirror-yjs-cursor', { hasText: owner.nickName }).waitFor();
    // Each sees who else is in the lesson in the header.
    await a.getByText(`${member.nickName} 正在编辑`).waitFor();

    // The server stores the live text as the lesson's JSON (after its debounce).
    await expect
      .poll(() => lessonText(api, lessonId), { timeout: 20_000, interval: 500 })
      .toMatch(/(?=.*甲在写第一句。)(?=.*乙在写第二句。)/);
  });

  it('the course’s lesson list says who is editing', async () => {
    const list = await pageAs(owner);
    await list.goto(url.replace(/\/Lesson\/\d+$/, ''));
    await list.getByText(`${member.nickName} 正在编辑`).waitFor();
  });

  it('one page offline, both write, back online: merged in both pages', async () => {
    await b.context().setOffline(true);
    await status(b).getByText(OFFLINE).waitFor();
    await typeAfter(a, '甲：', '甲在线时写的。');
    await typeAfter(b, '乙：', '乙离线时写的。');
    expect(await textOf(b)).not.toContain('甲在线时写的。');
    await b.context().setOffline(false);
    for (const page of [a, b]) {
      await expect.poll(() => textOf(page), { timeout: 15_000 }).toContain('甲在线时写的。');
      await expect.poll(() => textOf(page), { timeout: 15_000 }).toContain('乙离线时写的。');
    }
    await status(b).getByText(SYNCED).waitFor();
    await expect
      .poll(() => lessonText(api, lessonId), { timeout: 20_000, interval: 500 })
      .toMatch(/(?=.*甲在线时写的。)(?=.*乙离线时写的。)/);
  });

  it('a comment on selected text stays on that text while the other types before it', async () => {
    const highlighted = async (page: Page) =>
      (await page.locator('.tiptap .comment-highlight').allTextContents())
        .join('')
        .replace(/\u2060[^\u2060]*\u2060/g, '');
    await a.bringToFront();
    // Selects 甲在写第一句。 in the editor, as a drag with the mouse would.
    await a.evaluate((text) => {
      const box = document.querySelector<HTMLElement>('.tiptap')!;
      box.focus();
      const walker = document.createTreeWalker(box, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const i = (node as Text).data.indexOf(text);
        if (i < 0) continue;
        const range = document.createRange();
        range.setStart(node, i);
        range.setEnd(node, i + text.length);
        getSelection()!.removeAllRanges();
        getSelection()!.addRange(range);
        return;
      }
    }, '甲在写第一句。');
    await a.locator('[data-comments-button]').click();
    const drawer = a.getByRole('dialog', { name: '评论' });
    await drawer.getByText('「甲在写第一句。」').waitFor();
    await drawer
      .getByRole('textbox', { name: '写下评论，输入 @ 提及团队成员', exact: true })
      .fill('这句要改');
    await drawer.getByRole('button', { name: /发\s*送/ }).click();
    await expect.poll(() => highlighted(a)).toBe('甲在写第一句。');

    // The other page opened afterwards shows it on the same text; typing before it moves it along.
    await b.bringToFront();
    await b.reload();
    await status(b).getByText(SYNCED).waitFor();
    await expect.poll(() => highlighted(b)).toBe('甲在写第一句。');
    await editorBox(b).locator('p', { hasText: '甲在写第一句。' }).click();
    await b.keyboard.press('Home');
    await b.keyboard.type('【前】');
    await expect.poll(() => textOf(a)).toContain('【前】甲：');
    await expect.poll(() => highlighted(a)).toBe('甲在写第一句。');
    expect(await highlighted(b)).toBe('甲在写第一句。');
  });

  it('a member of another team opening the lesson finds no lesson', async () => {
    const stranger = await accountWithTeam(baseUrl, logFile, `别的团队${Date.now() % 100_000}`);
    const page = await pageAs(stranger);
    await page.goto(url);
    await page.getByText('课时不存在').first().waitFor();
    expect(await editorBox(page).count()).toBe(0);
  });

  it('the connection status fits a phone', async () => {
    const page = await pageAs(owner, { viewport: PHONE });
    await page.goto(url);
    const tag = status(page).getByText(SYNCED);
    await tag.waitFor();
    const box = await status(page).boundingBox();
    expect(box).not.toBeNull();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
    const scroll = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scroll).toBeLessThanOrEqual(PHONE.width);
  });
});
