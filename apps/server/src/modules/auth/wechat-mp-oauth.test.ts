/**
 * The 公众号 OAuth client (WECHAT_MP_MODE=mp) against a fake WeChat server: the authorize URL, the
 * profile, one account with the QR login by unionid, snsapi_base without a profile, refused codes.
 */
import { Code, type MpAuthorize, type MpBaseResult, type UserInfo, type WechatQr } from '@studio/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createUser } from '../../../test/factories.ts';
import { browser, fakeWechatServer, type FakeWechat } from '../../../test/fake-wechat.ts';
import type { TestApp } from '../../../test/test-app.ts';

describe('公众号 client against a fake WeChat server', () => {
  let t: TestApp;
  let wechat: FakeWechat;
  const used = new Set<string>();

  beforeAll(async () => {
    wechat = await fakeWechatServer((url) => {
      const code = url.searchParams.get('code') ?? '';
      if (url.pathname === '/sns/oauth2/access_token') {
        const app = url.searchParams.get('appid');
        const secretOk =
          { wxmp: 'mp-secret', wxapp: 'sec-123' }[app ?? ''] === url.searchParams.get('secret');
        if (!secretOk || !code.startsWith('good') || used.has(code))
          return { errcode: used.has(code) ? 40163 : 40029, errmsg: 'invalid code' };
        used.add(code);
        return {
          access_token: 'MPAT',
          openid: `${app === 'wxmp' ? 'MP' : 'QR'}-${code}`,
          scope: code.includes('base') ? 'snsapi_base' : 'snsapi_userinfo',
          ...(code.includes('union') ? { unionid: 'UNION-REAL' } : {}),
        };
      }
      if (url.pathname === '/sns/userinfo')
        return { nickname: '公众号真微信', headimgurl: 'https://wx.example/m.png', unionid: 'UNION-REAL' };
      return null;
    });
    t = await wechat.app({
      WECHAT_MP_MODE: 'mp',
      WECHAT_MP_APP_ID: 'wxmp',
      WECHAT_MP_APP_SECRET: 'mp-secret',
    });
  });
  afterAll(async () => {
    await t.close();
    wechat.close();
  });

  it('builds the oauth2/authorize URL and logs in by the profile; a replayed code is refused', async () => {
    const b = browser(t);
    const start = await b.post<MpAuthorize>('/auth/wechat/mp/login', {});
    expect(start.data.mode).toBe('mp');
    const url = new URL(start.data.authorizeUrl);
    expect(url.pathname).toBe('/connect/oauth2/authorize');
    expect(url.hash).toBe('#wechat_redirect');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      appid: 'wxmp',
      redirect_uri: 'https://studio.example/wxAuth?kind=login',
      response_type: 'code',
      scope: 'snsapi_userinfo',
      state: start.data.state,
    });
    const res = await b.post<UserInfo>('/auth/wechat/mp/login/callback', {
      code: 'good-1',
      state: start.data.state,
    });
    expect(res.code).toBe(200);
    expect(res.data.nickName).toBe('公众号真微信');
    expect(res.data.register).toBe(false);
    expect(wechat.seen).toContain('/sns/userinfo?access_token=MPAT&openid=MP-good-1&lang=zh_CN');
    // The QR login by the same person (unionid UNION-REAL from the Open Platform) is this account.
    const qr = await call<WechatQr>(t, 'GET', '/auth/wechat/qr');
    const byQr = await call<UserInfo>(t, 'POST', '/auth/wechat/callback', {
      body: { code: 'good-union-qr', state: qr.data.state },
    });
    expect(byQr.data.userId).toBe(res.data.userId);
    // A code WeChat refuses as used (40163).
    const again = await b.post<MpAuthorize>('/auth/wechat/mp/login', {});
    const replay = await b.post('/auth/wechat/mp/login/callback', {
      code: 'good-1',
      state: again.data.state,
    });
    expect(replay.code).toBe(Code.WECHAT_CODE_USED);
  });

  it('snsapi_base asks no profile and records the openid', async () => {
    const me = await createUser(t);
    const b = browser(t);
    const start = await b.post<MpAuthorize>('/auth/wechat/mp/base', { next: '/store' }, me.token);
    expect(new URL(start.data.authorizeUrl).searchParams.get('redirect_uri')).toBe(
      'https://studio.example/wxAuth?kind=base',
    );
    const before = wechat.seen.length;
    const res = await b.post<MpBaseResult>(
      '/auth/wechat/mp/base/callback',
      { code: 'good-base-1', state: start.data.state },
      me.token,
    );
    expect(res.code).toBe(200);
    expect(res.data.next).toBe('/store');
    expect(wechat.seen.slice(before).some((s) => s.startsWith('/sns/userinfo'))).toBe(false);
  });

  it('answers a clear error when WeChat refuses the code', async () => {
    const b = browser(t);
    const start = await b.post<MpAuthorize>('/auth/wechat/mp/login', {});
    const res = await b.post('/auth/wechat/mp/login/callback', { code: 'bad', state: start.data.state });
    expect(res.code).toBe(Code.WECHAT_LOGIN_FAILED);
  });
});
