/**
 * Exams in a real browser: the demo OWNER imports three questions from an .xlsx (made here with
 * exceljs) into 题库 and makes an exam of them (pass mark 60%, 2 attempts) in 考试管理; the demo
 * member takes it on a phone, fails with wrong answers, passes on the second attempt and sees 通过;
 * a third attempt is refused by the server.
 */
import { Code, type UserInfo } from '@studio/contract';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { accountTabs, DESKTOP, PHONE } from '../support/account-tabs.ts';
import { apiAs, apiLogin } from '../support/session.ts';

const baseUrl = inject('baseUrl');
const RUN = Date.now() % 100_000;
const EXAM = `安全知识考试${RUN}`;
const Q1 = `旅程单选${RUN}：灭火器应放在哪里？`;
const Q2 = `旅程判断${RUN}：电梯可以在火灾时使用。`;
const Q3 = `旅程填空${RUN}：火警电话是 ____。`;

const { pageAs } = accountTabs();

async function questionsXlsx(): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('题库');
  const blanks = (n: number) => Array.from({ length: n }, () => '');
  sheet.addRow([
    '题型',
    '题干',
    '选项A',
    '选项B',
    '选项C',
    '选项D',
    '选项E',
    '选项F',
    '选项G',
    '选项H',
    '答案',
    '解析',
    '标签',
    '难度',
  ]);
  sheet.addRow(['单选', Q1, '楼道显眼处', '锁在柜子里', '屋顶', ...blanks(5), 'A', '', '消防', '易']);
  sheet.addRow(['判断', Q2, ...blanks(8), '错', '火灾时不要乘电梯', '消防', '中']);
  sheet.addRow(['填空', Q3, ...blanks(8), '119', '', '消防', '易']);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** The start call as the member, as the server answers it (the envelope's code). */
async function startCode(user: UserInfo, examId: number): Promise<number> {
  const res = await fetch(`${baseUrl}/api/exam/attempt/start`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-request-tkToken': user.token,
      'x-request-tkForm': 'pc',
    },
    body: JSON.stringify({ examId }),
  });
  return ((await res.json()) as { code: number }).code;
}

/** Answers the paper one question per screen, in the exam's order (not shuffled). */
async function answerPaper(page: Page, answers: { single: string; judge: string; fill: string }) {
  await page.getByText('第 1 / 3 题').waitFor();
  await page.getByRole('radio', { name: answers.single, exact: true }).check();
  await page.getByRole('button', { name: '下一题' }).click();
  await page.getByText('第 2 / 3 题').waitFor();
  await page.getByRole('radio', { name: answers.judge, exact: true }).check();
  await page.getByRole('button', { name: '下一题' }).click();
  await page.getByText('第 3 / 3 题').waitFor();
  await page.getByRole('textbox', { name: '填写答案', exact: true }).fill(answers.fill);
  await page.getByRole('button', { name: '交卷', exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: '交卷', exact: true }).click();
}

describe('exams', () => {
  it('the owner imports and makes an exam; the member fails, then passes; a third attempt is refused', async () => {
    const owner = await apiLogin(baseUrl, '13800000000', 'demo1234');
    const member = await apiLogin(baseUrl, '13800000001', 'demo1234');

    // 题库: import the three questions from an .xlsx.
    const bank = await pageAs(owner, { viewport: DESKTOP });
    await bank.goto(`${baseUrl}/exam/bank`);
    await bank.getByRole('heading', { level: 1, name: '题库' }).waitFor();
    await bank.locator('input[type="file"]').setInputFiles({
      name: '题库.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: await questionsXlsx(),
    });
    await bank.getByText('已导入 3 道题').waitFor();
    await bank.getByRole('cell', { name: Q2, exact: true }).waitFor();

    // 考试管理: an exam of the three, pass mark 60%, 2 attempts.
    await bank.getByRole('button', { name: '考试管理' }).click();
    await bank.getByRole('heading', { level: 1, name: '考试管理' }).waitFor();
    await bank.getByRole('button', { name: '创建考试' }).click();
    const form = bank.getByRole('dialog');
    await form.getByRole('textbox', { name: '考试名称', exact: true }).fill(EXAM);
    const questions = form.getByRole('combobox', { name: '题目', exact: true });
    for (const [type, stem] of [
      ['单选', Q1],
      ['判断', Q2],
      ['填空', Q3],
    ]) {
      await questions.click();
      await questions.fill(stem!);
      await bank.locator(`.ant-select-item-option[title="[${type}] ${stem}"]`).click();
    }
    await form.getByRole('spinbutton', { name: '可考次数', exact: true }).fill('2');
    await form.getByRole('spinbutton', { name: '及格线（%）', exact: true }).fill('60');
    await form.getByRole('button', { name: /确\s*定/ }).click();
    const card = bank.getByRole('article', { name: EXAM });
    await card.getByText('3 题').waitFor();

    // The member, on a phone: a wrong first attempt.
    const phone = await pageAs(member, { viewport: PHONE });
    await phone.goto(`${baseUrl}/exams`);
    const mine = phone.getByRole('article', { name: EXAM });
    await mine.getByText('已考 0/2 次').waitFor();
    await mine.getByRole('button', { name: '开始考试' }).click();
    await phone.waitForURL((url) => url.pathname.startsWith('/exams/attempt/'));
    await phone.getByRole('timer', { name: '剩余时间' }).waitFor();
    await answerPaper(phone, { single: 'B. 锁在柜子里', judge: '对', fill: '110' });
    await phone.getByRole('heading', { level: 1, name: '未通过' }).waitFor();
    await phone.getByText('0 分').waitFor();
    // Fits a phone: nothing wider than the screen.
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    // The second attempt, right.
    await phone.getByRole('button', { name: '返回考试列表' }).click();
    await mine.getByText('已考 1/2 次').waitFor();
    await mine.getByRole('button', { name: '再考一次' }).click();
    await phone.waitForURL((url) => url.pathname.startsWith('/exams/attempt/'));
    await answerPaper(phone, { single: 'A. 楼道显眼处', judge: '错', fill: ' 119 ' });
    await phone.getByRole('heading', { level: 1, name: '通过' }).waitFor();
    await phone.getByText('100 分').waitFor();
    await phone.getByText('火灾时不要乘电梯').waitFor();

    // No third attempt: the list offers none, and the server refuses one.
    await phone.getByRole('button', { name: '返回考试列表' }).click();
    await mine.getByText('已考 2/2 次').waitFor();
    expect(await mine.getByRole('button', { name: '再考一次' }).count()).toBe(0);
    const exams = await apiAs<{ list: { examId: number; title: string }[] }>(baseUrl, owner, '/exam/list');
    const examId = exams.list.find((e) => e.title === EXAM)!.examId;
    expect(await startCode(member, examId)).toBe(Code.EXAM_ATTEMPTS_USED);
  });
});
