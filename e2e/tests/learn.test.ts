/**
 * Learning in a real browser, on a phone: a member of a team that bought a course opens 我的学习,
 * studies it lesson by lesson, answers its quizzes (wrong first, then right), finishes it and opens
 * the certificate, whose public page a logged-out visitor can verify. The team's OWNER sees the
 * member's progress in the team learning report. Seller, buyer and member are fresh accounts.
 */
import type { UserInfo } from '@studio/contract';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, uniquePhone } from '../support/browser.ts';
import { apiAs, apiSignUp, useSession } from '../support/session.ts';
import { accountWithTeam, buyAndPay, inTeam, uploadCover } from '../support/store-api.ts';

const baseUrl = inject('baseUrl');
const logFile = inject('logFile');
const TITLE = `学习旅程测试课${Date.now() % 100_000}`;
const FIRST_TEXT = '第一课的正文：数据是记录下来的事实。';
const SECOND_TEXT = '第二课先读这一段，再做两道测验。';
const Q_SINGLE = '1 + 1 等于几？';
const Q_BLANK = 'Python 里打印用哪个函数？';
const PHONE = { width: 390, height: 844 };

const paragraph = (text: string) => ({ type: 'paragraph', content: [{ type: 'text', text }] });

let browser: Browser;
const contexts: BrowserContext[] = [];
let seller: UserInfo;
let owner: UserInfo;
let member: UserInfo;
let courseId: number;

/** ¥19.90: a plain lesson, then a lesson with a single-choice and a fill-in-the-blank quiz. */
async function releaseQuizCourse(user: UserInfo): Promise<number> {
  const api = <T>(path: string, body?: unknown) => apiAs<T>(baseUrl, user, path, body);
  const course = await api<{ courseId: number; version: number }>('/course/create', { title: TITLE });
  const lessons = [
    ['认识数据', { type: 'doc', content: [paragraph(FIRST_TEXT)] }],
    [
      '小测验',
      {
        type: 'doc',
        content: [
          paragraph(SECOND_TEXT),
          {
            type: 'quiz',
            attrs: {
              id: 'q-sum',
              kind: 'single',
              question: Q_SINGLE,
              options: ['1', '2', '3'],
              correct: [1],
              explanation: '一加一等于二。',
            },
          },
          {
            type: 'quiz',
            attrs: {
              id: 'q-print',
              kind: 'blank',
              question: Q_BLANK,
              accepted: ['print'],
              explanation: 'print()',
            },
          },
        ],
      },
    ],
  ] as const;
  for (const [title, content] of lessons) {
    const lesson = await api<{ lessonId: number; version: number }>('/lesson/create', {
      courseId: course.courseId,
      title,
    });
    await api('/lesson/save', { lessonId: lesson.lessonId, version: lesson.version, content });
  }
  await api('/course/modify', {
    courseId: course.courseId,
    version: course.version,
    cover: await uploadCover(baseUrl, user),
    summary: '一门带测验的课程，用来检查学习、测验和证书。',
    category: 'tech',
    price: 1990,
    // No minimum time per lesson: this journey reads lesson 1 to its end and goes on at once
    // (certificate.test.ts shows the minimum time counted down and the attempts limit).
    completion: { minLessonSeconds: 0, passMark: 60, maxQuizAttempts: null },
  });
  await api('/course/release', { courseId: course.courseId });
  return course.courseId;
}

async function newContext(user?: UserInfo, viewport = PHONE): Promise<BrowserContext> {
  const context = await browser.newContext({ locale: 'zh-CN', viewport });
  contexts.push(context);
  if (user) await useSession(context, user);
  return context;
}

beforeAll(async () => {
  browser = await launchBrowser();
  seller = await accountWithTeam(baseUrl, logFile, '学习课卖家');
  owner = await accountWithTeam(baseUrl, logFile, '学习课买家');
  courseId = await releaseQuizCourse(seller);
  await buyAndPay(baseUrl, owner, courseId);
  // A member joins the buyer team with its code (joining by code needs no invitation).
  const joined = await apiSignUp(baseUrl, logFile, uniquePhone());
  await apiAs(baseUrl, joined, '/team/user/invite/join', { inviteCode: owner.lastTeam!.teamCode });
  member = await inTeam(baseUrl, joined, owner.lastTeam!.teamId);
});
afterEach(async () => {
  await Promise.all(contexts.splice(0).map((c) => c.close()));
});
afterAll(() => browser.close());

