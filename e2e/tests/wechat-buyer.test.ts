/**
 * The buyer's whole line inside WeChat (issue 44, journey a), on the embedded default at 390 px with
 * WeChat's user agent: a person who once logged in on a desktop by the Open Platform QR (and so has a
 * phone and a team) gets a course's share link in a chat, opens it, reads the free lesson, goes to buy,
 * logs in by 微信一键登录 (the 公众号 simulator) and is that same account (one unionid), buys, pays by
 * WeChat Pay JSAPI (the sandbox's pay sheet; a stand-in WeixinJSBridge shows the sandbox never calls
 * the real one), then opens 我的学习 from the phone's tab bar and plays the paid video lesson inline,
 * named on the lock screen (Media Session).
 */
import { Routes, type UserInfo } from '@studio/contract';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { WECHAT_UA } from '../support/account-tabs.ts';
import { launchBrowser, uniquePhone } from '../support/browser.ts';
import { makeClip, playedPast, uploadMedia, waitReady } from '../support/media.ts';
import { smsCodeFromLog } from '../support/server.ts';
import { apiAs } from '../support/session.ts';
import { accountWithTeam, uploadCover } from '../support/store-api.ts';

const baseUrl = inject('baseUrl');
const logFile = inject('logFile');
const TITLE = `微信里买的视频课${Date.now() % 100_000}`;
const FREE_TEXT = '试看课时：人人可读。';
const CLIP_TITLE = '付费视频';
const WXID = `wx_buyer_${Date.now() % 1_000_000}`;

let browser: Browser;
let context: BrowserContext;
let buyer: UserInfo;
let courseId: number;
let shareUrl: string;

/** A JSON call of our API; answers `data`, or throws with the code. */
async function post<T>(path: string, body: unknown, token?: string): Promise<T> {
  const res = await fetch(`${baseUrl}/api${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-request-tkForm': 'pc',
      ...(token ? { 'x-request-tkToken': token } : {}),
    },
    body: JSON.stringify(body),
  });
  const envelope = (await res.json()) as { code: number; msg: string; data: T };
  if (envelope.code !== 200 && envelope.code !== 10005)
    throw new Error(`${path}: ${envelope.code} ${envelope.msg}`);
  return envelope.data;
}

/**
 * The person's desktop past, through the API: a QR login confirmed on the WeChat simulator as `WXID`,
 * a phone bound by SMS code, a team made. Answers the account as the app stores it.
 */
async function desktopQrAccount(): Promise<UserInfo> {
  const qr = (await (await fetch(`${baseUrl}/api${Routes.auth.wechatQr}`)).json()) as {
    data: { state: string };
  };
  const { state } = qr.data;
  const confirmed = await fetch(`${baseUrl}/api${Routes.auth.wechatSimulatorConfirm}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ state, wxid: WXID, nickName: '微信买家', here: '1' }).toString(),
    redirect: 'manual',
  });
  const code = new URL(confirmed.headers.get('location')!, baseUrl).searchParams.get('code')!;
  const qrUser = await post<UserInfo>(Routes.auth.wechatCallback, { code, state });
  expect(qrUser.register).toBe(false);
  const phone = uniquePhone();
  await post(Routes.auth.smsSend, { phone, purpose: 'bind' }, qrUser.token);
  const bound = await post<UserInfo>(
    Routes.auth.wechatBind,
    { phone, code: await smsCodeFromLog(logFile, phone) },
    qrUser.token,
  );
  await apiAs(baseUrl, bound, '/team/create', { teamName: '微信买家的团队' });
  return { ...(await apiAs<UserInfo>(baseUrl, bound, '/user/info')), token: bound.token };
}

/** ¥19.90: a free text lesson, then a paid video lesson; released, with a share link. */
async function releaseVideoCourse(seller: UserInfo): Promise<{ courseId: number; shareUrl: string }> {
  const api = <T>(p: string, body?: unknown) => apiAs<T>(baseUrl, seller, p, body);
  const mediaId = await uploadMedia(baseUrl, seller, await makeClip(6));
  await waitReady(baseUrl, seller, mediaId);
  const course = await api<{ courseId: number; version: number }>('/course/create', { title: TITLE });
  const lessons = [
    {
      title: '第一课 试看',
      free: true,
      content: [{ type: 'paragraph', content: [{ type: 'text', text: FREE_TEXT }] }],
    },
    {
      title: '第二课 视频',
      free: false,
      content: [
        { type: 'paragraph', content: [{ type: 'text', text: '买了才能看的视频。' }] },
        { type: 'media', attrs: { mediaId, kind: 'video', title: CLIP_TITLE } },
      ],
    },
  ];
  for (const l of lessons) {
    const lesson = await api<{ lessonId: number; version: number }>('/lesson/create', {
      courseId: course.courseId,
      title: l.title,
    });
    await api('/lesson/save', {
      lessonId: lesson.lessonId,
      version: lesson.version,
      content: { type: 'doc', content: l.content },
      freePreview: l.free,
    });
  }
  await api('/course/modify', {
    courseId: course.courseId,
    version: course.version,
    cover: await uploadCover(baseUrl, seller),
    summary: '在微信里打开、购买并学习的视频课。',
    category: 'tech',
    price: 1990,
  });
  await api('/course/release', { courseId: course.courseId });
  const share = await api<{ url: string }>('/share/create', { courseId: course.courseId });
  return { courseId: course.courseId, shareUrl: share.url };
}

