/** The learning-task form (布置学习任务) in the team centre, filled as a person would. */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** A day `offset` days from now as the picker's cells name it (the browser's day, like the picker's). */
export const pickerDay = (offset: number) => {
  const d = new Date(Date.now() + offset * 86_400_000);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

export type TaskToAssign = {
  title: string;
  course: string;
  /** Start today and end this many days ahead, picked in antd's RangePicker; absent: the form's default. */
  dueInDays?: number;
  exam?: string;
  groups?: string[];
  members?: string[];
};

/** Opens 布置任务 on the team centre the page shows, fills the form, sends it and waits for 已布置. */
export async function assignTask(page: Page, task: TaskToAssign) {
  await page.getByRole('button', { name: '布置任务' }).click();
  const form = page.getByRole('dialog', { name: '布置学习任务' });
  await form.getByLabel('任务名称', { exact: true }).fill(task.title);
  if (task.dueInDays !== undefined) {
    await form.getByPlaceholder('开始日期').click();
    const cell = (offset: number) =>
      page.locator(`.ant-picker-dropdown .ant-picker-cell-in-view[title="${pickerDay(offset)}"]`).first();
    await cell(0).click();
    await cell(task.dueInDays).click();
    await expect.poll(() => form.getByPlaceholder('截止日期').inputValue()).toBe(pickerDay(task.dueInDays));
  }
  // A multiple select stays open after a pick: each is closed by a click elsewhere in the form.
  const pick = async (label: string, options: string[]) => {
    await form.getByLabel(label, { exact: true }).click();
    for (const option of options)
      await page.locator('.ant-select-item-option').filter({ hasText: option }).click();
    await form.getByText('类型', { exact: true }).click();
  };
  await pick('课程', [task.course]);
  if (task.exam) {
    await form.getByLabel('考试', { exact: true }).click();
    await page.locator('.ant-select-item-option').filter({ hasText: task.exam }).click();
  }
  if (task.groups) await pick('分组', task.groups);
  if (task.members) await pick('成员', task.members);
  await form.getByRole('button', { name: '布置' }).click();
  await page.getByText(`任务「${task.title}」已布置`).waitFor();
}
