/**
 * What a certificate certifies, end to end: the seller sets the course's 结业要求 on the course page
 * (a minimum time per lesson, an attempts limit); a buyer team's owner studies it on a phone — the
 * plain lesson completes only once the minimum time has passed, a wrong answer leaves the quiz lesson
 * open with the score needed shown, the right one completes the course — and gets a certificate
 * naming the seller's team as 颁发团队. The buyer asks for a refund in 交易信息, the seller approves it
 * in the team centre, the order reads 已退款, and the public verification page then says 已撤销 with
 * 撤销时间. Seller and buyer are fresh accounts.
 */
import type { UserInfo } from '@studio/contract';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { saved } from '../support/authoring.ts';
import { apiAs } from '../support/session.ts';
import { accountWithTeam, buyAndPay, uploadCover } from '../support/store-api.ts';
import { accountTabs, PHONE } from '../support/account-tabs.ts';

const baseUrl = inject('baseUrl');
const logFile = inject('logFile');
const { pageAs } = accountTabs();
const RUN = Date.now() % 100_000;
const TITLE = `证书旅程测试课${RUN}`;
const SELLER_TEAM = `证书卖家团队${RUN}`;
const BUYER_TEAM = `证书买家团队${RUN}`;
const READ_TEXT = '先读完这一课：数据是记录下来的事实。';
const QUESTION = '2 × 3 等于几？';

const paragraph = (text: string) => ({ type: 'paragraph', content: [{ type: 'text', text }] });

let seller: UserInfo;
let buyer: UserInfo;
let courseId: number;
let certificateUrl: string;

