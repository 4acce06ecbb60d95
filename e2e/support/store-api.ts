/** Accounts, uploads and purchases made through the real API, for journeys that need a seller and a buyer. */
import type { UserInfo } from '@studio/contract';
import { expect } from 'vitest';
import { PNG } from './authoring.ts';
import { uniquePhone } from './browser.ts';
import { apiAs, apiSignUp } from './session.ts';

/** A fresh account with its own team, as the app stores it after login (current team set). */
export async function accountWithTeam(baseUrl: string, logFile: string, teamName: string): Promise<UserInfo> {
  const user = await apiSignUp(baseUrl, logFile, uniquePhone());
  await apiAs(baseUrl, user, '/team/create', { teamName });
  return { ...(await apiAs<UserInfo>(baseUrl, user, '/user/info')), token: user.token };
}

/** The user's stored session after switching to another team (what the app keeps in localStorage). */
export async function inTeam(baseUrl: string, user: UserInfo, teamId: number): Promise<UserInfo> {
  await apiAs(baseUrl, user, '/team/change', { teamId });
  return { ...(await apiAs<UserInfo>(baseUrl, user, '/user/info')), token: user.token };
}

export async function uploadCover(baseUrl: string, user: UserInfo): Promise<string> {
  const form = new FormData();
  form.append('kind', 'cover');
  form.append('file', new Blob([PNG], { type: 'image/png' }), 'cover.png');
  const res = await fetch(`${baseUrl}/api/file/upload`, {
    method: 'POST',
    headers: { 'x-request-tkToken': user.token, 'x-request-tkForm': 'pc' },
    body: form,
  });
  const body = (await res.json()) as { code: number; data: { url: string } };
  expect(body.code).toBe(200);
  return body.data.url;
}

/** Buys through the cart and pays on the sandbox page, as the pay page's QR code would. */
export async function buyAndPay(baseUrl: string, user: UserInfo, courseId: number) {
  await apiAs(baseUrl, user, '/cart/add', { courseId });
  const order = await apiAs<{ orderId: number }>(baseUrl, user, '/order/checkout', { courseIds: [courseId] });
  const pay = await apiAs<{ qrUrl: string }>(baseUrl, user, '/order/pay', { orderId: order.orderId });
  const confirm = await fetch(`${baseUrl}/api/pay/sandbox/confirm`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URL(pay.qrUrl).searchParams.toString(),
  });
  expect(await confirm.text()).toContain('支付成功');
}

/** The demo store's course every fresh server seeds (¥99.00). */
export const DEMO_COURSE = 'Python 零基础入门';

/** The id of `DEMO_COURSE`. */
export async function demoCourseId(baseUrl: string): Promise<number> {
  const res = await fetch(`${baseUrl}/api/store/list?keyword=${encodeURIComponent('零基础')}`);
  const body = (await res.json()) as { data: { list: { courseId: number; title: string }[] } };
  return body.data.list.find((c) => c.title === DEMO_COURSE)!.courseId;
}
