/**
 * A task with an exam, end to end, and the OWNER's report: a seller releases a one-lesson course; a
 * buyer team's OWNER buys it, makes a one-question exam and, in the team centre, assigns the course
 * with the exam to a member; the member completes the course, fails the exam once, passes it on the
 * second attempt, and 我的任务 reads 已完成; the OWNER's 培训报告 shows 100% (its chart's table too),
 * the member in its paged member table (filtered by state on the server), and the .xlsx it
 * downloads holds the member's row. Every account is fresh (the demo's progress is
 * other journeys').
 */
import type { UserInfo } from '@studio/contract';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { accountTabs } from '../support/account-tabs.ts';
import { downloadedBytes, uniquePhone } from '../support/browser.ts';
import { apiAs, apiSignUp } from '../support/session.ts';
import { accountWithTeam, buyAndPay, inTeam, uploadCover } from '../support/store-api.ts';
import { assignTask } from '../support/task-form.ts';

const baseUrl = inject('baseUrl');
const logFile = inject('logFile');
const { pageAs } = accountTabs();
const RUN = Date.now() % 100_000;
const COURSE = `消防安全课${RUN}`;
const EXAM = `消防考试${RUN}`;
const TASK = `消防培训${RUN}`;
const STEM = `旅程判断${RUN}：着火时可以乘电梯。`;

let owner: UserInfo;
let member: UserInfo;
let courseId: number;

/** A released paid course of one lesson that completes as soon as its end is reached. */
async function releasedCourse(seller: UserInfo): Promise<number> {
  const api = <T>(path: string, body?: unknown) => apiAs<T>(baseUrl, seller, path, body);
  const course = await api<{ courseId: number; version: number }>('/course/create', { title: COURSE });
  const lesson = await api<{ lessonId: number; version: number }>('/lesson/create', {
    courseId: course.courseId,
    title: '逃生路线',
  });
  const text = { type: 'paragraph', content: [{ type: 'text', text: '着火时走楼梯，不乘电梯。' }] };
  await api('/lesson/save', {
    lessonId: lesson.lessonId,
    version: lesson.version,
    content: { type: 'doc', content: [text] },
  });
  const detail = await api<{ version: number; completion: object }>(
    `/course/detail?courseId=${course.courseId}`,
  );
  await api('/course/modify', {
    courseId: course.courseId,
    version: detail.version,
    cover: await uploadCover(baseUrl, seller),
    summary: '一门用来检查学习任务和培训报告的课程。',
    category: 'tech',
    price: 990,
    completion: { ...detail.completion, minLessonSeconds: 0 },
  });
  await apiAs(baseUrl, seller, '/course/release', { courseId: course.courseId });
  return course.courseId;
}

beforeAll(async () => {
  const seller = await accountWithTeam(baseUrl, logFile, `报告卖家${RUN}`);
  owner = await accountWithTeam(baseUrl, logFile, `报告买家${RUN}`);
  courseId = await releasedCourse(seller);
  await buyAndPay(baseUrl, owner, courseId);
  const joined = await apiSignUp(baseUrl, logFile, uniquePhone());
  const invitation = await apiAs<{ invitationId: number }>(baseUrl, owner, '/team/user/invite/join', {
    userId: joined.userId,
  });
  await apiAs(baseUrl, joined, '/team/invitation/accept', { invitationId: invitation.invitationId });
  member = await inTeam(baseUrl, joined, owner.lastTeam!.teamId);
  const question = await apiAs<{ questionId: number }>(baseUrl, owner, '/exam/question/create', {
    type: 'judge',
    stem: STEM,
    answer: false,
  });
  await apiAs(baseUrl, owner, '/exam/create', {
    title: EXAM,
    timeLimitMinutes: 30,
    maxAttempts: 3,
    passPercent: 60,
    shuffleQuestions: false,
    shuffleOptions: false,
    showAnswers: 'afterSubmit',
    source: { mode: 'list', questionIds: [question.questionId] },
  });
});

