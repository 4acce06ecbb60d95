/**
 * Groups and learning tasks in a real browser: the demo OWNER makes a group 销售部 with the demo
 * member, assigns the bought course 数据分析入门 to it, due in 3 days, picked with antd's date picker;
 * the member finds the task under 我的任务 in 我的学习, and the OWNER's task list shows its completion.
 */
import { describe, expect, inject, it } from 'vitest';
import { accountTabs } from '../support/account-tabs.ts';
import { apiLogin } from '../support/session.ts';

const baseUrl = inject('baseUrl');
const { pageAs } = accountTabs();
const TASK = `数据分析入门学习任务${Date.now() % 100_000}`;
const MEMBER = '演示成员';

/** A day `offset` days from now as the picker's cells name it (the browser's day, like the picker's). */
const cellTitle = (offset: number) => {
  const d = new Date(Date.now() + offset * 86_400_000);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

describe('learning tasks: a group, a task with a due date, the member’s 我的任务, the completion', () => {
  it('the OWNER makes 销售部 with the member and assigns 数据分析入门 to it, due in 3 days', async () => {
    const owner = await pageAs(await apiLogin(baseUrl, '13800000000', 'demo1234'));
    await owner.goto(`${baseUrl}/personal/team`);
    await owner.getByText('成员分组', { exact: true }).waitFor();
    await owner.getByLabel('分组名称', { exact: true }).fill('销售部');
    await owner.getByRole('button', { name: '新建分组' }).click();
    const group = owner.getByTestId('group-销售部');
    await group.getByText('还没有成员').waitFor();
    await group.getByLabel('选择要加入分组的成员', { exact: true }).click();
    await owner.locator('.ant-select-item-option').filter({ hasText: MEMBER }).click();
    await group.getByRole('button', { name: '添加成员' }).click();
    await group.locator('.ant-tag').filter({ hasText: MEMBER }).waitFor();

    await owner.getByRole('button', { name: '布置任务' }).click();
    const form = owner.getByRole('dialog', { name: '布置学习任务' });
    await form.getByLabel('任务名称', { exact: true }).fill(TASK);
    // The antd RangePicker: open it, pick today, then the day 3 days ahead.
    await form.getByPlaceholder('开始日期').click();
    const cell = (offset: number) =>
      owner.locator(`.ant-picker-dropdown .ant-picker-cell-in-view[title="${cellTitle(offset)}"]`).first();
    await cell(0).click();
    await cell(3).click();
    await expect.poll(() => form.getByPlaceholder('截止日期').inputValue()).toBe(cellTitle(3));
    await form.getByLabel('课程', { exact: true }).click();
    await owner.locator('.ant-select-item-option').filter({ hasText: '数据分析入门' }).click();
    // A multiple select stays open after a pick: closed by a click elsewhere in the form.
    await form.getByText('类型', { exact: true }).click();
    await form.getByLabel('分组', { exact: true }).click();
    await owner.locator('.ant-select-item-option').filter({ hasText: '销售部' }).click();
    await form.getByRole('button', { name: '布置' }).click();
    await owner.getByText(`任务「${TASK}」已布置`).waitFor();
    const row = owner.getByRole('row').filter({ hasText: TASK });
    await row.getByText('必修').waitFor();
    await row.getByText(`${cellTitle(0)} ~ ${cellTitle(3)}`).waitFor();
  });

  it('the member sees the task under 我的任务, to do, with its course', async () => {
    const member = await pageAs(await apiLogin(baseUrl, '13800000001', 'demo1234'));
    await member.goto(`${baseUrl}/learn`);
    const mine = member.locator('.ant-card').filter({ hasText: '我的任务' });
    // This task's row: the demo member may hold other journeys' tasks (the notification centre's).
    const row = mine.locator('[data-task]').filter({ hasText: TASK });
    await row.waitFor();
    await row.getByText(`截止 ${cellTitle(3)}`).waitFor();
    await row.getByRole('link', { name: '数据分析入门' }).waitFor();
    await row.getByText('待完成', { exact: true }).waitFor();
  });

  it('the OWNER’s task list shows the completion % and the member in the task’s table', async () => {
    const owner = await pageAs(await apiLogin(baseUrl, '13800000000', 'demo1234'));
    await owner.goto(`${baseUrl}/personal/team`);
    const row = owner.getByRole('row').filter({ hasText: TASK });
    // The member finished 1 of the course's 3 lessons: not done yet, so 0 of 1 (0%).
    await row.getByText('0%').waitFor();
    await row.getByText('0/1').waitFor();
    await row.getByRole('button', { name: '查看' }).click();
    const detail = owner.getByRole('dialog', { name: `「${TASK}」完成情况` });
    const memberRow = detail.getByRole('row').filter({ hasText: MEMBER });
    await memberRow.getByText('待完成').waitFor();
    await memberRow.getByText('0/1').waitFor();
  });
});
