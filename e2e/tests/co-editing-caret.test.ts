/**
 * A caret moved by a person stays where they put it when the other editor's change arrives before
 * the browser has told the editor that it moved (the selection event comes a task later than the
 * click or key). CI once saw a sentence land at the old caret this way: the live binding dispatches
 * the remote change with the editor's last known selection and writes it back into the page.
 *
 * The race is made certain here, not left to timing: page A holds the collaboration socket's
 * incoming messages while B types, then in one task moves its caret and lets them in.
 *
 * And the text stays where it first appears while the page connects.
 */
import type { UserInfo } from '@studio/contract';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import {
  courseWithLesson,
  editableEditor,
  editorBox,
  editorParagraphs,
  editorText,
} from '../support/authoring.ts';
import { accountTabs } from '../support/account-tabs.ts';
import { uniquePhone } from '../support/browser.ts';
import { apiAs, apiSignUp } from '../support/session.ts';
import { accountWithTeam, inTeam } from '../support/store-api.ts';

const baseUrl = inject('baseUrl');
const logFile = inject('logFile');
const { pageAs } = accountTabs();

declare global {
  interface Window {
    __collabHeld: { deliver: () => void }[];
    __collabHold: boolean;
  }
}

/** Before the app loads: the collaboration socket's incoming messages wait while `__collabHold`. */
const holdCollabMessages = (page: Page) =>
  page.addInitScript(() => {
    window.__collabHeld = [];
    window.__collabHold = false;
    const add = WebSocket.prototype.addEventListener;
    WebSocket.prototype.addEventListener = function (
      this: WebSocket,
      type: string,
      listener: EventListenerOrEventListenerObject,
      options?: boolean | AddEventListenerOptions,
    ) {
      if (type !== 'message' || typeof listener !== 'function' || !this.url.includes('/api/collab'))
        return add.call(this, type, listener, options);
      const held = (event: Event) => {
        if (!window.__collabHold) return listener.call(this, event);
        window.__collabHeld.push({ deliver: () => listener.call(this, event) });
      };
      return add.call(this, type, held, options);
    } as typeof WebSocket.prototype.addEventListener;
  });

describe('a caret and a remote change at once', () => {
  let owner: UserInfo;
  let member: UserInfo;
  let url = '';

  it('text typed after moving the caret lands there, though the other’s change arrived in between', async () => {
    owner = await accountWithTeam(baseUrl, logFile, `光标团队${Date.now() % 100_000}`);
    const joined = await apiSignUp(baseUrl, logFile, uniquePhone());
    await apiAs(baseUrl, joined, '/team/user/invite/join', { inviteCode: owner.lastTeam!.teamCode });
    await apiAs(baseUrl, owner, '/team/user/role', { userId: joined.userId, role: 'ADMIN' });
    member = await inTeam(baseUrl, joined, owner.lastTeam!.teamId);
    const api = <T>(path: string, body?: unknown) => apiAs<T>(baseUrl, owner, path, body);
    const made = await courseWithLesson(api, '光标课程');
    const para = (text: string) => ({ type: 'paragraph', content: [{ type: 'text', text }] });
    await api('/lesson/save', {
      lessonId: made.lesson.lessonId,
      version: made.lesson.version,
      content: { type: 'doc', content: [para('甲：'), para('乙：')] },
    });
    url = `${baseUrl}/create/course/${made.courseId}/Lesson/${made.lesson.lessonId}`;

    const a = await pageAs(owner);
    await holdCollabMessages(a);
    const b = await pageAs(member);
    for (const page of [a, b]) {
      await page.goto(url);
      await editableEditor(page).waitFor();
    }
    // A's caret in the second paragraph, known to the editor: B sees it there.
    await editorBox(a).locator('p', { hasText: '乙：' }).click();
    await b.locator('.ProseMirror-yjs-cursor', { hasText: owner.nickName }).waitFor();

    await a.evaluate(() => (window.__collabHold = true));
    await editorBox(b).locator('p', { hasText: '乙：' }).click();
    await b.keyboard.press('End');
    await b.keyboard.type('乙写');
    await a.waitForFunction(() => window.__collabHeld.length >= 2);
    // One task: the person moves the caret to the end of 甲：, then B's change arrives; the
    // browser's selection event for the move comes after both.
    await a.evaluate(() => {
      const box = document.querySelector<HTMLElement>('.tiptap')!;
      const walker = document.createTreeWalker(box, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if ((node as Text).data !== '甲：') continue;
        getSelection()!.collapse(node, 2);
        break;
      }
      window.__collabHold = false;
      for (const m of window.__collabHeld.splice(0)) m.deliver();
    });
    await a.keyboard.type('甲写');

    await expect.poll(() => editorParagraphs(a)).toEqual(['甲：甲写', '乙：乙写']);
    await expect.poll(() => editorParagraphs(b)).toEqual(['甲：甲写', '乙：乙写']);
    expect(await editorText(a)).toBe('甲：甲写乙：乙写');
  });

  it('the text stays where it first appears while the page connects, so a click on it lands there', async () => {
    // The text arrives with the first sync, a moment before the page re-renders for it: what comes
    // with that render (the toolbar, once) must not push the text down under a pointer already on its
    // way. The socket's messages are let in one at a time, and the line's place is read in the same
    // task as the message that brought it, before any render of the app.
    const page = await pageAs(member);
    await holdCollabMessages(page);
    await page.addInitScript(() => (window.__collabHold = true));
    await page.goto(url);
    let first: number | null = null;
    for (let i = 0; i < 20 && first === null; i++) {
      await page.waitForFunction(() => window.__collabHeld.length > 0);
      first = await page.evaluate(() => {
        window.__collabHeld.shift()!.deliver();
        // Others' carets put their names in the text between two U+2060.
        const line = [...document.querySelectorAll('.tiptap p')].find(
          (p) => p.textContent?.replace(/\u2060[^\u2060]*\u2060/g, '') === '乙：乙写',
        );
        return line ? line.getBoundingClientRect().top : null;
      });
    }
    expect(first).not.toBeNull();
    await page.evaluate(() => {
      window.__collabHold = false;
      for (const m of window.__collabHeld.splice(0)) m.deliver();
    });
    await editableEditor(page).waitFor();
    await page.getByRole('status').getByText('已同步').waitFor();
    const line = editorBox(page).locator('p', { hasText: '乙：乙写' });
    expect((await line.boundingBox())!.y).toBe(first);
    await line.click();
    await page.keyboard.press('End');
    await page.keyboard.type('再写');
    await expect.poll(() => editorParagraphs(page)).toEqual(['甲：甲写', '乙：乙写再写']);
  });
});
