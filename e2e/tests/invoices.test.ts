/**
 * An invoice end to end: a buyer team pays for the demo team's Python course; its owner asks for a
 * 发票 from the order's details in 交易信息 (title, tax id, email); the demo owner issues it in the
 * team centre by uploading the PDF; both see 已开具 and download the same PDF.
 */
import type { Download, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { downloadedBytes } from '../support/browser.ts';
import { apiLogin } from '../support/session.ts';
import { accountWithTeam, buyAndPay, demoCourseId } from '../support/store-api.ts';
import { accountTabs } from '../support/account-tabs.ts';

const baseUrl = inject('baseUrl');
const logFile = inject('logFile');
const { pageAs } = accountTabs();
const TITLE = `发票测试科技有限公司${Date.now() % 100_000}`;
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

/** What a download saved: its file name and bytes. */
async function saved(download: Download): Promise<{ name: string; body: Buffer }> {
  return { name: download.suggestedFilename(), body: await downloadedBytes(download) };
}

describe('invoice: asked from the order, issued in the team centre, downloaded by both', () => {
  let b: Page;
  let orderNo: string;

  it('the buyer team’s owner asks for a 发票 in the order’s details', async () => {
    const buyer = await accountWithTeam(baseUrl, logFile, `发票团队${Date.now() % 100_000}`);
    await buyAndPay(baseUrl, buyer, await demoCourseId(baseUrl));

    b = await pageAs(buyer, { acceptDownloads: true });
    await b.goto(`${baseUrl}/personal/trade`);
    const row = b.getByRole('row').filter({ hasText: '已支付' });
    const open = row.getByRole('button', { name: /查看订单 .* 的详情/ });
    orderNo = (await open.textContent())!.trim();
    await open.click();
    const drawer = b.getByRole('dialog', { name: '订单详情' });
    await drawer.getByText('这笔订单还没有申请发票').waitFor();
    await drawer.getByRole('button', { name: '申请发票' }).click();
    const form = b.locator('.ant-modal').filter({ hasText: `申请发票：订单 ${orderNo}` });
    await form.getByLabel('发票抬头', { exact: true }).fill(TITLE);
    await form.getByLabel('纳税人识别号', { exact: true }).fill('91310000ma1k2l3x4y');
    await form.getByLabel('接收邮箱', { exact: true }).fill('finance@example.com');
    await form.getByRole('button', { name: '提交申请' }).click();
    await b.getByText('发票申请已提交，等待卖家开具').waitFor();
    await drawer.getByText('待开具').waitFor();
    await expect.poll(() => drawer.getByRole('button', { name: '申请发票' }).count()).toBe(0);
    // Closed, so the address no longer names the order (an open order's drawer survives a reload).
    await b.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
  });

  it('the demo owner issues it in the team centre by uploading the PDF, and downloads it', async () => {
    const a = await pageAs(await apiLogin(baseUrl, '13800000000', 'demo1234'), { acceptDownloads: true });
    await a.goto(`${baseUrl}/personal/team`);
    await a.getByRole('heading', { name: '开具发票' }).waitFor();
    const row = a.getByRole('row').filter({ hasText: TITLE });
    await row.getByText('待开具').waitFor();
    await row.getByText('91310000MA1K2L3X4Y').waitFor();
    const chooser = a.waitForEvent('filechooser');
    await row.getByRole('button', { name: `为订单 ${orderNo} 上传发票 PDF` }).click();
    await (await chooser).setFiles({ name: '发票.pdf', mimeType: 'application/pdf', buffer: PDF });
    await a.getByText('发票已开具').waitFor();
    await row.getByText('已开具').waitFor();

    const download = a.waitForEvent('download');
    await row.getByRole('button', { name: new RegExp(`下载订单 ${orderNo} 的发票`) }).click();
    const file = await saved(await download);
    expect(file.name).toMatch(new RegExp(`^发票-${orderNo}-\\d+\\.pdf$`));
    expect(file.body.equals(PDF)).toBe(true);
  });

  it('the buyer sees 已开具 in the order and downloads the same PDF', async () => {
    await b.reload();
    await b
      .getByRole('row')
      .filter({ hasText: '已支付' })
      .getByRole('button', { name: /查看订单/ })
      .click();
    const drawer = b.getByRole('dialog', { name: '订单详情' });
    await drawer.getByText('已开具').waitFor();
    const download = b.waitForEvent('download');
    await drawer.getByRole('button', { name: new RegExp(`下载订单 ${orderNo} 的发票`) }).click();
    const file = await saved(await download);
    expect(file.name).toMatch(new RegExp(`^发票-${orderNo}-\\d+\\.pdf$`));
    expect(file.body.equals(PDF)).toBe(true);
    // 发票申请 in 交易信息 lists it too.
    await b.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
    await b.getByRole('row').filter({ hasText: TITLE }).getByText('已开具').waitFor();
  });
});
