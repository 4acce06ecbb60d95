/**
 * Account journeys in a real browser against the built app on the real server. Issue 32 item 18: the
 * try before the last warns, and the lockout says how long it runs.
 */
import { USER_INFO_STORAGE_KEY } from '@studio/contract';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { launchBrowser, uniquePhone } from '../support/browser.ts';
import { sql } from '../support/db.ts';
import { smsCodeFromLog } from '../support/server.ts';
import { apiAs, apiLogin, apiSignUp, useSession } from '../support/session.ts';

const baseUrl = inject('baseUrl');
const logFile = inject('logFile');
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());
beforeEach(async () => {
  context = await browser.newContext({ locale: 'zh-CN', viewport: { width: 1280, height: 860 } });
  page = await context.newPage();
});
afterEach(() => context.close());

const storedUser = () =>
  page.evaluate(
    (key) =>
      JSON.parse(window.localStorage.getItem(key) ?? 'null') as { token?: string; register?: boolean } | null,
    USER_INFO_STORAGE_KEY,
  );

async function fillPhoneAndCode(scope: Locator, phone: string, purpose: string) {
  await scope.getByRole('textbox', { name: '手机号', exact: true }).fill(phone);
  await scope.getByRole('button', { name: '获取验证码' }).click();
  await expect.poll(() => scope.getByRole('button', { name: /秒后重新获取/ }).count()).toBe(1);
  const code = await smsCodeFromLog(logFile, phone);
  expect(code, purpose).toMatch(/^\d{6}$/);
  await scope.getByRole('textbox', { name: '验证码', exact: true }).fill(code);
}

const tab = (name: string) => page.getByRole('tabpanel', { name });

