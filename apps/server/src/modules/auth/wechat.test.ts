import { Code, type UserInfo, type WechatQr, type WechatStatus } from '@studio/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createUser, lastCode, newPhone } from '../../../test/factories.ts';
import { fakeWechatServer, type FakeWechat } from '../../../test/fake-wechat.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

/**
 * A QR login as two devices: the desktop's page asks for the QR code and then its status; the phone
 * scans (opens the simulator's page) and confirms. The desktop's next status answer carries the code
 * it finishes the login with at /wxAuth, as WeChat's own page would redirect it.
 */
async function scanWithSimulator(t: TestApp, wxid: string) {
  const qr = await call<WechatQr>(t, 'GET', '/auth/wechat/qr');
  expect(qr.data.mode).toBe('simulator');
  const status = () =>
    call<WechatStatus>(t, 'GET', '/auth/wechat/status', { query: { state: qr.data.state } });
  expect((await status()).data).toEqual({ status: 'waiting', code: null });
  const page = await t.app.inject({
    method: 'GET',
    url: new URL(qr.data.qrUrl).pathname + new URL(qr.data.qrUrl).search,
  });
  expect(page.body).toContain('微信登录模拟器');
  expect(page.body).not.toContain('name="here"');
  const confirm = await t.app.inject({
    method: 'POST',
    url: '/api/auth/wechat/simulator/confirm',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ state: qr.data.state, wxid, nickName: '小微' }).toString(),
  });
  // The phone stays on the simulator: it waits for the desktop, which is told the code.
  expect(confirm.statusCode).toBe(303);
  const phone = () => t.app.inject({ method: 'GET', url: confirm.headers.location as string });
  expect((await phone()).body).toContain('已确认登录');
  const told = await status();
  expect(told.data.status).toBe('confirmed');
  return { code: told.data.code!, state: qr.data.state, phone, status };
}

