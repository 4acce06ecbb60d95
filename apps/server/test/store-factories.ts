/** Store factories: a seller team with a released course, a buyer team. Made through the real API. */
import { expect } from 'vitest';
import type { Cart, Order, PayInfo } from '@studio/contract';
import { call, createCourse, createLesson, createTeam, createUser, writeLesson } from './factories.ts';
import type { TestApp } from './test-app.ts';

const COVER = '/api/files/cover/2026/11/abcdefghijkl.png';

/** A team with one released course of two lessons (the first a free preview). */
export async function seller(t: TestApp, title: string, price: number, category = 'tech') {
  const user = await createUser(t);
  await createTeam(t, user.token, '卖家团队');
  const courseId = await releasedCourse(t, user.token, title, price, category);
  return { user, courseId };
}

/** Another released course of two lessons (the first a free preview) in the user's current team. */
export async function releasedCourse(
  t: TestApp,
  token: string,
  title: string,
  price: number,
  category = 'tech',
) {
  const course = await createCourse(t, token, title);
  const free = await createLesson(t, token, course.courseId, '试看课');
  const paid = await createLesson(t, token, course.courseId, '付费课');
  await writeLesson(t, token, free.lessonId, '试看的内容', true);
  await writeLesson(t, token, paid.lessonId, '付费的内容');
  await call(t, 'POST', '/course/modify', {
    token,
    body: {
      courseId: course.courseId,
      version: course.version,
      cover: COVER,
      summary: '简介',
      price,
      category,
    },
  });
  const rel = await call(t, 'POST', '/course/release', { token, body: { courseId: course.courseId } });
  expect(rel.code).toBe(200);
  return course.courseId;
}

/** A course that may be released (cover, summary, price) with one lesson holding `text`, not released. */
export async function releasableLesson(t: TestApp, token: string, title: string, text: string) {
  const course = await createCourse(t, token, title);
  const { lessonId } = await createLesson(t, token, course.courseId, '第一课');
  await writeLesson(t, token, lessonId, text);
  const body = {
    courseId: course.courseId,
    version: course.version,
    cover: COVER,
    summary: '简介',
    price: 100,
    category: 'tech',
  };
  await call(t, 'POST', '/course/modify', { token, body });
  return { courseId: course.courseId, lessonId };
}

export async function buyer(t: TestApp) {
  const user = await createUser(t);
  const team = await createTeam(t, user.token, '买家团队');
  return { user, team };
}

/** Pays like a person: opens the QR's sandbox page and presses 确认支付. */
export async function payInSandbox(t: TestApp, token: string, orderId: number) {
  const pay = await call<PayInfo>(t, 'POST', '/order/pay', { token, body: { orderId } });
  expect(pay.code).toBe(200);
  const url = new URL(pay.data.qrUrl);
  const page = await t.app.inject({ method: 'GET', url: url.pathname + url.search });
  expect(page.body).toContain('确认支付');
  const confirm = await t.app.inject({
    method: 'POST',
    url: '/api/pay/sandbox/confirm',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: url.searchParams.toString(),
  });
  expect(confirm.body).toContain('支付成功');
}

/** A seller's course bought by a new buyer team through the cart, and paid in the sandbox (unless told). */
export async function boughtCourse(t: TestApp, title: string, price: number, pay = true) {
  const s = await seller(t, title, price);
  const b = await buyer(t);
  await call<Cart>(t, 'POST', '/cart/add', { token: b.user.token, body: { courseId: s.courseId } });
  const order = (await call<Order>(t, 'POST', '/order/checkout', { token: b.user.token, body: {} })).data;
  if (pay) await payInSandbox(t, b.user.token, order.orderId);
  return { s, b, order };
}
