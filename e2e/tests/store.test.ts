/**
 * The store end to end, against the built app on the real server with fresh demo data: team A (the
 * demo team) sells its released Python course; user B signs up, creates team B, finds the course by a
 * Chinese keyword, reads the free lesson, buys it through the cart and the sandbox payment, and reads
 * a lesson that was locked before. A sees its own course as 本团队课程 and the sale in the team centre.
 */
import { formatPrice } from '@studio/contract/constants';
import type { TeamSales } from '@studio/contract';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, uniquePhone } from '../support/browser.ts';
import { smsCodeFromLog } from '../support/server.ts';
import { apiAs, apiLogin, useSession } from '../support/session.ts';

const baseUrl = inject('baseUrl');
const logFile = inject('logFile');
const COURSE = 'Python 零基础入门';
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close()));
  await browser.close();
});

async function newContext(): Promise<BrowserContext> {
  const context = await browser.newContext({ locale: 'zh-CN', viewport: { width: 1280, height: 860 } });
  contexts.push(context);
  return context;
}

/**
 * The demo team's sales of the course so far: other journeys on this server buy it too, before this
 * file or after, so the team centre is checked for this sale on top of those.
 */
async function courseSales(): Promise<{ sales: number; revenue: number }> {
  const owner = await apiLogin(baseUrl, '13800000000', 'demo1234');
  const sales = await apiAs<TeamSales>(baseUrl, owner, '/store/team/sales');
  return sales.courses.find((c) => c.title === COURSE) ?? { sales: 0, revenue: 0 };
}

/** Finds the course in the store by typing a Chinese keyword, and opens its buy page. */
async function openFromStore(page: Page) {
  await page.goto(`${baseUrl}/store/list`);
  const box = page.getByRole('combobox', { name: '搜索课程', exact: true });
  await box.fill('零基础');
  // Enter searches at once and closes the suggestions: open, they cover the first cards, and a late
  // answer could open them under the pointer between Playwright's check and its click.
  await box.press('Enter');
  await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe('零基础');
  // The keyword's results (their titles mark the match), not the list shown before them.
  await page
    .getByRole('heading', { name: COURSE })
    .filter({ has: page.locator('mark') })
    .click();
  await page.waitForURL(/\/store\/preview\/\d+$/);
  await page.getByRole('heading', { level: 1, name: COURSE }).waitFor();
}

