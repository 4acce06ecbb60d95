/**
 * Links handed to users (invite, share, WeChat simulator QR, sandbox payment QR) follow the address
 * the app was opened at when PUBLIC_URL is unset, and PUBLIC_URL when it is set.
 */
import type { InviteCreated, Order, PayInfo, Share, WechatQr } from '@studio/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCourse, createTeam, createUser } from './factories.ts';
import { buyer, seller } from './store-factories.ts';
import { createTestApp, type TestApp } from './test-app.ts';

type Links = { invite: string; share: string; wechatQr: string; payQr: string };

/** Every user-facing link, all requested with the same extra headers (e.g. `Host`). */
async function linksFrom(t: TestApp, headers: Record<string, string>): Promise<Links> {
  const post = async <T>(url: string, token: string, body: object = {}) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api${url}`,
      payload: body,
      headers: { 'x-request-tkToken': token, ...headers },
    });
    const env = res.json() as { code: number; data: T };
    expect(env.code, url).toBe(200);
    return env.data;
  };
  const owner = await createUser(t);
  await createTeam(t, owner.token);
  const course = await createCourse(t, owner.token);
  const invite = await post<InviteCreated>('/team/invite/create', owner.token, {
    role: 'MEMBER',
    expireHours: 24,
  });
  const share = await post<Share>('/share/create', owner.token, {
    courseId: course.courseId,
    allowCopy: false,
  });
  const qr = await t.app.inject({ method: 'GET', url: '/api/auth/wechat/qr', headers });
  const s = await seller(t, '链接测试课程', 990);
  const b = await buyer(t);
  await post('/cart/add', b.user.token, { courseId: s.courseId });
  const order = await post<Order>('/order/checkout', b.user.token);
  const pay = await post<PayInfo>('/order/pay', b.user.token, { orderId: order.orderId });
  return {
    invite: invite.url,
    share: share.url,
    wechatQr: (qr.json() as { data: WechatQr }).data.qrUrl,
    payQr: pay.qrUrl,
  };
}

const expectOrigin = (links: Links, origin: string) => {
  for (const url of Object.values(links)) expect(new URL(url).origin).toBe(origin);
};

describe('links without PUBLIC_URL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('use the address the app was opened at, so a phone on the LAN can open them', async () => {
    const links = await linksFrom(t, { host: '192.168.1.5:3000' });
    expectOrigin(links, 'http://192.168.1.5:3000');
    expect(links.invite).toMatch(/^http:\/\/192\.168\.1\.5:3000\/selectTeam\?invite=/);
    expect(links.payQr).toMatch(/^http:\/\/192\.168\.1\.5:3000\/api\/pay\/sandbox\?/);
    expectOrigin(await linksFrom(t, { host: '127.0.0.1:3000' }), 'http://127.0.0.1:3000');
  });

  it('ignore X-Forwarded-* unless TRUST_PROXY is on', async () => {
    const links = await linksFrom(t, {
      host: '192.168.1.5:3000',
      'x-forwarded-host': 'evil.example',
      'x-forwarded-proto': 'https',
    });
    expectOrigin(links, 'http://192.168.1.5:3000');
  });

  it('fall back to the default address for a Host that is not a host name', async () => {
    const links = await linksFrom(t, { host: 'a b/c' });
    expectOrigin(links, 'http://localhost:3000');
  });
});

describe('links behind a trusted proxy without PUBLIC_URL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: 'true' });
  });
  afterAll(() => t.close());

  it('use the forwarded host and scheme', async () => {
    const links = await linksFrom(t, {
      host: '10.0.0.2:3000',
      'x-forwarded-host': 'studio.lan',
      'x-forwarded-proto': 'https',
    });
    expectOrigin(links, 'https://studio.lan');
  });
});

describe('links with PUBLIC_URL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: 'https://studio.example/' });
  });
  afterAll(() => t.close());

  it('always use PUBLIC_URL, whatever the request says', async () => {
    expectOrigin(await linksFrom(t, { host: '192.168.1.5:3000' }), 'https://studio.example');
  });
});
