/**
 * 课程考试 end to end, on a desktop: the seller adds two questions and an exam (pass mark 100%, two
 * attempts) in the course editor's 课程考试 and releases the course; a member of a buying team
 * finishes the lessons (the course is not complete yet: 需通过课程考试), fails the exam once, passes
 * it on the second attempt, and then sees the course 已完成 with its certificate, which shows the
 * member their score and a visitor only that the exam was passed. The seller's 结业要求 says the
 * exam must be passed. Seller, buyer and member are fresh accounts; the course is made through the API.
 */
import type { UserInfo } from '@studio/contract';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { accountTabs, DESKTOP } from '../support/account-tabs.ts';
import { uniquePhone } from '../support/browser.ts';
import { apiAs, apiSignUp } from '../support/session.ts';
import { accountWithTeam, buyAndPay, uploadCover } from '../support/store-api.ts';

const baseUrl = inject('baseUrl');
const logFile = inject('logFile');
const { pageAs } = accountTabs();
const RUN = Date.now() % 100_000;
const TITLE = `考试旅程测试课${RUN}`;
const EXAM = `结业考试${RUN}`;
const Q1 = `考试旅程判断一${RUN}：水在 0 °C 结冰。`;
const Q2 = `考试旅程判断二${RUN}：太阳从西边升起。`;

const paragraph = (text: string) => ({ type: 'paragraph', content: [{ type: 'text', text }] });

let seller: UserInfo;
let buyer: UserInfo;
let member: UserInfo;
let courseId: number;
const lessonIds: number[] = [];

/** A paid course of two plain lessons with no minimum time, made through the API (not released). */
async function draftCourse(user: UserInfo): Promise<number> {
  const api = <T>(path: string, body?: unknown) => apiAs<T>(baseUrl, user, path, body);
  const course = await api<{ courseId: number; version: number }>('/course/create', { title: TITLE });
  for (const title of ['第一课', '第二课']) {
    const lesson = await api<{ lessonId: number; version: number }>('/lesson/create', {
      courseId: course.courseId,
      title,
    });
    lessonIds.push(lesson.lessonId);
    const content = { type: 'doc', content: [paragraph(`${title}的内容。`)] };
    await api('/lesson/save', { lessonId: lesson.lessonId, version: lesson.version, content });
  }
  await api('/course/modify', {
    courseId: course.courseId,
    version: course.version,
    cover: await uploadCover(baseUrl, user),
    summary: '一门用来检查课程考试的课程。',
    category: 'tech',
    price: 1990,
    completion: { minLessonSeconds: 0, passMark: 60, maxQuizAttempts: null, noSeekAhead: false },
  });
  return course.courseId;
}

/** Adds a 判断 question in the course's 课程考试 section. */
async function addJudge(page: Page, stem: string, answer: '对' | '错') {
  await page.getByRole('button', { name: '添加题目' }).click();
  const form = page.getByRole('dialog');
  // The type is a button-style radio: its input is hidden under the button's label.
  await form.getByText('判断', { exact: true }).click();
  await form.getByRole('textbox', { name: '题干', exact: true }).fill(stem);
  await form.getByRole('radio', { name: answer, exact: true }).check();
  await form.getByRole('button', { name: /确\s*定/ }).click();
  await page.getByRole('cell', { name: stem, exact: true }).waitFor();
}

/** Answers the two-question paper (one per screen, in the exam's order) and hands it in. */
async function answerPaper(page: Page, first: '对' | '错', second: '对' | '错') {
  await page.getByText('第 1 / 2 题').waitFor();
  await page.getByRole('radio', { name: first, exact: true }).check();
  await page.getByRole('button', { name: '下一题' }).click();
  await page.getByText('第 2 / 2 题').waitFor();
  await page.getByRole('radio', { name: second, exact: true }).check();
  await page.getByRole('button', { name: '交卷', exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: '交卷', exact: true }).click();
}

beforeAll(async () => {
  seller = await accountWithTeam(baseUrl, logFile, `考试卖家团队${RUN}`);
  buyer = await accountWithTeam(baseUrl, logFile, `考试买家团队${RUN}`);
  courseId = await draftCourse(seller);
  const joined = await apiSignUp(baseUrl, logFile, uniquePhone());
  await apiAs(baseUrl, joined, '/team/user/invite/join', { inviteCode: buyer.lastTeam!.teamCode });
  member = { ...(await apiAs<UserInfo>(baseUrl, joined, '/user/info')), token: joined.token };
});

