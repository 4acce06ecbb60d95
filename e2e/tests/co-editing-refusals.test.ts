/**
 * Refusals of live co-editing as the user sees them: a member whose role cannot edit the course opens
 * the lesson read-only with a notice, and a member removed from the team while editing is
 * disconnected within seconds with the reason in Chinese. In both, typing reaches nobody: the stored
 * lesson is checked after the owner's later edit has been stored (the order the server received them).
 */
import type { UserInfo } from '@studio/contract';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { courseWithLesson, editorBox, editorText, lessonText, typeAtEnd } from '../support/authoring.ts';
import { accountTabs } from '../support/account-tabs.ts';
import { uniquePhone } from '../support/browser.ts';
import { apiAs, apiSignUp } from '../support/session.ts';
import { accountWithTeam, inTeam } from '../support/store-api.ts';

const baseUrl = inject('baseUrl');
const logFile = inject('logFile');
const { pageAs } = accountTabs();

const status = (page: Page) => page.getByRole('status').filter({ hasText: /连接中|同步中|已同步|离线/ });

/** A team with a course of one lesson (text 第一段。) and one more member with `role`. */
async function teamWithLesson(role: 'MEMBER' | 'ADMIN') {
  const owner = await accountWithTeam(baseUrl, logFile, `拒绝团队${Date.now() % 100_000}`);
  const joined = await apiSignUp(baseUrl, logFile, uniquePhone());
  await apiAs(baseUrl, joined, '/team/user/invite/join', { inviteCode: owner.lastTeam!.teamCode });
  if (role !== 'MEMBER') await apiAs(baseUrl, owner, '/team/user/role', { userId: joined.userId, role });
  const member = await inTeam(baseUrl, joined, owner.lastTeam!.teamId);
  const api = <T>(path: string, body?: unknown) => apiAs<T>(baseUrl, owner, path, body);
  const { courseId, lesson } = await courseWithLesson(api, '只读课程');
  await api('/lesson/save', {
    lessonId: lesson.lessonId,
    version: lesson.version,
    content: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: '第一段。' }] }] },
  });
  const url = `${baseUrl}/create/course/${courseId}/Lesson/${lesson.lessonId}`;
  return { owner, member, api, lessonId: lesson.lessonId, url };
}

/** The owner types `text` and waits until it is stored: anything sent before it is stored by then. */
async function ownerWrites(owner: UserInfo, url: string, text: string, stored: () => Promise<string>) {
  const page = await pageAs(owner);
  await page.goto(url);
  await typeAtEnd(page, text);
  await expect.poll(stored, { timeout: 15_000 }).toContain(text);
}

describe('co-editing refusals', () => {
  it('a member who may not edit the course sees the lesson read-only, and typing changes nothing', async () => {
    const { owner, member, lessonId, url, api } = await teamWithLesson('MEMBER');
    const page = await pageAs(member);
    await page.goto(url);
    await editorBox(page).getByText('第一段。').waitFor();
    await page.getByText('你可以查看这个课时，但没有编辑权限。').waitFor();
    await status(page).getByText('已同步').waitFor();
    expect(await editorBox(page).getAttribute('contenteditable')).toBe('false');
    expect(await page.getByRole('button', { name: 'AI 助手' }).count()).toBe(0);

    await editorBox(page).getByText('第一段。').click();
    await page.keyboard.press('End');
    await page.keyboard.type('成员想写的字');
    expect(await editorText(page)).toBe('第一段。');

    await ownerWrites(owner, url, '主人写的字', () => lessonText(api, lessonId));
    expect(await lessonText(api, lessonId)).not.toContain('成员想写的字');
    // The owner's edit reached the member's read-only page live.
    await expect.poll(() => editorText(page)).toContain('主人写的字');
  });

  it('a member removed from the team while editing is disconnected with the reason, and read-only after', async () => {
    const { owner, member, lessonId, url, api } = await teamWithLesson('ADMIN');
    const page = await pageAs(member);
    await page.goto(url);
    await typeAtEnd(page, '被移除前写的');
    await expect.poll(() => lessonText(api, lessonId), { timeout: 15_000 }).toContain('被移除前写的');

    await api('/team/user/remove', { userId: member.userId });
    // The server re-checks open connections every few seconds and closes this one with its code.
    const alert = page.getByRole('alert').filter({ hasText: '编辑已断开，页面现在是只读的。' });
    await alert.getByText('你已不在该团队，编辑已断开').waitFor({ timeout: 20_000 });
    await expect.poll(() => editorBox(page).getAttribute('contenteditable')).toBe('false');

    await editorBox(page).click();
    await page.keyboard.type('被移除后写的');
    await ownerWrites(owner, url, '主人之后写的', () => lessonText(api, lessonId));
    expect(await lessonText(api, lessonId)).not.toContain('被移除后写的');
  });
});