describe('login and registration', () => {
  it('registers a new phone by SMS code and lands on /selectTeam', async () => {
    await page.goto(`${baseUrl}/login`);
    await page.getByRole('tab', { name: '验证码登录' }).waitFor();
    await fillPhoneAndCode(tab('验证码登录'), uniquePhone(), 'login');
    await tab('验证码登录').getByRole('button', { name: '登录', exact: true }).click();
    await page.waitForURL('**/selectTeam');
    await page.getByText('你还没有加入任何团队').waitFor();
    const user = await storedUser();
    expect(user?.token?.length).toBeGreaterThan(30);
    expect(user?.register).toBe(true);
  });

  it('logs in with the demo password and lands on /author in the demo team', async () => {
    await page.goto(`${baseUrl}/login`);
    await page.getByRole('tab', { name: '密码登录' }).click();
    await tab('密码登录').getByRole('textbox', { name: '手机号', exact: true }).fill('13800000000');
    await tab('密码登录').getByLabel('密码', { exact: true }).fill('demo1234');
    await tab('密码登录').getByRole('button', { name: '登录', exact: true }).click();
    await page.waitForURL('**/author');
    await page.getByRole('banner').getByText('演示团队').first().waitFor();
  });

  it('wrong passwords: the try before the last warns 还可尝试 1 次, the locked try says how long (issue 32 item 18)', async () => {
    // A fresh account with a password, so the demo account is never locked.
    const phone = uniquePhone();
    const user = await apiSignUp(baseUrl, logFile, phone);
    await apiAs(baseUrl, user, '/user/password', { newPassword: 'right1234' });
    await page.goto(`${baseUrl}/login`);
    await page.getByRole('tab', { name: '密码登录' }).click();
    const form = tab('密码登录');
    await form.getByRole('textbox', { name: '手机号', exact: true }).fill(phone);
    const passwordField = form.getByLabel('密码', { exact: true });
    // The words under the password field: the field's description (aria-describedby).
    const fieldError = page.locator(`[id="${await passwordField.getAttribute('aria-describedby')}"]`);
    const tryPassword = async (password: string, said: RegExp) => {
      await passwordField.fill(password);
      const answered = page.waitForResponse((r) => r.url().includes('/api/auth/login/password'));
      await form.getByRole('button', { name: '登录', exact: true }).click();
      await answered;
      await expect.poll(() => fieldError.textContent()).toMatch(said);
      expect(await fieldError.isVisible()).toBe(true);
    };
    for (let i = 1; i <= 3; i++) await tryPassword(`wrong${i}abc`, /^手机号或密码错误$/);
    await tryPassword('wrong4abc', /^手机号或密码错误，还可尝试 1 次，再错将锁定 15 分钟$/);
    await tryPassword('wrong5abc', /^登录尝试次数过多，请 15 分钟后再试$/);
    // Locked: even the right password is refused, still with the time the lock runs.
    await tryPassword('right1234', /^登录尝试次数过多，请 1[45] 分钟后再试$/);
    expect(new URL(page.url()).pathname).toBe('/login');
  });

  it('shows the field rule as you type', async () => {
    await page.goto(`${baseUrl}/login`);
    await tab('验证码登录').getByRole('textbox', { name: '手机号', exact: true }).fill('12');
    await page.getByText('请输入正确的 11 位手机号').first().waitFor();
  });

  it('logs in through the WeChat simulator, then binds a phone', async () => {
    await page.goto(`${baseUrl}/login`);
    await page.getByRole('tab', { name: '微信登录' }).click();
    await page
      .getByRole('img', { name: '微信登录二维码' })
      .or(page.locator('canvas, svg[role="img"]'))
      .first()
      .waitFor();
    await page.getByText('在本机打开微信模拟器').click();
    await page.getByRole('heading', { name: '微信登录模拟器' }).waitFor();
    await page.getByLabel('微信号', { exact: true }).fill(`wx_e2e_${Date.now()}`);
    await page.getByRole('button', { name: '确认登录' }).click();
    await page.waitForURL('**/wxAuth**');
    await page.getByText('绑定手机号').first().waitFor();
    expect((await storedUser())?.register).toBe(false);
    await fillPhoneAndCode(page.getByRole('main').or(page.locator('body')).first(), uniquePhone(), 'bind');
    await page.getByRole('button', { name: '绑定并进入' }).click();
    await page.waitForURL('**/selectTeam');
    expect((await storedUser())?.register).toBe(true);
  });

  it('WeChat QR login on two devices: the phone confirms, the desktop logs in, the phone says 已在电脑上登录', async () => {
    await page.goto(`${baseUrl}/login`);
    await page.getByRole('tab', { name: '微信登录' }).click();
    await page.getByRole('img', { name: '微信登录二维码' }).first().waitFor();
    // The address the QR code holds (the 在本机打开 link is the same one, asking to finish here).
    const here = await page.getByRole('link', { name: '在本机打开微信模拟器' }).getAttribute('href');
    expect(here).toMatch(/&here=1$/);
    const scanned = new URL(here!.replace(/&here=1$/, ''), baseUrl).href;

    const phoneContext = await browser.newContext({
      locale: 'zh-CN',
      viewport: { width: 390, height: 844 },
      isMobile: true,
    });
    try {
      const phone = await phoneContext.newPage();
      await phone.goto(scanned);
      await phone.getByRole('heading', { name: '微信登录模拟器' }).waitFor();
      await phone.getByLabel('微信号', { exact: true }).fill(`wx_two_${Date.now()}`);
      await phone.getByRole('button', { name: '确认登录' }).click();
      await phone.getByRole('heading', { name: '已确认登录' }).waitFor();

      // The desktop is told and logs in (a new WeChat user binds a phone next).
      await page.waitForURL('**/wxAuth**');
      await page.getByText('绑定手机号').first().waitFor();
      expect((await storedUser())?.token).toBeTruthy();
      // The phone says so, and is not logged in itself.
      await phone.getByRole('heading', { name: '已在电脑上登录' }).waitFor();
      expect((await phoneContext.cookies()).map((c) => c.name)).not.toContain('studio_member');
      expect(
        await phone.evaluate((key) => window.localStorage.getItem(key), USER_INFO_STORAGE_KEY),
      ).toBeNull();
    } finally {
      await phoneContext.close();
    }
  });

  it('a signed-in user without a team browses the store and a buy page; buying asks for a team first', async () => {
    const user = await apiSignUp(baseUrl, logFile, uniquePhone());
    expect(user.lastTeam).toBeNull();
    await useSession(context, user);
    const list = (await (await fetch(`${baseUrl}/api/store/list?pageNum=1&pageSize=12`)).json()) as {
      data: { list: { courseId: number; title: string }[] };
    };
    const course = list.data.list[0]!;
    await page.goto(`${baseUrl}/store/list`);
    await page.getByText(course.title).first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/store/list');
    await page.goto(`${baseUrl}/store/preview/${course.courseId}`);
    await page.getByRole('heading', { name: course.title }).first().waitFor();
    expect(await page.getByRole('button', { name: '立即购买' }).count()).toBe(0);
    await page.getByRole('link', { name: '创建或加入团队后购买' }).click();
    await page.waitForURL('**/selectTeam');
  });

  it('sends a user whose token expired to /login with the notice', async () => {
    const user = await apiLogin(baseUrl, '13800000001', 'demo1234');
    await useSession(context, user);
    await page.goto(`${baseUrl}/personal/user`);
    await page.getByText('个人资料').first().waitFor();
    await sql(`update sessions set expires_at = now() - interval '1 second' where user_id = $1`, [
      user.userId,
    ]);
    await page.goto(`${baseUrl}/author`);
    await page.waitForURL('**/login**');
    await page.getByText('登录已过期，请重新登录').first().waitFor();
    expect(await storedUser()).toBeNull();
  });

  it('shows the 404 page for an unknown path, answered with 404', async () => {
    const response = await page.goto(`${baseUrl}/this/does/not/exist`);
    expect(response?.status()).toBe(404);
    await page.getByText('页面不存在').first().waitFor();
    await page
      .getByRole('link', { name: '返回首页' })
      .or(page.getByRole('button', { name: '返回首页' }))
      .first()
      .waitFor();
  });
});
