/** The pay page by the server's answer (issue 44): method rows, the action per method, and the return. */
import { Code, Routes, type PayInfo } from '@studio/contract';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import MockAdapter from 'axios-mock-adapter';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../../lib/query-client.ts';
import { http } from '../../../lib/request.ts';
import { writeStoredUser } from '../../../lib/storage.ts';
import { order, user } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { useSession } from '../../../lib/session-store.ts';
import { leave, markLeftToPay } from './wechat-bridge.ts';

const mock = new MockAdapter(http);
const ok = (data: unknown, code: number = Code.OK): [number, unknown] => [200, { code, msg: 'ok', data }];
const base = (expireTime: number): PayInfo => ({
  orderId: 5,
  provider: 'wechat',
  providers: ['wechat', 'alipay'],
  qrUrl: '',
  expireTime,
});
const phone = (expireTime: number, method: 'wechat_h5' | 'alipay_wap'): PayInfo => ({
  ...base(expireTime),
  provider: method === 'wechat_h5' ? 'wechat' : 'alipay',
  place: 'mobile',
  method,
  methods: [
    { method: 'wechat_h5', provider: 'wechat' },
    { method: 'alipay_wap', provider: 'alipay' },
  ],
  action: { kind: 'redirect', url: `https://cashier.example/${method}` },
});
const bridgeParams = {
  appId: 'wxapp',
  timeStamp: '1764000000',
  nonceStr: 'abc',
  package: 'prepay_id=wx1',
  signType: 'RSA' as const,
  paySign: 'sig',
};
const payBodies = () =>
  mock.history.post.filter((r) => r.url === Routes.order.pay).map((r) => JSON.parse(String(r.data)));

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  useSession.setState({ status: 'ready', user: null });
  writeStoredUser(user());
  sessionStorage.clear();
  mock.onGet(Routes.team.changeList).reply(...ok({ list: [] }));
  mock.onGet(Routes.cart.list).reply(...ok({ list: [], selectedCount: 0, selectedTotal: 0 }));
});
afterEach(() => {
  mock.reset();
  queryClient.clear();
  vi.useRealTimers();
  vi.restoreAllMocks();
  delete window.WeixinJSBridge;
});