describe('a course exam', () => {
  it('the seller writes two questions and the exam in the course editor, then releases', async () => {
    const page = await pageAs(seller, { viewport: DESKTOP });
    await page.goto(`${baseUrl}/create/course/${courseId}`);
    const section = page.getByRole('region', { name: '课程考试' });
    await section.getByText(/这门课程还没有考试/).waitFor();
    await addJudge(page, Q1, '对');
    await addJudge(page, Q2, '错');

    await section.getByRole('button', { name: '设置考试' }).click();
    const form = page.getByRole('dialog');
    await form.getByRole('textbox', { name: '考试名称', exact: true }).fill(EXAM);
    const questions = form.getByRole('combobox', { name: '题目', exact: true });
    for (const stem of [Q1, Q2]) {
      await questions.click();
      await questions.fill(stem);
      await page.locator(`.ant-select-item-option[title="[判断] ${stem}"]`).click();
    }
    await form.getByRole('spinbutton', { name: '可考次数', exact: true }).fill('2');
    await form.getByRole('spinbutton', { name: '及格线（%）', exact: true }).fill('100');
    await form.getByRole('button', { name: /确\s*定/ }).click();
    await section.getByText(new RegExp(`${EXAM} · 共 2 题`)).waitFor();
    // 结业要求 now says the exam must be passed, and links to the 课程考试 panel.
    const rules = page.getByRole('group', { name: '结业要求' });
    await rules.getByText(`学员还需通过课程考试「${EXAM}」（及格线 100%）才能结业、获得证书。`).waitFor();
    await rules.getByRole('link', { name: '前往课程考试' }).click();
    await page.waitForURL((url) => url.hash === `#course-exam-${courseId}`);

    await apiAs(baseUrl, seller, '/course/release', { courseId });
  });

  it('a buyer member finishes the lessons, fails once, passes, and gets the certificate', async () => {
    await buyAndPay(baseUrl, buyer, courseId);
    for (const lessonId of lessonIds)
      await apiAs(baseUrl, member, '/learn/progress', { courseId, lessonId, position: 1, reachedEnd: true });

    const page = await pageAs(member, { viewport: DESKTOP });
    await page.goto(`${baseUrl}/learn/course/${courseId}`);
    // Every lesson done, the course is still open: the exam is what it lacks.
    await page.getByText(`需通过课程考试「${EXAM}」`).waitFor();
    const card = page.locator('.ant-card', { has: page.getByRole('heading', { name: new RegExp(EXAM) }) });
    await card.getByText(/已考 0\/2 次/).waitFor();
    await card.getByRole('button', { name: '开始考试' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/exams/attempt/'));
    await answerPaper(page, '错', '对');
    await page.getByRole('heading', { level: 1, name: '未通过' }).waitFor();

    await page.goto(`${baseUrl}/learn/course/${courseId}`);
    await card.getByText(/已考 1\/2 次/).waitFor();
    await card.getByRole('button', { name: '再考一次' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/exams/attempt/'));
    await answerPaper(page, '对', '错');
    await page.getByRole('heading', { level: 1, name: '通过' }).waitFor();

    // 我的学习: the course is 已完成, with its certificate.
    await page.goto(`${baseUrl}/learn`);
    const item = page.getByRole('article', { name: TITLE });
    await item.getByText('已完成').first().waitFor();
    await item.getByRole('button', { name: '查看证书' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/certificate/'));
    await page.getByText(TITLE).first().waitFor();
    expect(page.url()).toContain('/certificate/');
    // The learner sees their score; a visitor (below) only that they passed.
    await page.getByText(`已通过「${EXAM}」，成绩 100 分（及格线 100%）`).waitFor();
    const visitor = await pageAs(null, { viewport: DESKTOP });
    await visitor.goto(page.url());
    await visitor.getByText(`已通过「${EXAM}」（及格线 100%）`).waitFor();
    expect(await visitor.getByText(/成绩 100 分/).count()).toBe(0);
  });
});
