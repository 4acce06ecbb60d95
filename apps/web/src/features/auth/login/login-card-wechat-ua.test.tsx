/** The login card's choice by the browser: inside WeChat 微信一键登录 comes first and the QR tab goes. */
import { Code, Routes } from '@studio/contract/constants';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../../test/fetch-stub.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { useSession } from '../../../lib/session-store.ts';
import { isWechatUa } from './login-api.ts';

const WECHAT_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.50(0x1800323c) NetType/WIFI Language/zh_CN';
const DESKTOP_UA =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';

const asBrowser = (ua: string) => vi.spyOn(window.navigator, 'userAgent', 'get').mockReturnValue(ua);

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('login card by user agent', () => {
  it('knows WeChat by MicroMessenger', () => {
    expect(isWechatUa(WECHAT_UA)).toBe(true);
    expect(isWechatUa(DESKTOP_UA)).toBe(false);
  });

  it('inside WeChat: 微信一键登录 first, above the tabs, and no QR tab; it goes to the authorisation URL', async () => {
    asBrowser(WECHAT_UA);
    useSession.setState({ status: 'ready', user: null });
    const calls = stubFetch({
      [Routes.auth.mpLogin]: [
        {
          code: Code.OK,
          data: { state: 's1', authorizeUrl: '/api/auth/wechat/mp/simulator?x=1', mode: 'simulator' },
        },
      ],
    });
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    renderApp('/login?redirect=%2Fstore%2Flist');
    const button = await screen.findByRole('button', { name: '微信一键登录' });
    const card = button.closest('.lc') as HTMLElement;
    const tablist = within(card).getByRole('tablist');
    // First: the button comes before the tabs in the card.
    expect(button.compareDocumentPosition(tablist) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(card).queryByRole('tab', { name: '微信登录' })).toBeNull();
    expect(within(card).getByRole('tab', { name: '验证码登录' }).getAttribute('aria-selected')).toBe('true');
    fireEvent.click(button);
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/api/auth/wechat/mp/simulator?x=1'));
    expect(calls.map((c) => c.route)).toEqual([Routes.auth.mpLogin]);
    expect(sessionStorage.getItem('wechatLoginRedirect')).toBe('/store/list');
  });

  it('on a desktop nothing changes: no 微信一键登录, the QR tab is there', async () => {
    asBrowser(DESKTOP_UA);
    useSession.setState({ status: 'ready', user: null });
    renderApp('/login?way=password');
    await screen.findByRole('tab', { name: '密码登录' });
    expect(screen.getByRole('tab', { name: '微信登录' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '微信一键登录' })).toBeNull();
  });
});
