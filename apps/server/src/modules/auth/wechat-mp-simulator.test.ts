/**
 * 公众号 网页授权 in the simulator (WECHAT_MP_MODE=simulator): login, binding a phone, one account by
 * unionid or phone, the state's refusals, snsapi_base's openid and `next`. Against a fake WeChat
 * server: wechat-mp-oauth.test.ts.
 */
import { Code, type MpAuthorize, type MpBaseResult, type UserInfo, type WechatQr } from '@studio/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createUser, lastCode, newPhone } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { browser, type Browser } from '../../../test/fake-wechat.ts';

const local = (u: string) => {
  const url = new URL(u);
  return url.pathname + url.search;
};

/** 微信一键登录 in the simulator: start, the authorisation screen, 允许 as `wxid`; WeChat's return URL. */
async function authorizeInSimulator(b: Browser, wxid: string, allow = '1') {
  const start = await b.post<MpAuthorize>('/auth/wechat/mp/login', {});
  expect(start.code).toBe(200);
  expect(start.data.mode).toBe('simulator');
  const screen = await b.get(local(start.data.authorizeUrl));
  expect(screen.body).toContain('微信授权模拟器');
  expect(screen.body).toContain('允许');
  const auth = new URL(start.data.authorizeUrl);
  const back = await b.form('/api/auth/wechat/mp/simulator/confirm', {
    state: start.data.state,
    redirect_uri: auth.searchParams.get('redirect_uri')!,
    wxid,
    nickName: '公众号用户',
    allow,
  });
  expect(back.statusCode).toBe(302);
  const ret = new URL(back.headers.location as string);
  expect(ret.pathname).toBe('/wxAuth');
  expect(ret.searchParams.get('state')).toBe(start.data.state);
  return { code: ret.searchParams.get('code'), state: start.data.state };
}

async function qrLogin(t: TestApp, wxid: string): Promise<UserInfo> {
  const qr = await call<WechatQr>(t, 'GET', '/auth/wechat/qr');
  const confirm = await t.app.inject({
    method: 'POST',
    url: '/api/auth/wechat/simulator/confirm',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ state: qr.data.state, wxid, nickName: '扫码', here: '1' }).toString(),
  });
  const code = new URL(confirm.headers.location as string, 'http://x').searchParams.get('code')!;
  const res = await call<UserInfo>(t, 'POST', '/auth/wechat/callback', {
    body: { code, state: qr.data.state },
  });
  expect(res.code).toBe(200);
  return res.data;
}

async function bindPhone(t: TestApp, token: string, phone = newPhone()) {
  await call(t, 'POST', '/auth/sms/send', { body: { phone, purpose: 'bind' } });
  return call<UserInfo>(t, 'POST', '/auth/wechat/bind', { token, body: { phone, code: lastCode(t, phone) } });
}

/** The silent snsapi_base for a logged-in user: the URL, WeChat's return, the callback's answer. */
async function recordOpenId(t: TestApp, b: Browser, token: string, next = '/store/preview/1') {
  const start = await b.post<MpAuthorize>('/auth/wechat/mp/base', { next }, token);
  expect(start.code).toBe(200);
  const auth = new URL(start.data.authorizeUrl);
  expect(auth.searchParams.get('scope')).toBe('snsapi_base');
  const back = await b.get(local(start.data.authorizeUrl));
  // Silent: WeChat goes straight back with a code.
  expect(back.statusCode).toBe(302);
  const ret = new URL(back.headers.location as string);
  return b.post<MpBaseResult>(
    '/auth/wechat/mp/base/callback',
    { code: ret.searchParams.get('code'), state: ret.searchParams.get('state') },
    token,
  );
}