describe('WeChat simulator login', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('a phone confirms; the desktop is told the code and logs in; the phone then says 已在电脑上登录', async () => {
    const { code, state, phone, status } = await scanWithSimulator(t, 'wx_two_devices');
    const waiting = (await phone()).body;
    expect(waiting).toContain('http-equiv="refresh"');
    expect(waiting).not.toContain('已在电脑上登录');
    const desktop = await call<UserInfo>(t, 'POST', '/auth/wechat/callback', { body: { code, state } });
    expect(desktop.code).toBe(200);
    expect(desktop.data.token).toBeTruthy();
    const done = (await phone()).body;
    expect(done).toContain('已在电脑上登录');
    expect(done).not.toContain('http-equiv="refresh"');
    // The code worked once: the QR code is spent.
    expect((await status()).data).toEqual({ status: 'expired', code: null });
    expect((await call(t, 'GET', '/auth/wechat/status', { query: { state: 'no-such-state' } })).data).toEqual(
      { status: 'expired', code: null },
    );
  });

  it('opened on the same computer (在本机打开), confirming goes on to /wxAuth in that window', async () => {
    const qr = await call<WechatQr>(t, 'GET', '/auth/wechat/qr');
    const url = new URL(qr.data.qrUrl);
    const page = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}&here=1` });
    expect(page.body).toContain('name="here" value="1"');
    const confirm = await t.app.inject({
      method: 'POST',
      url: '/api/auth/wechat/simulator/confirm',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        state: qr.data.state,
        wxid: 'wx_here',
        nickName: '本机',
        here: '1',
      }).toString(),
    });
    expect(confirm.statusCode).toBe(302);
    const back = new URL(confirm.headers.location as string, 'http://x');
    expect(back.pathname).toBe('/wxAuth');
    const signedIn = await call<UserInfo>(t, 'POST', '/auth/wechat/callback', {
      body: { code: back.searchParams.get('code'), state: back.searchParams.get('state') },
    });
    expect(signedIn.data.nickName).toBe('本机');
  });

  it('creates an unregistered user, binds a phone, then logs the same WeChat user in again', async () => {
    const { code, state } = await scanWithSimulator(t, 'wx_alice');
    const first = await call<UserInfo>(t, 'POST', '/auth/wechat/callback', { body: { code, state } });
    expect(first.code).toBe(200);
    expect(first.data.register).toBe(false);
    expect(first.data.nickName).toBe('小微');
    // Not bound yet: the app's team calls refuse the user.
    expect((await call(t, 'GET', '/team/change/list', { token: first.data.token })).code).toBe(
      Code.PHONE_NOT_BOUND,
    );

    const phone = newPhone();
    await call(t, 'POST', '/auth/sms/send', { body: { phone, purpose: 'bind' } });
    const bound = await call<UserInfo>(t, 'POST', '/auth/wechat/bind', {
      token: first.data.token,
      body: { phone, code: lastCode(t, phone) },
    });
    expect(bound.code).toBe(200);
    expect(bound.data.register).toBe(true);
    expect(bound.data.userId).toBe(first.data.userId);
    expect(bound.data.newUser).toBe(true);
    // Bound once: a second bind answers its own code (it was code 400 sent as HTTP 200).
    expect(
      await call(t, 'POST', '/auth/wechat/bind', {
        token: bound.data.token,
        body: { phone, code: '123456' },
      }),
    ).toMatchObject({ status: 200, code: Code.PHONE_ALREADY_BOUND, msg: '已绑定手机号' });
    expect((await call(t, 'GET', '/team/change/list', { token: bound.data.token })).code).toBe(200);

    const again = await scanWithSimulator(t, 'wx_alice');
    const second = await call<UserInfo>(t, 'POST', '/auth/wechat/callback', { body: again });
    expect(second.data.userId).toBe(first.data.userId);
    expect(second.data.register).toBe(true);
  });

  it('moves the WeChat identity onto an existing account with that phone', async () => {
    const phone = newPhone();
    const existing = await createUser(t, phone);
    const scan = await scanWithSimulator(t, 'wx_bob');
    const wx = await call<UserInfo>(t, 'POST', '/auth/wechat/callback', { body: scan });
    await t.app.ctx.db.execute(`delete from rate_limits where key like 'sms-window:%'`);
    await call(t, 'POST', '/auth/sms/send', { body: { phone, purpose: 'bind' } });
    const bound = await call<UserInfo>(t, 'POST', '/auth/wechat/bind', {
      token: wx.data.token,
      body: { phone, code: lastCode(t, phone) },
    });
    expect(bound.code).toBe(200);
    expect(bound.data.userId).toBe(existing.userId);
    expect(bound.data.newUser).toBeUndefined(); // an existing account: welcome back
    // The placeholder account and its session are gone.
    expect((await call(t, 'GET', '/user/info', { token: wx.data.token })).code).toBe(401);
  });

  it('refuses a state used twice or unknown', async () => {
    const scan = await scanWithSimulator(t, 'wx_carol');
    expect((await call(t, 'POST', '/auth/wechat/callback', { body: scan })).code).toBe(200);
    expect((await call(t, 'POST', '/auth/wechat/callback', { body: scan })).code).toBe(
      Code.WECHAT_STATE_INVALID,
    );
    const bogus = await call(t, 'POST', '/auth/wechat/callback', { body: { code: 'x', state: 'nope' } });
    expect(bogus.code).toBe(Code.WECHAT_STATE_INVALID);
  });
});

describe('WeChat Open Platform client against a fake WeChat server', () => {
  let t: TestApp;
  let wechat: FakeWechat;

  beforeAll(async () => {
    wechat = await fakeWechatServer((url) => {
      if (url.pathname === '/sns/oauth2/access_token') {
        const good =
          url.searchParams.get('code') === 'good-code' && url.searchParams.get('secret') === 'sec-123';
        return good
          ? { access_token: 'AT', openid: 'OPENID-1', unionid: 'U1' }
          : { errcode: 40029, errmsg: 'invalid code' };
      }
      if (url.pathname === '/sns/userinfo')
        return { nickname: '真微信', headimgurl: 'https://wx.example/h.png', unionid: 'U1' };
      return null;
    });
    t = await wechat.app();
  });
  afterAll(async () => {
    await t.close();
    wechat.close();
  });

  it('builds the qrconnect URL and exchanges the code for the profile', async () => {
    const qr = await call<WechatQr>(t, 'GET', '/auth/wechat/qr');
    expect(qr.data.mode).toBe('open');
    const url = new URL(qr.data.qrUrl);
    expect(url.pathname).toBe('/connect/qrconnect');
    expect(url.searchParams.get('appid')).toBe('wxapp');
    expect(url.searchParams.get('scope')).toBe('snsapi_login');
    expect(url.searchParams.get('redirect_uri')).toBe('https://studio.example/wxAuth');
    expect(url.searchParams.get('state')).toBe(qr.data.state);

    const res = await call<UserInfo>(t, 'POST', '/auth/wechat/callback', {
      body: { code: 'good-code', state: qr.data.state },
    });
    expect(res.code).toBe(200);
    expect(res.data.nickName).toBe('真微信');
    expect(res.data.register).toBe(false);
    expect(wechat.seen.some((s) => s.startsWith('/sns/userinfo?access_token=AT&openid=OPENID-1'))).toBe(true);
    // The simulator is not mounted in open mode.
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/auth/wechat/simulator?state=x' })).statusCode,
    ).toBe(404);
  });

  it('answers a clear error when WeChat refuses the code', async () => {
    const qr = await call<WechatQr>(t, 'GET', '/auth/wechat/qr');
    const res = await call(t, 'POST', '/auth/wechat/callback', {
      body: { code: 'bad', state: qr.data.state },
    });
    expect(res.code).toBe(Code.WECHAT_LOGIN_FAILED);
  });
});
