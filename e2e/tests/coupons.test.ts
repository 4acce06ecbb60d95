/**
 * Coupons end to end: the second demo team's owner (示例学院) creates one in the team centre; a buyer on a phone types it in
 * the cart, sees the server's discount, checks out and pays the lower amount in the sandbox, and the
 * order's details name the coupon; the buyer asks for the course back, the seller approves, the
 * ¥29.00 paid is refunded and the course is gone (issue 18's journey). A refused code says why and
 * leaves the button at 使用 (issue 32 item 19).
 */
import type { StoreListPage, UserInfo } from '@studio/contract';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from '../support/browser.ts';
import { apiAs, apiLogin, useSession } from '../support/session.ts';
import { accountWithTeam } from '../support/store-api.ts';

const baseUrl = inject('baseUrl');
const logFile = inject('logFile');
// The second demo team's course: the other journeys count the Python course's sales.
const COURSE = '数据分析入门';
const CODE = `E2E-${Date.now() % 1_000_000}`;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close()));
  await browser.close();
});

describe('coupons: created by the seller, used by a buyer on a phone', () => {
  let buyer: UserInfo;
  let courseId: number;
  let phone: Page;

  it('the seller creates 减 ¥20 in the team centre and sees it listed', async () => {
    const context = await browser.newContext({ locale: 'zh-CN', viewport: { width: 1280, height: 860 } });
    contexts.push(context);
    await useSession(context, await apiLogin(baseUrl, '13800000002', 'demo1234'));
    const page = await context.newPage();
    await page.goto(`${baseUrl}/personal/team`);
    await page.getByRole('button', { name: '新建优惠券' }).click();
    const dialog = page.getByRole('dialog', { name: '新建优惠券' });
    await dialog.getByLabel('优惠码', { exact: true }).fill(CODE.toLowerCase());
    await dialog.getByLabel('减多少元', { exact: true }).fill('20');
    await dialog.getByRole('button', { name: '新建优惠券' }).click();
    await page.getByText(`优惠券 ${CODE} 已创建`).waitFor();
    const row = page.getByRole('row').filter({ hasText: CODE });
    await row.getByText('减 ¥20.00，无门槛').waitFor();
    await row.getByText('生效中').waitFor();
  });

  it('a buyer on a phone applies it in the cart and pays ¥29.00 for the ¥49.00 course', async () => {
    buyer = await accountWithTeam(baseUrl, logFile, `优惠买家${Date.now() % 100_000}`);
    const found = await apiAs<StoreListPage>(
      baseUrl,
      buyer,
      `/store/list?keyword=${encodeURIComponent('数据分析')}`,
    );
    courseId = found.list.find((c) => c.title === COURSE)!.courseId;
    await apiAs(baseUrl, buyer, '/cart/add', { courseId });

    const context = await browser.newContext({
      locale: 'zh-CN',
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    contexts.push(context);
    await useSession(context, buyer);
    const page = await context.newPage();
    phone = page;
    await page.goto(`${baseUrl}/store/cart`);
    await page.getByText('已选 1 门').waitFor();
    await page.getByRole('textbox', { name: '优惠码', exact: true }).fill('NOPE-0000');
    await page.getByRole('button', { name: '使用' }).click();
    await page.getByText('优惠码不存在').waitFor();
    await page.getByRole('textbox', { name: '优惠码', exact: true }).fill(CODE);
    await page.getByRole('button', { name: '使用' }).click();
    await page.getByText(`已使用优惠码 ${CODE}，减 ¥20.00`).waitFor();
    await page.getByText('¥29.00').waitFor();
    // The field and the bar fit the phone: nothing pushes the page sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await page.getByRole('button', { name: '结算' }).click();
    await page.waitForURL(/\/store\/pay\/\d+$/);
    await page.getByText('¥29.00').first().waitFor();
    const href = await page.getByRole('link', { name: '在本机打开沙箱支付' }).getAttribute('href');
    const payer = await context.newPage();
    await payer.goto(href!);
    await payer.getByRole('button', { name: '确认支付' }).click();
    await payer.getByRole('heading', { name: '支付成功' }).waitFor();
    await payer.close();
    await page.getByText('支付成功').first().waitFor({ timeout: 15_000 });

    await page.goto(`${baseUrl}/personal/trade`);
    await page
      .getByRole('button', { name: /查看订单 .* 的详情/ })
      .first()
      .click();
    const drawer = page.getByRole('dialog', { name: '订单详情' });
    await drawer.getByText(`${CODE}，减 ¥20.00`).waitFor();
    await drawer.getByText('¥29.00').first().waitFor();
  });

  it('the buyer asks for the course back; the refund is what was paid (¥29.00)', async () => {
    const drawer = phone.getByRole('dialog', { name: '订单详情' });
    await drawer.getByRole('button', { name: `申请退款：${COURSE}` }).click();
    await phone.getByText(/退款金额 ¥29\.00/).waitFor();
    await phone.getByLabel('退款原因', { exact: true }).fill('用优惠券买错了课程');
    await phone.getByRole('button', { name: '提交申请' }).click();
    await phone.getByText('退款申请已提交，等待卖家处理').waitFor();
  });

  it('the seller approves it; the buyer can no longer study the course', async () => {
    const context = await browser.newContext({ locale: 'zh-CN', viewport: { width: 1280, height: 860 } });
    contexts.push(context);
    await useSession(context, await apiLogin(baseUrl, '13800000002', 'demo1234'));
    const seller = await context.newPage();
    await seller.goto(`${baseUrl}/personal/team`);
    const row = seller.getByRole('row').filter({ hasText: '用优惠券买错了课程' });
    await row.getByText('¥29.00').waitFor();
    await row.getByRole('button', { name: `同意退款：${COURSE}` }).click();
    await seller.getByRole('tooltip').getByRole('button', { name: '同意退款' }).click();
    await row.getByText('已退款').waitFor();

    await phone.goto(`${baseUrl}/learn/course/${courseId}`);
    await phone.getByText('课程不存在或无法学习').waitFor();
  });

  it('a refused code says why under the field, and the button reads 使用, never 不使用 (issue 32 item 19)', async () => {
    const shopper = await accountWithTeam(baseUrl, logFile, `拒券买家${Date.now() % 100_000}`);
    await apiAs(baseUrl, shopper, '/cart/add', { courseId });
    const context = await browser.newContext({ locale: 'zh-CN', viewport: { width: 1280, height: 860 } });
    contexts.push(context);
    await useSession(context, shopper);
    const page = await context.newPage();
    await page.goto(`${baseUrl}/store/cart`);
    await page.getByText('已选 1 门').waitFor();
    const field = page.getByRole('textbox', { name: '优惠码', exact: true });
    await field.fill('NOPE-0000');
    await page.getByRole('button', { name: '使用', exact: true }).click();
    await page.getByText('优惠码不存在', { exact: true }).waitFor();
    // Nothing is applied: the button offers 使用 (for a changed code), not 不使用.
    await page.getByRole('button', { name: '使用', exact: true }).waitFor();
    expect(await page.getByRole('button', { name: '不使用', exact: true }).count()).toBe(0);
    expect(await page.getByText(/已使用优惠码/).count()).toBe(0);
    await page.getByText('¥49.00').first().waitFor();
    // A changed code can be tried again.
    await field.fill(CODE);
    await page.getByRole('button', { name: '使用', exact: true }).click();
    await page.getByText(`已使用优惠码 ${CODE}，减 ¥20.00`).waitFor();
    await page.getByRole('button', { name: '不使用', exact: true }).waitFor();
  });
});
