/**
 * Money and access in a real browser: a seller team prices and releases a course; a logged-out
 * visitor of its share link reads the free lesson only (the rest locked with a way to buy, no copy),
 * then the public buy page, and a link to its phone preview carries a share card;
 * a buyer team pays, the seller unreleases (下架), and the buyer still opens the course from 已购 and
 * reads the lesson that was locked; the price field refuses a negative or too large price as it is
 * typed instead of clamping it. The seller and buyer are fresh accounts, so the demo data stays as is.
 */
import type { UserInfo } from '@studio/contract';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from '../support/browser.ts';
import { apiAs, useSession } from '../support/session.ts';
import { accountWithTeam, buyAndPay, uploadCover } from '../support/store-api.ts';

const baseUrl = inject('baseUrl');
const logFile = inject('logFile');
const TITLE = `付费分享测试课${Date.now() % 100_000}`;
const FREE_TEXT = '开篇内容，人人可读。';
const PAID_TEXT = '进阶内容，只有买家能读到。';
const doc = (text: string) => ({
  type: 'doc',
  content: [{ type: 'paragraph', content: [{ type: 'text', text }] }],
});

let browser: Browser;
const contexts: BrowserContext[] = [];
let seller: UserInfo;
let buyer: UserInfo;
let bystander: UserInfo;
let courseId: number;

/** ¥49.90, two lessons (the first a free preview), released. */
async function releasePaidCourse(user: UserInfo): Promise<number> {
  const api = <T>(path: string, body?: unknown) => apiAs<T>(baseUrl, user, path, body);
  const course = await api<{ courseId: number; version: number }>('/course/create', { title: TITLE });
  for (const [title, text, free] of [
    ['开篇：试看课时', FREE_TEXT, true],
    ['进阶：付费课时', PAID_TEXT, false],
  ] as const) {
    const lesson = await api<{ lessonId: number; version: number }>('/lesson/create', {
      courseId: course.courseId,
      title,
    });
    await api('/lesson/save', {
      lessonId: lesson.lessonId,
      version: lesson.version,
      content: doc(text),
      freePreview: free,
    });
  }
  await api('/course/modify', {
    courseId: course.courseId,
    version: course.version,
    cover: await uploadCover(baseUrl, user),
    summary: '一门付费课程，用来检查分享与下架。',
    category: 'tech',
    price: 4990,
  });
  await api('/course/release', { courseId: course.courseId });
  return course.courseId;
}

async function newContext(user?: UserInfo): Promise<BrowserContext> {
  const context = await browser.newContext({ locale: 'zh-CN', viewport: { width: 1280, height: 900 } });
  contexts.push(context);
  if (user) await useSession(context, user);
  return context;
}

beforeAll(async () => {
  browser = await launchBrowser();
  seller = await accountWithTeam(baseUrl, logFile, '付费课卖家');
  buyer = await accountWithTeam(baseUrl, logFile, '付费课买家');
  bystander = await accountWithTeam(baseUrl, logFile, '没买的团队');
  courseId = await releasePaidCourse(seller);
});
afterEach(async () => {
  await Promise.all(contexts.splice(0).map((c) => c.close()));
});
afterAll(() => browser.close());