describe('store: find, read the free lesson, buy, pay, read everything', () => {
  const phoneB = uniquePhone();
  const teamB = `买课团队${Date.now() % 100_000}`;
  let b: Page;
  let salesBefore = { sales: 0, revenue: 0 };

  it('the demo owner sees 本团队课程 on the team’s own course, with nothing to buy', async () => {
    salesBefore = await courseSales();
    const context = await newContext();
    await useSession(context, await apiLogin(baseUrl, '13800000000', 'demo1234'));
    const a = await context.newPage();
    await openFromStore(a);
    await a.getByText('本团队课程').waitFor();
    expect(await a.getByRole('button', { name: '立即购买' }).count()).toBe(0);
    expect(await a.getByRole('button', { name: '加入购物车' }).count()).toBe(0);
  });

  it('B signs up, creates a team, finds the course and reads its free lesson; others are locked', async () => {
    b = await (await newContext()).newPage();
    await b.goto(`${baseUrl}/login`);
    const panel = b.getByRole('tabpanel', { name: '验证码登录' });
    await panel.getByRole('textbox', { name: '手机号', exact: true }).fill(phoneB);
    await panel.getByRole('button', { name: '获取验证码' }).click();
    await panel
      .getByRole('textbox', { name: '验证码', exact: true })
      .fill(await smsCodeFromLog(logFile, phoneB));
    await panel.getByRole('button', { name: '登录', exact: true }).click();
    await b.waitForURL('**/selectTeam');
    await b.getByRole('button', { name: '创建团队' }).first().click();
    await b.getByLabel('团队名称', { exact: true }).fill(teamB);
    await b.getByRole('button', { name: '创建团队', exact: true }).click();
    await b.waitForURL('**/author');

    await openFromStore(b);
    await b.getByText('¥99.00').first().waitFor();
    await b.getByText('试看').first().waitFor();
    expect(await b.getByRole('img', { name: '购买后解锁' }).count()).toBe(2);
    expect(await b.getByRole('link', { name: '变量与类型' }).count()).toBe(0);

    await b.getByRole('link', { name: /^第 1 课\s*认识 Python$/ }).click();
    await b.getByRole('heading', { name: '为什么学 Python' }).waitFor();
    await b.getByRole('link', { name: '下一课' }).click();
    await b.getByText('本课时需购买后阅读').waitFor();
    await b.getByRole('link', { name: '返回课程介绍' }).click();
  });

  it('B adds it to the cart, checks out and pays in the sandbox; the pay page turns to paid', async () => {
    await b.getByRole('button', { name: '加入购物车' }).click();
    await b.getByText('已加入购物车').waitFor();
    await b.getByRole('link', { name: '已在购物车，去结算' }).click();
    await b.waitForURL('**/store/cart');
    await b.getByRole('checkbox', { name: `选择「${COURSE}」` }).waitFor();
    await b.getByText('已选 1 门').waitFor();
    await b.getByRole('button', { name: '结算' }).click();
    await b.waitForURL(/\/store\/pay\/\d+$/);
    await b.getByRole('img', { name: '支付二维码' }).waitFor();
    expect(await b.getByRole('timer').textContent()).toMatch(/^1[45]:\d\d$/);

    const href = await b.getByRole('link', { name: '在本机打开沙箱支付' }).getAttribute('href');
    expect(href).toMatch(/\/api\/pay\/sandbox\?/);
    const payer = await b.context().newPage();
    await payer.goto(href!);
    await payer.getByRole('button', { name: '确认支付' }).click();
    await payer.getByRole('heading', { name: '支付成功' }).waitFor();
    await payer.close();

    await b.getByText('支付成功').first().waitFor({ timeout: 15_000 });
  });

  it('B opens the bought course in the player at lesson 1 and reads the lesson that was locked', async () => {
    await b.getByRole('button', { name: `学习「${COURSE}」` }).click();
    await b.waitForURL((url) => url.pathname.startsWith('/learn/course/'));
    await b.getByRole('heading', { level: 1, name: '认识 Python' }).waitFor();
    await b.getByRole('heading', { name: '为什么学 Python' }).waitFor();
    await b.getByRole('button', { name: '下一课时' }).click();
    await b.getByRole('heading', { name: '变量', exact: true }).waitFor();
    await b.getByText('变量是数据的名字。').waitFor();
  });

  it('the bought course is in the 已购 tab of /author', async () => {
    await b.goto(`${baseUrl}/author`);
    await b.getByRole('tab', { name: '已购' }).click();
    await b.getByRole('tabpanel', { name: '已购' }).getByText(COURSE).waitFor();
  });

  it('B’s 交易信息 lists the paid order with its details', async () => {
    await b.goto(`${baseUrl}/personal/trade`);
    const row = b.getByRole('row').filter({ hasText: COURSE });
    await row.getByText('已支付').waitFor();
    await row.getByText('¥99.00').waitFor();
    await row.getByRole('button', { name: /查看订单 .* 的详情/ }).click();
    const drawer = b.getByRole('dialog', { name: '订单详情' });
    await drawer.getByText(teamB).waitFor();
    await drawer.getByRole('link', { name: COURSE }).waitFor();
  });

  it('the demo owner sees the sale in the team centre', async () => {
    const context = await newContext();
    await useSession(context, await apiLogin(baseUrl, '13800000000', 'demo1234'));
    const a = await context.newPage();
    await a.goto(`${baseUrl}/personal/team`);
    await a.getByRole('heading', { name: '课程销售' }).waitFor();
    await a.getByRole('img', { name: /近 30 天每日销售额柱状图/ }).waitFor();
    // This sale on top of those before it (¥99.00 each).
    const row = a.getByRole('row').filter({ hasText: COURSE });
    await row.getByRole('cell', { name: String(salesBefore.sales + 1), exact: true }).waitFor();
    await row.getByText(formatPrice(salesBefore.revenue + 9900), { exact: true }).waitFor();
  });
});
