/**
 * Inside WeChat (issue 44): a phone whose browser says MicroMessenger sees 微信一键登录 first, logs in
 * through the 公众号 simulator, binds a phone by SMS code and lands logged in; a buy page asks for the
 * JSSDK's wx.config and sets the share card (a stand-in `wx`, as the real script cannot load here).
 */
import { USER_INFO_STORAGE_KEY } from '@studio/contract';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, uniquePhone } from '../support/browser.ts';
import { smsCodeFromLog } from '../support/server.ts';

const baseUrl = inject('baseUrl');
const logFile = inject('logFile');
const WECHAT_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.50(0x1800323c) NetType/WIFI Language/zh_CN';
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

const wechatPhone = (): Promise<BrowserContext> =>
  browser.newContext({
    locale: 'zh-CN',
    viewport: { width: 390, height: 844 },
    isMobile: true,
    userAgent: WECHAT_UA,
  });

describe('inside WeChat', () => {
  it('微信一键登录 first; the 公众号 simulator; a phone bound by SMS code; logged in', async () => {
    const context = await wechatPhone();
    try {
      const page = await context.newPage();
      await page.goto(`${baseUrl}/login`);
      const oneTap = page.getByRole('button', { name: '微信一键登录' });
      await oneTap.waitFor();
      // First: above the tabs; and no QR tab inside WeChat.
      const buttonBox = (await oneTap.boundingBox())!;
      const tabBox = (await page.getByRole('tab', { name: '验证码登录' }).boundingBox())!;
      expect(buttonBox.y).toBeLessThan(tabBox.y);
      expect(await page.getByRole('tab', { name: '微信登录' }).count()).toBe(0);
      await oneTap.click();
      await page.getByRole('heading', { name: '微信授权模拟器' }).waitFor();
      await page.getByLabel('微信号', { exact: true }).fill(`wx_e2e_${Date.now()}`);
      await page.getByRole('button', { name: '允许' }).click();
      await page.waitForURL('**/wxAuth**');
      await page.getByText('绑定手机号').first().waitFor();
      const phone = uniquePhone();
      await page.getByRole('textbox', { name: '手机号', exact: true }).fill(phone);
      await page.getByRole('button', { name: '获取验证码' }).click();
      const code = await smsCodeFromLog(logFile, phone);
      await page.getByRole('textbox', { name: '验证码', exact: true }).fill(code);
      await page.getByRole('button', { name: '绑定并进入' }).click();
      await page.waitForURL(
        (url) => !url.pathname.startsWith('/wxAuth') && !url.pathname.startsWith('/login'),
      );
      await expect
        .poll(async () =>
          page.evaluate(
            (key) =>
              (JSON.parse(localStorage.getItem(key) ?? 'null') as { register?: boolean } | null)?.register,
            USER_INFO_STORAGE_KEY,
          ),
        )
        .toBe(true);
    } finally {
      await context.close();
    }
  });

  it('a buy page asks for wx.config and sets the share card with the course title', async () => {
    const list = (await (await fetch(`${baseUrl}/api/store/list?pageNum=1&pageSize=12`)).json()) as {
      data: { list: { courseId: number; title: string }[] };
    };
    const course = list.data.list[0]!;
    const context = await wechatPhone();
    try {
      // A stand-in for WeChat's script (it cannot load here): records what the page gives it.
      await context.addInitScript(() => {
        const seen: unknown[] = [];
        (window as unknown as { wxSeen: unknown[] }).wxSeen = seen;
        (window as unknown as { wx: unknown }).wx = {
          config: (c: unknown) => seen.push(['config', c]),
          ready: (fn: () => void) => fn(),
          error: () => undefined,
          updateAppMessageShareData: (d: unknown) => seen.push(['app', d]),
          updateTimelineShareData: (d: unknown) => seen.push(['timeline', d]),
        };
      });
      const page = await context.newPage();
      const asked = page.waitForRequest((r) => r.url().includes('/api/auth/wechat/mp/js-config'));
      await page.goto(`${baseUrl}/store/preview/${course.courseId}`);
      const request = await asked;
      expect(new URL(request.url()).searchParams.get('url')).toBe(
        `${baseUrl}/store/preview/${course.courseId}`,
      );
      await expect
        .poll(() =>
          page.evaluate(() => (window as unknown as { wxSeen: [string, { title?: string }][] }).wxSeen),
        )
        .toContainEqual(['app', expect.objectContaining({ title: expect.stringContaining(course.title) })]);
    } finally {
      await context.close();
    }
  });
});
