/**
 * The notification centre in a real browser: the member's tab is open on 我的学习 when the demo OWNER
 * assigns them a learning task; the bell's count goes up without a reload (the notice stream), the
 * drawer shows the task's notice in Chinese with 刚刚, and clicking it marks it read and lands on the
 * task, picked out under 我的任务. Then the same at a phone's width.
 */
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { accountTabs, PHONE } from '../support/account-tabs.ts';
import { apiAs, apiLogin } from '../support/session.ts';
import { assignTask } from '../support/task-form.ts';

const baseUrl = inject('baseUrl');
const { pageAs } = accountTabs();
const TASK = `通知测试任务${Date.now() % 100_000}`;
const MEMBER = '演示成员';
const NOTICE = new RegExp(`你有新的学习任务「${TASK}」`);

/** The bell's unread count, from its name (通知 or 通知 (3)). */
const bellCount = async (page: Page) => {
  const name = await page.locator('[data-notification-bell]').getAttribute('aria-label');
  return Number(/\((\d+)\)/.exec(name ?? '')?.[1] ?? 0);
};

async function assign(owner: Page) {
  await owner.goto(`${baseUrl}/personal/team`);
  await assignTask(owner, { title: TASK, course: '数据分析入门', dueInDays: 3, members: [MEMBER] });
}

/** Opens the drawer, checks the notice, clicks it: lands on the task under 我的任务. */
async function openNotice(member: Page) {
  await member.locator('[data-notification-bell]').click();
  const drawer = member.getByRole('dialog', { name: '通知中心' });
  const item = drawer.locator('[data-notification="task.assigned"]').filter({ hasText: NOTICE });
  await item.waitFor();
  await item.click();
  await expect
    .poll(() => new URL(member.url()).pathname + new URL(member.url()).search)
    .toMatch(/^\/learn\?task=\d+$/);
  const picked = member.locator('[data-task][aria-current="true"]');
  await picked.getByText(TASK).waitFor();
}

describe('the notification centre: a task assigned, the member’s bell, the notice, the task', () => {
  it('the member’s open tab counts the new notice live, and the notice leads to the task', async () => {
    const memberUser = await apiLogin(baseUrl, '13800000001', 'demo1234');
    const member = await pageAs(memberUser);
    await member.goto(`${baseUrl}/learn`);
    // The demo member may hold notices of earlier journeys: the count is the server's, once the bell
    // shows it (the bell reads 0 until its first answer).
    const before = (await apiAs<{ count: number }>(baseUrl, memberUser, '/notification/unread')).count;
    await expect.poll(() => bellCount(member)).toBe(before);

    const owner = await pageAs(await apiLogin(baseUrl, '13800000000', 'demo1234'));
    await assign(owner);

    // No reload: the notice stream tells the open tab.
    await expect.poll(() => bellCount(member)).toBe(before + 1);
    await openNotice(member);
    // Opening it marked it read.
    await expect.poll(() => bellCount(member)).toBe(before);
  });

  it('at a phone’s width: the bell is in the header and the notice, read now, still leads to the task', async () => {
    const member = await pageAs(await apiLogin(baseUrl, '13800000001', 'demo1234'), { viewport: PHONE });
    await member.goto(`${baseUrl}/learn`);
    await member.locator('[data-notification-bell]').waitFor();
    await member.locator('[data-notification-bell]').click();
    const drawer = member.getByRole('dialog', { name: '通知中心' });
    const item = drawer
      .locator('[data-notification="task.assigned"][data-read="true"]')
      .filter({ hasText: NOTICE });
    // A relative time: 刚刚 within the minute, then N 分钟前.
    await expect.poll(() => item.locator('time').textContent()).toMatch(/^(刚刚|\d+ 分钟前)$/);
    await item.click();
    await member.locator('[data-task][aria-current="true"]').getByText(TASK).waitFor();
  });
});
