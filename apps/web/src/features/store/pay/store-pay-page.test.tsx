import { Code, Routes, type PayInfo } from '@studio/contract';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import MockAdapter from 'axios-mock-adapter';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../../lib/query-client.ts';
import { http } from '../../../lib/request.ts';
import { writeStoredUser } from '../../../lib/storage.ts';
import { order, orderLine, user } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { useSession } from '../../../lib/session-store.ts';

const mock = new MockAdapter(http);
const ok = (data: unknown, code: number = Code.OK) => [200, { code, msg: 'ok', data }] as const;

const payInfo = (expireTime: number): PayInfo => ({
  orderId: 5,
  provider: 'sandbox',
  qrUrl: '/api/pay/sandbox?orderNo=20250101000000000005&sig=abc',
  expireTime,
});
const detailCalls = () => mock.history.get.filter((r) => r.url === Routes.order.detail).length;

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  useSession.setState({ status: 'ready', user: null });
  writeStoredUser(user());
  mock.onGet(Routes.team.changeList).reply(...ok({ list: [] }));
  mock.onGet(Routes.cart.list).reply(...ok({ list: [], selectedCount: 0, selectedTotal: 0 }));
});
afterEach(() => {
  mock.reset();
  queryClient.clear();
  vi.useRealTimers();
});

describe('/store/pay/:orderId', () => {
  it('shows amount, QR, sandbox link and countdown; turns to paid and stops polling', async () => {
    const pending = order();
    let current = pending;
    mock.onGet(Routes.order.detail).reply(() => [200, { code: Code.OK, msg: 'ok', data: current }]);
    mock.onPost(Routes.order.pay).reply(...ok(payInfo(pending.expireTime)));
    renderApp('/store/pay/5');

    expect(await screen.findByRole('img', { name: '支付二维码' })).toBeTruthy();
    expect(screen.getAllByText('¥99.00').length).toBeGreaterThan(0);
    expect(screen.getByText('Python 零基础入门')).toBeTruthy();
    const sandbox = screen.getByRole('link', { name: /在本机打开沙箱支付/ });
    expect(sandbox.getAttribute('href')).toBe(`${window.location.origin}${payInfo(0).qrUrl}`);
    expect(sandbox.getAttribute('target')).toBe('_blank');
    expect(screen.getByRole('timer').textContent).toMatch(/^1[45]:\d\d$/);

    // Still pending: the page keeps asking every 2 s.
    const before = detailCalls();
    await act(() => vi.advanceTimersByTimeAsync(4100));
    expect(detailCalls()).toBeGreaterThanOrEqual(before + 2);

    current = { ...pending, status: 'paid', payTime: Date.now() };
    await act(() => vi.advanceTimersByTimeAsync(2100));
    expect(await screen.findByText('支付成功')).toBeTruthy();
    expect(screen.getByRole('button', { name: /学习「Python 零基础入门」/ })).toBeTruthy();

    // Paid: no more polling.
    const settled = detailCalls();
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(detailCalls()).toBe(settled);
  });

  it('says an expired order expired and offers to put the courses back in the cart', async () => {
    mock
      .onGet(Routes.order.detail)
      .reply(...ok(order({ status: 'expired', expireTime: Date.now() - 60_000 })));
    renderApp('/store/pay/5');
    expect(await screen.findByText('订单已过期')).toBeTruthy();
    expect(screen.getByRole('button', { name: /重新加入购物车/ })).toBeTruthy();
    expect(mock.history.post.filter((r) => r.url === Routes.order.pay)).toHaveLength(0);
    const calls = detailCalls();
    await act(() => vi.advanceTimersByTimeAsync(6000));
    expect(detailCalls()).toBe(calls);
  });

  it('an order paid already shows the success at once and starts no payment', async () => {
    mock.onGet(Routes.order.detail).reply(...ok(order({ status: 'paid', payTime: Date.now() })));
    const router = renderApp('/store/pay/5');
    expect(await screen.findByText('支付成功')).toBeTruthy();
    expect(screen.queryByRole('img', { name: '支付二维码' })).toBeNull();
    // One course: 学习 opens it in the player (its first lesson, for a new learner).
    fireEvent.click(screen.getByRole('button', { name: /学习「Python 零基础入门」/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/learn/course/11'));
  });

  it('an order of several courses offers 我的学习', async () => {
    const items = [
      orderLine(),
      orderLine({ courseId: 12, title: 'Excel 数据分析', versionNo: 2, price: 5000 }),
    ];
    mock.onGet(Routes.order.detail).reply(...ok(order({ status: 'paid', payTime: Date.now(), items })));
    mock.onGet(Routes.learn.list).reply(...ok({ list: [] }));
    const router = renderApp('/store/pay/5');
    expect(await screen.findByText('支付成功')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /学习「/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /去我的学习/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/learn'));
  });

  it('offers WeChat Pay and Alipay when both are configured; choosing Alipay asks for its QR', async () => {
    const pending = order();
    mock.onGet(Routes.order.detail).reply(...ok(pending));
    mock.onPost(Routes.order.pay).reply((config) => {
      const provider = (JSON.parse(String(config.data)) as { provider?: string }).provider ?? 'wechat';
      const qrUrl = provider === 'alipay' ? 'https://qr.alipay.com/bax5' : 'weixin://wxpay/bizpayurl?pr=5';
      return [
        200,
        {
          code: Code.OK,
          msg: 'ok',
          data: { ...payInfo(pending.expireTime), provider, qrUrl, providers: ['wechat', 'alipay'] },
        },
      ];
    });
    renderApp('/store/pay/5');

    const methods = await screen.findByRole('radiogroup', { name: '支付方式' });
    expect(methods).toBeTruthy();
    expect(await screen.findByText('请用微信扫码支付')).toBeTruthy();
    expect((screen.getByRole('radio', { name: '微信支付' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.queryByRole('link', { name: /在本机打开沙箱支付/ })).toBeNull();

    fireEvent.click(screen.getByRole('radio', { name: '支付宝' }));
    expect(await screen.findByText('请用支付宝扫码支付')).toBeTruthy();
    await waitFor(() =>
      expect(
        mock.history.post.filter((r) => r.url === Routes.order.pay).map((r) => JSON.parse(String(r.data))),
      ).toEqual([{ orderId: 5 }, { orderId: 5, provider: 'alipay' }]),
    );
    expect(await screen.findByRole('img', { name: '支付二维码' })).toBeTruthy();
  });

  it('offers no choice with the sandbox alone', async () => {
    const pending = order();
    mock.onGet(Routes.order.detail).reply(...ok(pending));
    mock.onPost(Routes.order.pay).reply(...ok({ ...payInfo(pending.expireTime), providers: ['sandbox'] }));
    renderApp('/store/pay/5');
    expect(await screen.findByRole('img', { name: '支付二维码' })).toBeTruthy();
    expect(screen.getByText('请扫码支付')).toBeTruthy();
    expect(screen.queryByRole('radiogroup', { name: '支付方式' })).toBeNull();
  });
});