describe('公众号 网页授权 in the simulator', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('a new WeChat user logs in with register:false, binds a phone by SMS, and logs in again as the same account', async () => {
    const b = browser(t);
    const { code, state } = await authorizeInSimulator(b, 'wx_mp_new');
    const res = await b.post<UserInfo>('/auth/wechat/mp/login/callback', { code, state });
    expect(res.code).toBe(200);
    expect(res.data.register).toBe(false);
    expect(res.data.nickName).toBe('公众号用户');
    const bound = await bindPhone(t, res.data.token);
    expect(bound.code).toBe(200);
    expect(bound.data.register).toBe(true);
    const b2 = browser(t);
    const again = await authorizeInSimulator(b2, 'wx_mp_new');
    const second = await b2.post<UserInfo>('/auth/wechat/mp/login/callback', again);
    expect(second.data.userId).toBe(res.data.userId);
    expect(second.data.register).toBe(true);
  });

  it('the same unionid by the QR login and then by the 公众号 is one account, which keeps both openids', async () => {
    const byQr = await qrLogin(t, 'wx_same_person');
    const b = browser(t);
    const { code, state } = await authorizeInSimulator(b, 'wx_same_person');
    const byMp = await b.post<UserInfo>('/auth/wechat/mp/login/callback', { code, state });
    expect(byMp.code).toBe(200);
    expect(byMp.data.userId).toBe(byQr.userId);
    // And the QR again is still that account (its openid was kept).
    expect((await qrLogin(t, 'wx_same_person')).userId).toBe(byQr.userId);
    // The 公众号 openid is recorded on it: another account cannot take it by snsapi_base.
    const other = await createUser(t);
    const ob = browser(t);
    ob.jar.set('wxsim_mp', 'wx_same_person');
    expect((await recordOpenId(t, ob, other.token)).code).toBe(Code.WECHAT_MP_OPENID_TAKEN);
  });

  it('the 公众号 first, then the QR login: one account', async () => {
    const b = browser(t);
    const { code, state } = await authorizeInSimulator(b, 'wx_mp_first');
    const byMp = await b.post<UserInfo>('/auth/wechat/mp/login/callback', { code, state });
    expect((await qrLogin(t, 'wx_mp_first')).userId).toBe(byMp.data.userId);
  });

  it('binding a phone that has an account moves the 公众号 openid onto it', async () => {
    const phone = newPhone();
    const owner = await createUser(t, phone);
    const b = browser(t);
    const { code, state } = await authorizeInSimulator(b, 'wx_merge_mp');
    const res = await b.post<UserInfo>('/auth/wechat/mp/login/callback', { code, state });
    const merged = await bindPhone(t, res.data.token, phone);
    expect(merged.code).toBe(200);
    expect(merged.data.userId).toBe(owner.userId);
    // The 公众号 openid itself moved onto the phone's account: no other account can record it.
    const other = await createUser(t);
    const ob = browser(t);
    ob.jar.set('wxsim_mp', 'wx_merge_mp');
    expect((await recordOpenId(t, ob, other.token)).code).toBe(Code.WECHAT_MP_OPENID_TAKEN);
    const again = await authorizeInSimulator(b, 'wx_merge_mp');
    const back = await b.post<UserInfo>('/auth/wechat/mp/login/callback', again);
    expect(back.data.userId).toBe(owner.userId);
  });

  it('refuses a state from another browser, a reused state and a replayed code', async () => {
    const b = browser(t);
    const { code, state } = await authorizeInSimulator(b, 'wx_replay');
    const thief = browser(t);
    const foreign = await thief.post('/auth/wechat/mp/login/callback', { code, state });
    expect(foreign.code).toBe(Code.WECHAT_STATE_OTHER_BROWSER);
    const noCookie = await call(t, 'POST', '/auth/wechat/mp/login/callback', { body: { code, state } });
    expect(noCookie.code).toBe(Code.WECHAT_STATE_OTHER_BROWSER);
    expect((await b.post('/auth/wechat/mp/login/callback', { code, state })).code).toBe(200);
    expect((await b.post('/auth/wechat/mp/login/callback', { code, state })).code).toBe(
      Code.WECHAT_STATE_INVALID,
    );
    // The same code with a fresh state of this browser: refused, WeChat gives a code once.
    const fresh = await b.post<MpAuthorize>('/auth/wechat/mp/login', {});
    const replay = await b.post('/auth/wechat/mp/login/callback', { code, state: fresh.data.state });
    expect(replay.code).toBe(Code.WECHAT_CODE_USED);
  });

  it('拒绝 returns without a code', async () => {
    const { code } = await authorizeInSimulator(browser(t), 'wx_deny', '0');
    expect(code).toBeNull();
  });

  it('snsapi_base records the openid on the logged-in user; another account holding it is refused', async () => {
    const me = await createUser(t);
    const b = browser(t);
    b.jar.set('wxsim_mp', 'wx_base_one');
    const res = await recordOpenId(t, b, me.token, '/store/preview/7?x=1');
    expect(res.code).toBe(200);
    expect(res.data.next).toBe('/store/preview/7?x=1');
    // Again with the same WeChat: fine (nothing changes).
    expect((await recordOpenId(t, b, me.token)).code).toBe(200);
    // Another WeChat on the same account: never overwritten silently.
    const b2 = browser(t);
    b2.jar.set('wxsim_mp', 'wx_base_two');
    expect((await recordOpenId(t, b2, me.token)).code).toBe(Code.WECHAT_MP_OPENID_TAKEN);
    // That WeChat's openid on another account: refused.
    const other = await createUser(t);
    expect((await recordOpenId(t, b, other.token)).code).toBe(Code.WECHAT_MP_OPENID_TAKEN);
    // A base state used by another user than the one who started it.
    const start = await b.post<MpAuthorize>('/auth/wechat/mp/base', { next: '/' }, me.token);
    const ret = new URL((await b.get(local(start.data.authorizeUrl))).headers.location as string);
    const stolen = await b.post(
      '/auth/wechat/mp/base/callback',
      { code: ret.searchParams.get('code'), state: start.data.state },
      other.token,
    );
    expect(stolen.code).toBe(Code.WECHAT_STATE_OTHER_BROWSER);
  });

  it('refuses a `next` that leaves the site (open redirect)', async () => {
    const me = await createUser(t);
    for (const next of [
      '//evil.example/x',
      'https://evil.example/',
      '/\\evil.example',
      'javascript:alert(1)',
      'store',
      '/a b',
    ]) {
      const res = await call(t, 'POST', '/auth/wechat/mp/base', { token: me.token, body: { next } });
      expect(res.status, next).toBe(400);
      expect(res.code, next).toBe(Code.REDIRECT_NOT_ALLOWED);
    }
    expect((await call(t, 'POST', '/auth/wechat/mp/base', { body: { next: '/' } })).code).toBe(401);
  });

  it('the simulator returns only to this site, and garbage never answers 5xx', async () => {
    const b = browser(t);
    const start = await b.post<MpAuthorize>('/auth/wechat/mp/login', {});
    const u = new URL(start.data.authorizeUrl);
    u.searchParams.set('redirect_uri', 'https://evil.example/wxAuth');
    const page = await b.get(local(u.toString()));
    expect(page.body).toContain('授权已失效');
    const me = await createUser(t);
    const tries: [string, unknown][] = [
      ['/auth/wechat/mp/login/callback', { code: 'x', state: 'y' }],
      ['/auth/wechat/mp/login/callback', { code: '', state: 'x'.repeat(500) }],
      ['/auth/wechat/mp/login/callback', 'not json'],
      ['/auth/wechat/mp/base/callback', { code: 'x', state: 'y' }],
      ['/auth/wechat/mp/base', { next: 5 }],
    ];
    for (const [url, body] of tries) {
      const res = await b.post(url, body, me.token);
      expect(res.status, url).toBeLessThan(500);
      expect(res.code, url).not.toBe(200);
    }
    for (const q of [
      '',
      '?state=x',
      '?appid=a&redirect_uri=%&response_type=code&scope=snsapi_base&state=x',
    ]) {
      expect((await b.get(`/api/auth/wechat/mp/simulator${q}`)).statusCode).toBeLessThan(500);
    }
  });
});
