/**
 * Groups and learning tasks in a real browser: the demo OWNER makes a group 销售部 with the demo
 * member, assigns the bought course 数据分析入门 to it, due in 3 days, picked with antd's date picker;
 * the member finds the task under 我的任务 in 我的学习, and the OWNER's task list shows its completion.
 */
import { describe, inject, it } from 'vitest';
import { accountTabs } from '../support/account-tabs.ts';
import { apiLogin } from '../support/session.ts';
import { assignTask, pickerDay } from '../support/task-form.ts';

const baseUrl = inject('baseUrl');
const { pageAs } = accountTabs();
const TASK = `数据分析入门学习任务${Date.now() % 100_000}`;
const MEMBER = '演示成员';

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

    await assignTask(owner, { title: TASK, course: '数据分析入门', dueInDays: 3, groups: ['销售部'] });
    const row = owner.getByRole('row').filter({ hasText: TASK });
    await row.getByText('必修').waitFor();
    await row.getByText(`${pickerDay(0)} ~ ${pickerDay(3)}`).waitFor();
  });

  it('the member sees the task under 我的任务, to do, with its course', async () => {
    const member = await pageAs(await apiLogin(baseUrl, '13800000001', 'demo1234'));
    await member.goto(`${baseUrl}/learn`);
    const mine = member.locator('.ant-card').filter({ hasText: '我的任务' });
    // This task's row: the demo member may hold other journeys' tasks (the notification centre's).
    const row = mine.locator('[data-task]').filter({ hasText: TASK });
    await row.waitFor();
    await row.getByText(`截止 ${pickerDay(3)}`).waitFor();
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