beforeAll(async () => {
  browser = await launchBrowser();
  const seller = await accountWithTeam(baseUrl, logFile, '微信课卖家');
  ({ courseId, shareUrl } = await releaseVideoCourse(seller));
  buyer = await desktopQrAccount();
  context = await browser.newContext({
    locale: 'zh-CN',
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    userAgent: WECHAT_UA,
  });
  // WeChat's own bridge, standing in: the sandbox plays the pay sheet itself and must never call it.
  await context.addInitScript(() => {
    const w = window as unknown as { bridgeCalls: number; WeixinJSBridge: object };
    w.bridgeCalls = 0;
    w.WeixinJSBridge = { invoke: () => (w.bridgeCalls += 1) };
  });
  // WeChat's JSSDK, standing in (its script cannot load here): records the share card it is given.
  await context.addInitScript(() => {
    const seen: unknown[] = [];
    (window as unknown as { wxSeen: unknown[] }).wxSeen = seen;
    (window as unknown as { wx: unknown }).wx = {
      config: (c: unknown) => seen.push(['config', c]),
      ready: (fn: () => void) => fn(),
      updateAppMessageShareData: (d: unknown) => seen.push(['app', d]),
      updateTimelineShareData: (d: unknown) => seen.push(['timeline', d]),
    };
  });
}, 240_000);
afterAll(async () => {
  await context?.close();
  await browser?.close();
});

describe('inside WeChat, from a shared link to a playing lesson', () => {
  it('opens the share link, logs in by 微信一键登录 as the desktop account, buys, pays by JSAPI and plays', async () => {
    const page = await context.newPage();
    // The link from the chat: the free lesson reads, the paid one is locked with a way to buy.
    await page.goto(shareUrl);
    await page.getByRole('heading', { level: 1, name: TITLE }).waitFor();
    await page.getByText(FREE_TEXT).waitFor();
    const locked = page.getByRole('article', { name: '第二课 视频' });
    await locked.getByRole('link', { name: '购买课程' }).click();
    await page.waitForURL(`**/store/preview/${courseId}`);
    await page.getByRole('link', { name: '登录后购买' }).first().click();
    await page.waitForURL((url) => url.pathname === '/login');

    // Inside WeChat: 微信一键登录 first; the 公众号 asks once; the same person as the desktop's QR.
    await page.getByRole('button', { name: '微信一键登录' }).click();
    await page.getByRole('heading', { name: '微信授权模拟器' }).waitFor();
    await page.getByLabel('微信号', { exact: true }).fill(WXID);
    await page.getByRole('button', { name: '允许' }).click();
    await page.waitForURL(`**/store/preview/${courseId}`);
    const stored = await page.evaluate(
      () => JSON.parse(localStorage.getItem('userInfo') ?? 'null') as UserInfo,
    );
    expect(stored.userId).toBe(buyer.userId);
    expect(stored.register).toBe(true);
    // The member's buy page (the app's own) sets the chat's share card too, from the course itself.
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { wxSeen: unknown[] }).wxSeen))
      .toContainEqual([
        'app',
        expect.objectContaining({ title: TITLE, desc: '在微信里打开、购买并学习的视频课。' }),
      ]);

    // 立即购买 → the pay page offers WeChat Pay (JSAPI) first; its sheet is the sandbox's.
    await page.getByRole('button', { name: '立即购买' }).click();
    await page.waitForURL(/\/store\/pay\/\d+$/);
    await page.locator('.store-pay-method-wechat.is-selected').waitFor();
    await page.getByRole('button', { name: '微信支付' }).click();
    await page.getByRole('heading', { name: '微信支付（沙箱）' }).waitFor();
    await page.getByText('¥19.90').first().waitFor();
    await page.getByRole('button', { name: '确认支付' }).click();
    await page.waitForURL(/\/store\/pay\/\d+\?from=pay$/);
    await page.getByText('支付成功').waitFor({ timeout: 15_000 });
    expect(await page.evaluate(() => (window as unknown as { bridgeCalls: number }).bridgeCalls)).toBe(0);

    // 我的学习 from the phone's tab bar, the course, the paid video lesson: playing inline, on the lock screen.
    const tabs = page.getByRole('navigation', { name: '底部导航' });
    await tabs.getByRole('link', { name: '我的学习' }).click();
    await page.waitForURL((url) => url.pathname === '/learn');
    const card = page.getByRole('article', { name: TITLE });
    await card.getByRole('button', { name: '开始学习' }).click();
    await page.waitForURL(`**/learn/course/${courseId}**`);
    await page.getByRole('heading', { name: '第一课 试看' }).waitFor();
    await page.getByRole('button', { name: '下一课时' }).click();
    await page.getByRole('heading', { name: '第二课 视频' }).waitFor();
    await page.getByRole('button', { name: `播放视频：${CLIP_TITLE}` }).click();
    await playedPast(page, 1);
    const video = page.locator('video');
    expect(await video.evaluate((v) => v.hasAttribute('playsinline'))).toBe(true);
    expect(await video.getAttribute('x5-video-player-type')).toBe('h5-page');
    expect(await page.evaluate(() => navigator.mediaSession.metadata?.title)).toBe('第二课 视频');
    expect(await page.evaluate(() => navigator.mediaSession.metadata?.artist)).toBe(TITLE);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