describe('a paid course: shared, bought, unlisted', () => {
  let shareUrl: string;

  it('the share dialog says a paid course shows free lessons only and cannot be copied', async () => {
    const page = await (await newContext(seller)).newPage();
    await page.goto(`${baseUrl}/create/course/${courseId}`);
    await page.getByRole('button', { name: '分享' }).click();
    const dialog = page.getByRole('dialog', { name: '分享链接' });
    await dialog.getByText('这是付费课程：分享页只展示试看课时的内容').waitFor();
    expect(await dialog.getByRole('switch', { name: '允许复制到他们的团队' }).isDisabled()).toBe(true);
    await dialog.getByRole('button', { name: '生成分享链接' }).click();
    shareUrl = (await dialog.locator('[data-share-url]').first().textContent()) ?? '';
    expect(shareUrl).toMatch(/\/share\/[\w-]+$/);
  });

  it('a logged-out visitor reads the free lesson (before any script: none runs here); the paid one is locked with a buy link, no copy', async () => {
    const context = await browser.newContext({ locale: 'zh-CN', javaScriptEnabled: false });
    contexts.push(context);
    const page = await context.newPage();
    await page.goto(shareUrl);
    await page.getByRole('heading', { level: 1, name: TITLE }).waitFor();
    await page.getByText('付费课程', { exact: true }).waitFor();
    await page.getByText(FREE_TEXT).waitFor();
    const locked = page.getByRole('article', { name: '进阶：付费课时' });
    await locked.getByText('付费课时', { exact: true }).waitFor();
    expect(await page.getByText(PAID_TEXT).count()).toBe(0);
    expect(await page.getByRole('link', { name: /复制到我的团队/ }).count()).toBe(0);
    // The buy page is public: the visitor reads it there, and 登录后购买 asks to log in and comes back.
    const buyPage = `/store/preview/${courseId}`;
    await locked.getByRole('link', { name: '购买课程' }).click();
    await page.waitForURL(`**${buyPage}`);
    await page.getByRole('heading', { level: 1, name: TITLE }).waitFor();
    await page.getByText('¥49.90').waitFor();
    await page.getByText(FREE_TEXT).waitFor();
    await page.getByRole('link', { name: '登录后购买' }).click();
    await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('redirect') === buyPage);
  });

  it('a link pasted into WeChat: its HTML carries the card, and on a phone the visitor reads the free lesson', async () => {
    const html = await (await fetch(`${baseUrl}/wx-preview/${courseId}`)).text();
    expect(html).toContain(`<meta property="og:title" content="${TITLE}" />`);
    expect(html).toContain(`<link rel="canonical" href="${baseUrl}/store/preview/${courseId}" />`);

    const context = await browser.newContext({ locale: 'zh-CN', viewport: { width: 390, height: 844 } });
    contexts.push(context);
    const page = await context.newPage();
    await page.goto(`${baseUrl}/wx-preview/${courseId}`);
    await page.getByText(FREE_TEXT).waitFor();
    expect(page.url()).toBe(`${baseUrl}/wx-preview/${courseId}`);
    expect(await page.getByText(PAID_TEXT).count()).toBe(0);
    await page.getByRole('link', { name: '登录后购买' }).first().waitFor();
    // Nothing is wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // In English on request; the choice stays for the next page.
    await page.getByRole('link', { name: 'English' }).click();
    await page.getByRole('link', { name: 'Log in to buy' }).first().waitFor();
    await page.goto(`${baseUrl}/store/preview/${courseId}`);
    await page.getByRole('heading', { level: 2, name: 'About this course' }).waitFor();
  });

  it('the buyer still opens the course from 已购 after the seller unreleased it, and reads the paid lesson', async () => {
    await buyAndPay(baseUrl, buyer, courseId);
    await apiAs(baseUrl, seller, '/course/unrelease', { courseId });

    const page = await (await newContext(buyer)).newPage();
    await page.goto(`${baseUrl}/author`);
    await page.getByRole('tab', { name: '已购' }).click();
    await page.getByRole('tabpanel', { name: '已购' }).getByRole('heading', { name: TITLE }).click();
    await page.waitForURL(`**/store/preview/${courseId}`);
    await page.getByText('卖家已下架这门课程，你的团队仍可学习已购买的内容。').waitFor();
    await page.getByRole('link', { name: '打开课程' }).click();
    await page.getByText(FREE_TEXT).waitFor();
    await page.getByRole('link', { name: '下一课' }).click();
    await page.getByText(PAID_TEXT).waitFor();
  });

  it('a team that did not buy it finds it gone once unlisted', async () => {
    const page = await (await newContext(bystander)).newPage();
    await page.goto(`${baseUrl}/store/preview/${courseId}`);
    await page.getByText('课程不存在或已下架').waitFor();
  });
});

describe('the price field', () => {
  it('says what is wrong as a negative or too large price is typed, saves nothing, then saves a valid one', async () => {
    const draft = await apiAs<{ courseId: number }>(baseUrl, seller, '/course/create', { title: '定价检查' });
    const page = await (await newContext(seller)).newPage();
    await page.goto(`${baseUrl}/create/course/${draft.courseId}`);
    const price = page.getByRole('spinbutton', { name: '价格（元）', exact: true });
    await price.fill('-5');
    await page.getByText('价格不能为负数').waitFor();
    await page.getByText('未保存：请先修正标红的字段').waitFor();
    await price.fill('99999999');
    await page.getByText('价格不能超过 100000 元').waitFor();
    const stored = () =>
      apiAs<{ price: number | null }>(baseUrl, seller, `/course/detail?courseId=${draft.courseId}`);
    expect((await stored()).price).toBeNull();
    await price.fill('49.9');
    await expect.poll(async () => (await stored()).price, { timeout: 10_000 }).toBe(4990);
    expect(await page.getByText('价格不能超过 100000 元').count()).toBe(0);
  });
});