describe('/store/pay/:orderId by the pay answer', () => {
  it('a phone browser: WeChat Pay and Alipay rows, the selected highlighted; 去支付 goes to the cashier; switching asks for the method', async () => {
    const pending = order();
    mock.onGet(Routes.order.detail).reply(...ok(pending));
    mock.onPost(Routes.order.pay).reply((config) => {
      const { method } = JSON.parse(String(config.data)) as { method?: 'alipay_wap' };
      return ok(phone(pending.expireTime, method ?? 'wechat_h5'));
    });
    const to = vi.spyOn(leave, 'to').mockImplementation(() => {});
    renderApp('/store/pay/5');
    await screen.findByRole('radiogroup', { name: '支付方式' });
    const wechat = await screen.findByRole('radio', { name: /微信支付/ });
    expect(wechat.getAttribute('aria-checked')).toBe('true');
    expect(wechat.className).toContain('is-selected');
    expect(screen.getByRole('radio', { name: /支付宝/ }).getAttribute('aria-checked')).toBe('false');
    expect(screen.queryByRole('img', { name: '支付二维码' })).toBeNull();

    fireEvent.click(screen.getByRole('radio', { name: /支付宝/ }));
    await waitFor(() =>
      expect(screen.getByRole('radio', { name: /支付宝/ }).getAttribute('aria-checked')).toBe('true'),
    );
    expect(payBodies().at(-1)).toEqual({ orderId: 5, method: 'alipay_wap' });
    fireEvent.click(screen.getByRole('button', { name: '去支付' }));
    expect(to).toHaveBeenCalledWith('https://cashier.example/alipay_wap');
    expect(sessionStorage.getItem('pay-left:5')).not.toBeNull();
  });

  it('inside WeChat: Alipay shows the open-in-browser guide, not a dead button', async () => {
    const pending = order();
    mock.onGet(Routes.order.detail).reply(...ok(pending));
    mock.onPost(Routes.order.pay).reply(
      ...ok({
        ...base(pending.expireTime),
        place: 'wechat',
        method: 'alipay_wap',
        methods: [
          { method: 'wechat_jsapi', provider: 'wechat' },
          { method: 'alipay_wap', provider: 'alipay' },
        ],
        action: { kind: 'openInBrowser' },
      }),
    );
    renderApp('/store/pay/5');
    expect(await screen.findByText('请在浏览器中打开')).toBeTruthy();
    expect(screen.getByText(/点右上角「···」，选择「在浏览器打开」/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: '去支付' })).toBeNull();
  });

  it('JSAPI: 微信支付 calls the bridge with the server’s params; whatever it says, the page confirms with the server', async () => {
    const pending = order();
    let current = pending;
    mock.onGet(Routes.order.detail).reply(() => ok(current));
    mock.onPost(Routes.order.pay).reply(
      ...ok({
        ...base(pending.expireTime),
        place: 'wechat',
        method: 'wechat_jsapi',
        methods: [{ method: 'wechat_jsapi', provider: 'wechat' }],
        action: { kind: 'bridge', params: bridgeParams },
      }),
    );
    const invoke = vi.fn((_name: string, _params: unknown, cb: (r: { err_msg: string }) => void) =>
      cb({ err_msg: 'get_brand_wcpay_request:ok' }),
    );
    window.WeixinJSBridge = { invoke };
    renderApp('/store/pay/5');
    fireEvent.click(await screen.findByRole('button', { name: '微信支付' }));
    expect(invoke).toHaveBeenCalledWith('getBrandWCPayRequest', bridgeParams, expect.any(Function));
    // The sheet said ok; the order is still pending on the server: not paid yet.
    expect(await screen.findByText('正在确认支付结果…')).toBeTruthy();
    expect(screen.queryByText('支付成功')).toBeNull();
    current = { ...pending, status: 'paid', payTime: Date.now() };
    await act(() => vi.advanceTimersByTimeAsync(2100));
    expect(await screen.findByText('支付成功')).toBeTruthy();
  });

  it('the sandbox inside WeChat: 微信支付 opens the simulated pay sheet, never a bridge', async () => {
    const pending = order();
    mock.onGet(Routes.order.detail).reply(...ok(pending));
    mock.onPost(Routes.order.pay).reply(
      ...ok({
        ...base(pending.expireTime),
        provider: 'sandbox',
        place: 'wechat',
        method: 'wechat_jsapi',
        methods: [{ method: 'wechat_jsapi', provider: 'sandbox' }],
        action: { kind: 'simulator', url: '/api/pay/sandbox/cashier?method=wechat_jsapi' },
      }),
    );
    const invoke = vi.fn();
    window.WeixinJSBridge = { invoke };
    const to = vi.spyOn(leave, 'to').mockImplementation(() => {});
    renderApp('/store/pay/5');
    fireEvent.click(await screen.findByRole('button', { name: '微信支付' }));
    expect(to).toHaveBeenCalledWith('/api/pay/sandbox/cashier?method=wechat_jsapi');
    expect(invoke).not.toHaveBeenCalled();
  });

  it('back from a provider while the server still says unpaid: 正在确认, then 重新支付 / 我已支付; the URL grants nothing', async () => {
    const pending = order();
    mock.onGet(Routes.order.detail).reply(...ok(pending));
    mock.onPost(Routes.order.pay).reply(...ok(phone(pending.expireTime, 'alipay_wap')));
    markLeftToPay(5);
    renderApp('/store/pay/5?out_trade_no=x&trade_status=TRADE_SUCCESS');
    expect(await screen.findByText('正在确认支付结果…')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(15_100));
    expect(await screen.findByText('还没有收到支付结果')).toBeTruthy();
    expect(screen.queryByText('支付成功')).toBeNull();
    const before = mock.history.get.filter((r) => r.url === Routes.order.detail).length;
    fireEvent.click(screen.getByRole('button', { name: '我已支付' }));
    await waitFor(() =>
      expect(mock.history.get.filter((r) => r.url === Routes.order.detail).length).toBeGreaterThan(before),
    );
    fireEvent.click(screen.getByRole('button', { name: '重新支付' }));
    expect(await screen.findByRole('button', { name: '去支付' })).toBeTruthy();
  });

  it('JSAPI without an openid yet: 微信支付 runs the silent authorisation first, not the confirming state', async () => {
    const pending = order();
    mock.onGet(Routes.order.detail).reply(...ok(pending));
    mock.onPost(Routes.order.pay).reply(
      ...ok({
        ...base(pending.expireTime),
        place: 'wechat',
        method: 'wechat_jsapi',
        methods: [{ method: 'wechat_jsapi', provider: 'wechat' }],
        action: { kind: 'authorize', next: '/store/pay/5' },
      }),
    );
    mock.onPost(Routes.auth.mpBase).reply(
      ...ok({
        state: 's',
        mode: 'mp',
        authorizeUrl: 'https://open.weixin.qq.com/connect/oauth2/authorize?x=1',
      }),
    );
    const to = vi.spyOn(leave, 'to').mockImplementation(() => {});
    renderApp('/store/pay/5');
    fireEvent.click(await screen.findByRole('button', { name: '微信支付' }));
    await waitFor(() =>
      expect(to).toHaveBeenCalledWith('https://open.weixin.qq.com/connect/oauth2/authorize?x=1'),
    );
    expect(mock.history.post.find((r) => r.url === Routes.auth.mpBase)?.data).toBe('{"next":"/store/pay/5"}');
    expect(sessionStorage.getItem('pay-left:5')).toBeNull();
  });
});