describe('learning a bought course', () => {
  it('a member studies on a phone, answers the quizzes, finishes and gets a certificate anyone can verify', async () => {
    const page = await (await newContext(member)).newPage();
    await page.goto(`${baseUrl}/learn`);
    const card = page.getByRole('article', { name: TITLE });
    await card.getByText('还没有开始学习').waitFor();
    await card.getByText('0/2', { exact: true }).waitFor();
    await card.getByRole('button', { name: '开始学习' }).click();
    await page.waitForURL((url) => url.pathname === `/learn/course/${courseId}`);

    // Lesson 1 has no quiz: reaching its end completes it.
    await page.getByRole('heading', { level: 1, name: '认识数据' }).waitFor();
    await page.getByText(FIRST_TEXT).waitFor();
    await page.getByText('本课时已完成').waitFor();

    // Lesson 2: the quizzes come without their answers; the server grades them.
    await page.getByRole('button', { name: '下一课时' }).click();
    await page.getByRole('heading', { level: 1, name: '小测验' }).waitFor();
    expect(await page.getByText('一加一等于二。').count()).toBe(0);
    const single = page.locator('.quiz-card', { hasText: Q_SINGLE });
    await single.getByRole('radio', { name: 'A. 1', exact: true }).check();
    await single.getByRole('button', { name: '提交答案' }).click();
    await single.getByText('回答错误').waitFor();
    await single.getByText('一加一等于二。').waitFor();
    await single.getByRole('button', { name: '重新作答' }).click();
    await single.getByRole('radio', { name: 'B. 2', exact: true }).check();
    await single.getByRole('button', { name: '提交答案' }).click();
    await single.getByText('回答正确').waitFor();
    const blank = page.locator('.quiz-card', { hasText: Q_BLANK });
    await blank.getByRole('textbox', { name: '你的答案', exact: true }).fill('print');
    await blank.getByRole('button', { name: '提交答案' }).click();
    await blank.getByText('回答正确').waitFor();

    // Both quizzes right (the passing answer completes the lesson): the course is complete.
    const done = page.getByRole('dialog').filter({ hasText: '恭喜你学完了这门课程！' });
    await done.waitFor();
    await done.getByRole('button', { name: '查看证书' }).click();
    await page.waitForURL(/\/certificate\/[A-Z0-9]{12}$/);
    const certificateUrl = page.url();
    await page.getByRole('heading', { level: 1, name: '结业证书' }).waitFor();
    await page.getByText(TITLE).waitFor();
    await page.getByText(member.nickName).first().waitFor();
    const mine = await apiAs<{ list: { courseId: number; progress: number; completedAt: number | null }[] }>(
      baseUrl,
      member,
      '/learn/list?filter=completed',
    );
    expect(mine.list.find((c) => c.courseId === courseId)).toMatchObject({ progress: 100 });

    // The public verification page: logged out, the certificate and nothing else.
    const visitor = await (await newContext()).newPage();
    await visitor.goto(certificateUrl);
    await visitor.getByRole('heading', { level: 1, name: '结业证书' }).waitFor();
    await visitor.getByText(TITLE).waitFor();
    await visitor.getByText(member.nickName).first().waitFor();
    expect(new URL(visitor.url()).pathname).toBe(new URL(certificateUrl).pathname);
    await visitor.goto(`${baseUrl}/certificate/ABCDEFGHJKLM`);
    await visitor.getByRole('heading', { level: 1, name: '证书不存在' }).waitFor();
  });

  it("the team's OWNER sees each member's progress in the learning report", async () => {
    const page = await (await newContext(owner, { width: 1280, height: 900 })).newPage();
    await page.goto(`${baseUrl}/learn`);
    await page.getByRole('button', { name: '团队学习报告' }).click();
    await page.waitForURL((url) => url.pathname === '/learn/report');
    await page.getByRole('heading', { level: 1, name: '团队学习报告' }).waitFor();
    // The member finished the course (the test above); the owner has not started it.
    const memberRow = page.getByRole('row').filter({ hasText: member.nickName }).filter({ hasText: TITLE });
    await memberRow.getByText('2/2', { exact: true }).first().waitFor();
    const ownerRow = page.getByRole('row').filter({ hasText: owner.nickName }).filter({ hasText: TITLE });
    await ownerRow.getByText('0/2', { exact: true }).first().waitFor();
  });
});