/** A paid course of a plain lesson and a lesson with one quiz, made through the API (not yet released). */
async function draftCourse(user: UserInfo): Promise<number> {
  const api = <T>(path: string, body?: unknown) => apiAs<T>(baseUrl, user, path, body);
  const course = await api<{ courseId: number; version: number }>('/course/create', { title: TITLE });
  const lessons = [
    ['读一读', { type: 'doc', content: [paragraph(READ_TEXT)] }],
    [
      '做一做',
      {
        type: 'doc',
        content: [
          paragraph('读完再答题。'),
          {
            type: 'quiz',
            attrs: {
              id: 'q-times',
              kind: 'single',
              question: QUESTION,
              options: ['5', '6', '8'],
              correct: [1],
              explanation: '二乘三等于六。',
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
    summary: '一门用来检查结业要求和证书的课程。',
    category: 'tech',
    price: 2990,
  });
  return course.courseId;
}

beforeAll(async () => {
  seller = await accountWithTeam(baseUrl, logFile, SELLER_TEAM);
  buyer = await accountWithTeam(baseUrl, logFile, BUYER_TEAM);
  courseId = await draftCourse(seller);
});

describe('a certificate that means something, and outlives no refund', () => {
  it('the seller sets 结业要求 on the course page; they are released with the course', async () => {
    const page = await pageAs(seller);
    await page.goto(`${baseUrl}/create/course/${courseId}`);
    const rules = page.getByRole('group', { name: '结业要求' });
    await rules.waitFor();
    const minTime = rules.getByRole('spinbutton', { name: '每课时最少学习时间', exact: true });
    expect(await minTime.inputValue()).toBe('30');
    expect(await rules.getByRole('spinbutton', { name: '及格线', exact: true }).inputValue()).toBe('60');
    // A few seconds, so the journey sees the minimum time at work without waiting long.
    await minTime.fill('3');
    await rules.getByRole('spinbutton', { name: '每道测验最多作答次数', exact: true }).fill('3');
    await page.getByRole('textbox', { name: '课程标题', exact: true }).click();
    await saved(page);
    await expect
      .poll(
        async () =>
          (await apiAs<{ completion: object }>(baseUrl, seller, `/course/detail?courseId=${courseId}`))
            .completion,
      )
      // The form also saves its 禁止拖动未看部分 box, left off.
      .toEqual({ minLessonSeconds: 3, passMark: 60, maxQuizAttempts: 3, noSeekAhead: false });
    await apiAs(baseUrl, seller, '/course/release', { courseId });
  });

  it('the buyer learns on a phone: the minimum time, a wrong then a right answer, then the certificate', async () => {
    await buyAndPay(baseUrl, buyer, courseId);
    const page = await pageAs(buyer, { viewport: PHONE });
    await page.goto(`${baseUrl}/learn/course/${courseId}`);
    await page.getByRole('heading', { level: 1, name: '读一读' }).waitFor();
    await page.getByText(READ_TEXT).waitFor();
    const checklist = page.getByRole('list', { name: '获得证书还需' });
    await checklist.getByText('还有 1 道测验未作答').waitFor();

    // Its end is on screen at once, but the lesson completes only after the minimum time (the
    // player sends the end again when the server says the time is up).
    await page.getByText(/还需学习 \d 秒，才能完成本课时。/).waitFor();
    expect(await page.getByText('本课时已完成').count()).toBe(0);
    await page.getByText('本课时已完成').waitFor();

    await page.getByRole('button', { name: '下一课时' }).click();
    await page.getByRole('heading', { level: 1, name: '做一做' }).waitFor();
    const quiz = page.locator('.quiz-card', { hasText: QUESTION });
    await quiz.getByRole('radio', { name: 'A. 5', exact: true }).check();
    await quiz.getByRole('button', { name: '提交答案' }).click();
    await quiz.getByText('回答错误').waitFor();
    await quiz.getByText('已作答 1 次（最多 3 次）').waitFor();
    // Wrong: the lesson stays open, and the player says what is missing.
    await page.getByText('本课时测验得分 0%，需达到 60% 才能完成：重新作答答错的题目。').waitFor();
    await checklist.getByText('全课测验得分：你的 0%，需要 60%').waitFor();
    expect(await page.getByText('本课时已完成').count()).toBe(0);
    expect(await page.getByRole('dialog').count()).toBe(0);

    await quiz.getByRole('button', { name: '重新作答' }).click();
    await quiz.getByRole('radio', { name: 'B. 6', exact: true }).check();
    await quiz.getByRole('button', { name: '提交答案' }).click();
    await quiz.getByText('回答正确').waitFor();
    const done = page.getByRole('dialog').filter({ hasText: '恭喜你学完了这门课程！' });
    await done.waitFor();
    await done.getByRole('button', { name: '查看证书' }).click();
    await page.waitForURL(/\/certificate\/[A-Z0-9]{12}$/);
    certificateUrl = page.url();
    await page.getByRole('heading', { level: 1, name: '结业证书' }).waitFor();
    await page.getByText('有效证书').waitFor();
  });

  it('a visitor verifies it: 颁发团队 is the team that made the course', async () => {
    const page = await pageAs(null);
    await page.goto(certificateUrl);
    await page.getByRole('heading', { level: 1, name: '结业证书' }).waitFor();
    await page.getByText(TITLE).waitFor();
    await page.getByText('有效证书').waitFor();
    const meta = (term: string) => page.locator('.cert-meta div', { hasText: term }).locator('dd');
    expect(await meta('颁发团队').textContent()).toBe(SELLER_TEAM);
    expect(await meta('学员团队').textContent()).toBe(BUYER_TEAM);
  });

  it('the buyer asks for a refund on a phone and the seller approves it: the order reads 已退款', async () => {
    const b = await pageAs(buyer, { viewport: PHONE });
    await b.goto(`${baseUrl}/personal/trade`);
    const order = b.getByRole('row').filter({ has: b.getByRole('button', { name: /查看订单 .* 的详情/ }) });
    await order.getByText('已支付').waitFor();
    await order.getByRole('button', { name: /查看订单 .* 的详情/ }).click();
    const drawer = b.getByRole('dialog', { name: '订单详情' });
    await drawer.getByRole('button', { name: `申请退款：${TITLE}` }).click();
    await b.getByLabel('退款原因', { exact: true }).fill('学完发现不适合我们团队');
    await b.getByRole('button', { name: '提交申请' }).click();
    await b.getByText('退款申请已提交，等待卖家处理').waitFor();
    // Closed, so the address no longer names the order (an open order's drawer survives a reload).
    await b.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });

    const a = await pageAs(seller);
    await a.goto(`${baseUrl}/personal/team`);
    const request = a.getByRole('row').filter({ hasText: '学完发现不适合我们团队' });
    await request.getByRole('button', { name: `同意退款：${TITLE}` }).click();
    await a.getByRole('tooltip').getByRole('button', { name: '同意退款' }).click();
    await request.getByText('已退款').waitFor();

    // The buyer's order reads 已退款 (never 已支付 again), and its line offers no second refund.
    await b.reload();
    await order.getByText('已退款').waitFor();
    expect(await order.getByText('已支付').count()).toBe(0);
    await order.getByRole('button', { name: /查看订单 .* 的详情/ }).click();
    await drawer.getByText('已退款').first().waitFor();
    expect(await drawer.getByRole('button', { name: /申请退款/ }).count()).toBe(0);
  });

  it('refunded: the verification page says 已撤销 and when, never valid; the course is gone', async () => {
    const page = await pageAs(null);
    await page.goto(certificateUrl);
    const status = page.getByRole('alert').filter({ hasText: '已撤销' });
    await status.waitFor();
    await status.getByText(/这张证书已于 .+ 撤销/).waitFor();
    await page.locator('.cert-meta div', { hasText: '撤销时间' }).locator('dd').waitFor();
    expect(await page.getByText('有效证书').count()).toBe(0);
    expect(await page.getByRole('button', { name: /打印证书/ }).count()).toBe(0);

    const learner = await pageAs(buyer, { viewport: PHONE });
    await learner.goto(`${baseUrl}/learn/course/${courseId}`);
    await learner.getByText('课程不存在或无法学习').waitFor();
  });
});
