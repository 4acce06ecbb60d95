/**
 * A refund end to end with the sandbox provider: a buyer team pays for the demo team's Python course;
 * its owner asks for a refund with a reason in 交易信息 on a phone; the demo owner approves it in the
 * team centre; the buyer's course is gone (the player refuses it, the buy page sells it again).
 */
import type { UserInfo } from '@studio/contract';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { apiLogin } from '../support/session.ts';
import { accountWithTeam, buyAndPay, demoCourseId, DEMO_COURSE as COURSE } from '../support/store-api.ts';
import { accountTabs, PHONE } from '../support/account-tabs.ts';

const baseUrl = inject('baseUrl');
const logFile = inject('logFile');
const { pageAs } = accountTabs();

describe('refund: asked in 交易信息, approved in the team centre, the course gone', () => {
  let buyer: UserInfo;
  let courseId: number;
  let b: Page;

  it('the buyer team’s owner asks for a refund with a reason, on a phone', async () => {
    buyer = await accountWithTeam(baseUrl, logFile, `退款团队${Date.now() % 100_000}`);
    courseId = await demoCourseId(baseUrl);
    await buyAndPay(baseUrl, buyer, courseId);

    b = await pageAs(buyer, { viewport: PHONE });
    await b.goto(`${baseUrl}/personal/trade`);
    const row = b.getByRole('row').filter({ hasText: '已支付' });
    await row.getByRole('button', { name: /查看订单 .* 的详情/ }).click();
    const drawer = b.getByRole('dialog', { name: '订单详情' });
    await drawer.getByRole('button', { name: `申请退款：${COURSE}` }).click();
    await b.getByLabel('退款原因', { exact: true }).fill('内容和我们团队的需求不符');
    await b.getByRole('button', { name: '提交申请' }).click();
    await b.getByText('退款申请已提交，等待卖家处理').waitFor();
    await b.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
    const requests = b.getByRole('row').filter({ hasText: COURSE }).filter({ hasText: '待处理' });
    await requests.waitFor();
  });

  it('the demo owner approves it in the team centre (sandbox refund at once)', async () => {
    const a = await pageAs(await apiLogin(baseUrl, '13800000000', 'demo1234'));
    await a.goto(`${baseUrl}/personal/team`);
    await a.getByRole('heading', { name: '退款处理' }).waitFor();
    const row = a.getByRole('row').filter({ hasText: '内容和我们团队的需求不符' });
    await row.getByText('待处理').waitFor();
    await row.getByRole('button', { name: `同意退款：${COURSE}` }).click();
    await a.getByRole('tooltip').getByRole('button', { name: '同意退款' }).click();
    await a.getByText('已同意退款，当前状态：已退款').waitFor();
    await row.getByText('已退款').waitFor();
  });

  it('the buyer sees 已退款 and can no longer study the course; the buy page sells it again', async () => {
    await b.reload();
    await b.getByRole('row').filter({ hasText: COURSE }).filter({ hasText: '已退款' }).waitFor();
    // The order itself reads 已退款, not 已支付, and its refunded line offers nothing more.
    const order = b.getByRole('row').filter({ has: b.getByRole('button', { name: /查看订单 .* 的详情/ }) });
    await order.getByText('已退款').waitFor();
    expect(await order.getByText('已支付').count()).toBe(0);
    await order.getByRole('button', { name: /查看订单 .* 的详情/ }).click();
    const drawer = b.getByRole('dialog', { name: '订单详情' });
    await drawer.getByText('已退款').first().waitFor();
    expect(await drawer.getByRole('button', { name: /申请退款/ }).count()).toBe(0);
    await b.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
    await b.goto(`${baseUrl}/learn/course/${courseId}`);
    await b.getByText('课程不存在或无法学习').waitFor();
    await b.goto(`${baseUrl}/store/preview/${courseId}`);
    await b.getByRole('button', { name: '立即购买' }).waitFor();
  });
});
