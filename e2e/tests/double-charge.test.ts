/**
 * One course, one charge (issue 31), in the browser with the sandbox provider. A buyer team's owner
 * checks out the demo course and keeps its QR; buying it again, by them or by another member, is
 * refused with the order named (their own linked in 交易信息); they cancel it there and buy again,
 * paying the new order. Then the old QR is paid late: the sandbox page and the app say the money went
 * back automatically, the order reads 已退款 (never 已支付, no 申请退款), and both teams see the refund.
 */
import type { UserInfo } from '@studio/contract';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { uniquePhone } from '../support/browser.ts';
import { apiAs, apiLogin, apiSignUp } from '../support/session.ts';
import { accountWithTeam, demoCourseId, DEMO_COURSE as COURSE } from '../support/store-api.ts';
import { accountTabs } from '../support/account-tabs.ts';

const baseUrl = inject('baseUrl');
const logFile = inject('logFile');
const { pageAs } = accountTabs();

/** From the buy page through the cart to the pay page; answers the sandbox payer's page address. */
async function checkoutFromBuyPage(b: Page, courseId: number): Promise<{ orderId: string; sandbox: string }> {
  await b.goto(`${baseUrl}/store/preview/${courseId}`);
  await b.getByRole('button', { name: '加入购物车' }).click();
  await b.getByText('已加入购物车').waitFor();
  await b.getByRole('link', { name: '已在购物车，去结算' }).click();
  await b.waitForURL('**/store/cart');
  await b.getByText('已选 1 门').waitFor();
  await b.getByRole('button', { name: '结算' }).click();
  await b.waitForURL(/\/store\/pay\/\d+$/);
  await b.getByRole('img', { name: '支付二维码' }).waitFor();
  const sandbox = await b.getByRole('link', { name: '在本机打开沙箱支付' }).getAttribute('href');
  expect(sandbox).toMatch(/\/api\/pay\/sandbox\?/);
  return { orderId: new URL(b.url()).pathname.split('/').at(-1)!, sandbox: sandbox! };
}

describe('one course, one charge: a repeat purchase refused, a late payment paid back', () => {
  let buyer: UserInfo;
  let b: Page;
  let courseId: number;
  let first: { orderId: string; sandbox: string };

  it('the owner checks out; the sandbox page shows what is paid for', async () => {
    buyer = await accountWithTeam(baseUrl, logFile, `重复付款团队${Date.now() % 100_000}`);
    courseId = await demoCourseId(baseUrl);
    b = await pageAs(buyer);
    first = await checkoutFromBuyPage(b, courseId);
    const payer = await b.context().newPage();
    await payer.goto(first.sandbox);
    await payer.getByText('支付金额：¥99.00').waitFor();
    await payer.getByText(`${COURSE}（¥99.00）`).waitFor();
    await payer.close(); // the QR is kept, not paid
  });

  it('another member cannot buy it while the order waits: told it is a team member’s order', async () => {
    const member = await apiSignUp(baseUrl, logFile, uniquePhone());
    await apiAs(baseUrl, member, '/team/user/invite/join', { inviteCode: buyer.lastTeam!.teamCode });
    const m = await pageAs({
      ...(await apiAs<UserInfo>(baseUrl, member, '/user/info')),
      token: member.token,
    });
    await m.goto(`${baseUrl}/store/preview/${courseId}`);
    await m.getByRole('button', { name: '加入购物车' }).click();
    await m
      .getByText(/这门课程已在待支付的订单 \d+ 中，请先支付或取消该订单 这是团队其他成员的订单。/)
      .waitFor();
    expect(await m.getByRole('button', { name: /^查看订单 \d+$/ }).count()).toBe(0);
  });

  it('the owner is refused too, follows the link to the order in 交易信息 and cancels it', async () => {
    await b.goto(`${baseUrl}/store/preview/${courseId}`);
    await b.getByRole('button', { name: '加入购物车' }).click();
    await b.getByText(/这门课程已在待支付的订单 \d+ 中，请先支付或取消该订单/).waitFor();
    await b.getByRole('button', { name: /^查看订单 \d+$/ }).click();
    await b.waitForURL(`**/personal/trade?orderId=${first.orderId}`);
    const drawer = b.getByRole('dialog', { name: '订单详情' });
    await drawer.getByText('待支付').waitFor();
    await drawer.getByRole('button', { name: '取消订单' }).click();
    await b
      .getByRole('tooltip')
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await b.getByText('订单已取消').first().waitFor();
    await drawer.getByText('已取消').waitFor();
    expect(await drawer.getByRole('button', { name: '取消订单' }).count()).toBe(0);
  });

  it('the owner buys again and pays the new order', async () => {
    const second = await checkoutFromBuyPage(b, courseId);
    expect(second.orderId).not.toBe(first.orderId);
    const payer = await b.context().newPage();
    await payer.goto(second.sandbox);
    await payer.getByRole('button', { name: '确认支付' }).click();
    await payer.getByRole('heading', { name: '支付成功' }).waitFor();
    await payer.close();
    await b.getByText('支付成功').first().waitFor();
  });

  it('the cancelled order’s QR is paid late: the money goes back automatically, once, and the buyer is told', async () => {
    const payer = await b.context().newPage();
    await payer.goto(first.sandbox);
    await payer.getByText('这笔订单已取消：确认支付后款项会自动原路退回。').waitFor();
    await payer.getByRole('button', { name: '确认支付' }).click();
    await payer.getByRole('heading', { name: '已自动退款' }).waitFor();
    // The same QR confirmed again (a re-sent notification): the order is settled, nothing more is paid back.
    await payer.goto(first.sandbox);
    await payer.getByRole('button', { name: '确认支付' }).click();
    await payer.getByRole('heading', { name: '支付成功' }).waitFor();
    await payer.close();

    await b.goto(`${baseUrl}/store/pay/${first.orderId}`);
    await b.getByText('款项已自动退回').waitFor();
    await b.getByText(/这笔付款已原路退回（¥99\.00），不会重复扣款/).waitFor();

    await b.goto(`${baseUrl}/personal/trade`);
    const orders = b.getByRole('row').filter({ has: b.getByRole('button', { name: /查看订单 \d+ 的详情/ }) });
    await expect.poll(() => orders.count()).toBe(2);
    await orders.filter({ hasText: '已退款' }).waitFor();
    await orders.filter({ hasText: '已支付' }).waitFor();
    await orders
      .filter({ hasText: '已退款' })
      .getByRole('button', { name: /查看订单 .* 的详情/ })
      .click();
    const drawer = b.getByRole('dialog', { name: '订单详情' });
    await drawer.getByText('自动退款 · 已退款').waitFor();
    expect(await drawer.getByRole('button', { name: /申请退款/ }).count()).toBe(0);
    await b.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
    // One automatic refund among the team's refunds.
    const refunds = b.getByRole('row').filter({ hasText: '自动退款' });
    await refunds.filter({ hasText: '已退款' }).waitFor();
    expect(await refunds.count()).toBe(1);
  });

  it('the seller team sees the automatic refund in 退款处理, with nothing to decide', async () => {
    const a = await pageAs(await apiLogin(baseUrl, '13800000000', 'demo1234'));
    await a.goto(`${baseUrl}/personal/team`);
    await a.getByRole('heading', { name: '退款处理' }).waitFor();
    const row = a
      .getByRole('row')
      .filter({ hasText: buyer.lastTeam!.teamName })
      .filter({ hasText: '自动退款' });
    await row.getByText('已退款').waitFor();
    expect(await row.getByRole('button', { name: /同意退款/ }).count()).toBe(0);
  });
});
