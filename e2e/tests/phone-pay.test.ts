/**
 * Paying for the place (issue 44) on the embedded default (sandbox): (b) in a phone's browser (390 px,
 * iPhone Safari), one order by Alipay WAP and another by WeChat Pay H5, each through the app's
 * simulator cashier and back to the order page, which confirms with the server; (c) on a desktop, an
 * order by Alipay page pay; (a-pay, sandbox) inside WeChat, JSAPI played by the simulated pay sheet,
 * a stand-in WeixinJSBridge installed to show the sandbox never calls it. (The real JSAPI path against
 * the fake WeChat Pay waits for the 公众号 OAuth branch: see the server tests.)
 */
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { accountTabs, IPHONE_UA, PHONE, WECHAT_UA } from '../support/account-tabs.ts';
import { apiAs } from '../support/session.ts';
import { accountWithTeam, demoCourseId } from '../support/store-api.ts';

const baseUrl = inject('baseUrl');
const logFile = inject('logFile');
const { pageAs } = accountTabs();

/** A new buyer team's pending order of the demo course, and a tab of that buyer on its pay page. */
async function pendingOrderPage(
  team: string,
  phone: boolean | 'wechat',
  before?: (page: Page) => Promise<unknown>,
): Promise<{ page: Page; orderId: number }> {
  const buyer = await accountWithTeam(baseUrl, logFile, `${team}${Date.now() % 100_000}`);
  await apiAs(baseUrl, buyer, '/cart/add', { courseId: await demoCourseId(baseUrl) });
  const { orderId } = await apiAs<{ orderId: number }>(baseUrl, buyer, '/order/checkout', {});
  const page = await pageAs(
    buyer,
    phone ? { viewport: PHONE, userAgent: phone === 'wechat' ? WECHAT_UA : IPHONE_UA } : {},
  );
  await before?.(page);
  await page.goto(`${baseUrl}/store/pay/${orderId}`);
  return { page, orderId };
}

/** 去支付 → the simulator cashier (its title shown) → 确认支付 → back on the order page, paid. */
async function payAtCashier(page: Page, orderId: number, cashier: string) {
  await page.getByRole('button', { name: '去支付' }).click();
  await page.getByRole('heading', { name: cashier }).waitFor();
  await page.getByText('支付金额：¥99.00').waitFor();
  await page.getByRole('button', { name: '确认支付' }).click();
  await page.waitForURL(new RegExp(`/store/pay/${orderId}\\?from=pay$`));
  await page.getByText('支付成功').waitFor({ timeout: 15_000 });
}

describe('paying on a phone and on a desktop, on the embedded default', () => {
  it('(b) a phone browser pays one order by Alipay WAP', async () => {
    const { page, orderId } = await pendingOrderPage('手机支付宝', true);
    const wechat = page.getByRole('radio', { name: /微信支付/ });
    await wechat.waitFor();
    expect(await wechat.getAttribute('aria-checked')).toBe('true');
    expect(await page.getByRole('img', { name: '支付二维码' }).count()).toBe(0);
    await page.getByRole('radio', { name: /支付宝/ }).click();
    await page.locator('.store-pay-method-alipay.is-selected').waitFor();
    await payAtCashier(page, orderId, '支付宝收银台（沙箱）');
  });

  it('(b) a phone browser pays another order by WeChat Pay H5', async () => {
    const { page, orderId } = await pendingOrderPage('手机微信', true);
    await page.locator('.store-pay-method-wechat.is-selected').waitFor();
    await payAtCashier(page, orderId, '微信支付收银台（沙箱）');
  });

  it('(c) a desktop pays by Alipay page pay', async () => {
    const { page, orderId } = await pendingOrderPage('电脑支付宝', false);
    await page.getByRole('img', { name: '支付二维码' }).waitFor();
    await page.getByRole('radio', { name: /电脑网站支付/ }).click();
    await payAtCashier(page, orderId, '支付宝电脑网站收银台（沙箱）');
  });

  it('(a-pay, sandbox) inside WeChat: 微信支付 opens the simulated pay sheet, never the bridge; Alipay explains how to open a browser', async () => {
    const { page, orderId } = await pendingOrderPage('微信内支付', 'wechat', (p) =>
      p.addInitScript(() => {
        (window as unknown as { bridgeCalls: number }).bridgeCalls = 0;
        (window as unknown as { WeixinJSBridge: object }).WeixinJSBridge = {
          invoke: () => {
            (window as unknown as { bridgeCalls: number }).bridgeCalls++;
          },
        };
      }),
    );
    await page.getByRole('radio', { name: /支付宝/ }).click();
    await page.getByText('请在浏览器中打开').waitFor();
    await page
      .getByText(/在浏览器打开/)
      .first()
      .waitFor();
    await page.getByRole('radio', { name: /微信支付/ }).click();
    await page.getByRole('button', { name: '微信支付' }).click();
    await page.getByRole('heading', { name: '微信支付（沙箱）' }).waitFor();
    await page.getByText('模拟微信内的支付弹窗', { exact: false }).waitFor();
    await page.getByRole('button', { name: '确认支付' }).click();
    await page.waitForURL(new RegExp(`/store/pay/${orderId}\\?from=pay$`));
    await page.getByText('支付成功').waitFor({ timeout: 15_000 });
    expect(await page.evaluate(() => (window as unknown as { bridgeCalls: number }).bridgeCalls)).toBe(0);
  });
});