/** One attempt at the one-question exam from the member's 考试 list. */
async function takeExam(page: Page, answer: '对' | '错', button: '开始考试' | '再考一次') {
  await page.goto(`${baseUrl}/exams`);
  await page.getByRole('article', { name: EXAM }).getByRole('button', { name: button }).click();
  await page.waitForURL((url) => url.pathname.startsWith('/exams/attempt/'));
  await page.getByText('第 1 / 1 题').waitFor();
  await page.getByRole('radio', { name: answer, exact: true }).check();
  await page.getByRole('button', { name: '交卷', exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: '交卷', exact: true }).click();
}

describe('a task with an exam, and the report that shows it done', () => {
  it('the OWNER assigns the bought course with the exam to the member', async () => {
    const page = await pageAs(owner);
    await page.goto(`${baseUrl}/personal/team`);
    await assignTask(page, { title: TASK, course: COURSE, exam: EXAM, members: [member.nickName] });
    await page.getByRole('row').filter({ hasText: TASK }).getByText('0/1').waitFor();
  });

  it('the member completes the course: not done until the exam is passed, on the second attempt', async () => {
    const lessons = await apiAs<{ lessons: { lessonId: number }[] }>(
      baseUrl,
      member,
      `/learn/course?courseId=${courseId}`,
    );
    await apiAs(baseUrl, member, '/learn/progress', {
      courseId,
      lessonId: lessons.lessons[0]!.lessonId,
      position: 1,
      reachedEnd: true,
    });
    const page = await pageAs(member);
    await page.goto(`${baseUrl}/learn`);
    const mine = page.locator('.ant-card').filter({ hasText: '我的任务' });
    await mine.getByText(TASK).waitFor();
    await expect.poll(() => mine.getByText('待完成 1', { exact: true }).count()).toBe(1);

    await takeExam(page, '对', '开始考试');
    await page.getByRole('heading', { level: 1, name: '未通过' }).waitFor();
    await takeExam(page, '错', '再考一次');
    await page.getByRole('heading', { level: 1, name: '通过' }).waitFor();

    await page.goto(`${baseUrl}/learn`);
    await mine.getByText(TASK).waitFor();
    await expect.poll(() => mine.getByText('已完成 1', { exact: true }).count()).toBe(1);
  });

  it('the OWNER’s report shows 100% in the chart’s table, and its .xlsx holds the member’s row', async () => {
    const page = await pageAs(owner, { acceptDownloads: true });
    await page.goto(`${baseUrl}/personal/team`);
    await page.getByRole('row').filter({ hasText: TASK }).getByRole('button', { name: '报告' }).click();
    await page.getByRole('heading', { level: 1, name: '培训报告' }).waitFor();
    await page.getByRole('img', { name: '完成率 100%，1 人中 1 人已完成' }).waitFor();
    const table = page.getByRole('table', { name: '成员完成情况' });
    await table.getByRole('row', { name: '已完成 1' }).waitFor();
    await page.getByRole('img', { name: '1 人参加考试，通过率 100%' }).waitFor();
    // The member table is the server's page; its state filter asks the server again.
    const members = page
      .getByRole('table')
      .filter({ has: page.getByRole('columnheader', { name: '考试最高分' }) });
    await members.getByRole('row').filter({ hasText: member.nickName }).getByText('100 · 通过').waitFor();
    const filter = page.getByRole('radiogroup', { name: '按状态筛选成员' });
    await filter.getByText('已逾期', { exact: true }).click();
    await page.getByText('没有这个状态的成员').waitFor();
    await filter.getByText('已完成', { exact: true }).click();
    await members.getByRole('row').filter({ hasText: member.nickName }).waitFor();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: '导出 Excel' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(
      new RegExp(`^任务报告-${TASK}-\\d{4}-\\d{2}-\\d{2}\\.xlsx$`),
    );
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await downloadedBytes(download)) as unknown as ExcelJS.Buffer);
    const rows: unknown[][] = [];
    book.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows[0]).toEqual(['成员', '状态', '已完成课程', '课程数', '考试通过', '最高分', '完成时间']);
    expect(rows[1]).toEqual([member.nickName, '已完成', 1, 1, '是', 100, expect.any(String)]);
  });
});
