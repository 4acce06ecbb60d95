/**
 * Orders read as what happened to them: a refunded order is not 已支付 and offers no refund again, a
 * pending one can be cancelled, money paid back by the server is said so on the pay page, and a
 * refusal that names an order links to it in 交易信息.
 */
import { Code, Routes, type Order, type Page } from '@studio/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import MockAdapter from 'axios-mock-adapter';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resetNotices } from '../../../lib/notice.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { http } from '../../../lib/request.ts';
import { writeStoredUser } from '../../../lib/storage.ts';
import { order, orderLine, user } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { useSession } from '../../../lib/session-store.ts';

const mock = new MockAdapter(http);
const ok = (data: unknown, code: number = Code.OK): [number, unknown] => [200, { code, msg: 'ok', data }];
const page = <T,>(list: T[]): Page<T> => ({ list, total: list.length, pageNum: 1, pageSize: 10 });
const paid = (over: Partial<Order>) => order({ status: 'paid', payTime: Date.now(), teamId: 7, ...over });

beforeEach(() => {
  useSession.setState({ status: 'ready', user: null });
  writeStoredUser(user());
  mock.onGet(Routes.team.changeList).reply(...ok({ list: [] }));
  mock.onGet(Routes.cart.list).reply(...ok({ list: [], selectedCount: 0, selectedTotal: 0 }));
  mock.onGet(Routes.refund.list).reply(...ok(page([])));
});
afterEach(() => {
  mock.reset();
  queryClient.clear();
  resetNotices();
});

const row = (orderNo: string) =>
  screen.getByRole('button', { name: `查看订单 ${orderNo} 的详情` }).closest('tr') as HTMLElement;

describe('refund states in 交易信息', () => {
  it('orders read 已退款, 部分退款 or 退款中, never 已支付; a refunded line offers nothing more', async () => {
    const refunded = paid({
      orderId: 1,
      orderNo: 'O-REFUNDED',
      refundState: 'refunded',
      items: [orderLine({ refundStatus: 'refunded', refundAutomatic: true })],
    });
    const partial = paid({
      orderId: 2,
      orderNo: 'O-PARTIAL',
      refundState: 'partial',
      items: [
        orderLine({ refundStatus: 'refunded' }),
        orderLine({ courseId: 12, title: 'Excel 数据分析', refundStatus: null }),
      ],
    });
    const refunding = paid({
      orderId: 3,
      orderNo: 'O-REFUNDING',
      refundState: 'refunding',
      items: [orderLine({ refundStatus: 'requested' })],
    });
    mock.onGet(Routes.order.list).reply(...ok(page([refunded, partial, refunding])));
    renderApp('/personal/trade');

    await screen.findByRole('button', { name: '查看订单 O-REFUNDED 的详情' });
    expect(within(row('O-REFUNDED')).getByText('已退款')).toBeTruthy();
    expect(within(row('O-PARTIAL')).getByText('部分退款')).toBeTruthy();
    expect(within(row('O-REFUNDING')).getByText('退款中')).toBeTruthy();
    expect(screen.queryByText('已支付')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: '查看订单 O-REFUNDED 的详情' }));
    const drawer = (await screen.findByText('订单详情')).closest('.ant-drawer') as HTMLElement;
    expect(await within(drawer).findByText('自动退款 · 已退款')).toBeTruthy();
    expect(within(drawer).queryByRole('button', { name: /申请退款/ })).toBeNull();
  });

  it('in a partly refunded order, only the line without a refund offers 申请退款', async () => {
    const partial = paid({
      orderNo: 'O-PARTIAL',
      refundState: 'partial',
      items: [
        orderLine({ refundStatus: 'refunded' }),
        orderLine({ courseId: 12, title: 'Excel 数据分析', price: 5000 }),
      ],
    });
    mock.onGet(Routes.order.list).reply(...ok(page([partial])));
    renderApp('/personal/trade?orderId=5');
    // The address opens the order's details.
    const drawer = (await screen.findByText('订单详情')).closest('.ant-drawer') as HTMLElement;
    expect(await within(drawer).findByRole('button', { name: '申请退款：Excel 数据分析' })).toBeTruthy();
    expect(within(drawer).queryByRole('button', { name: '申请退款：Python 零基础入门' })).toBeNull();
    expect(within(drawer).getByText('部分退款')).toBeTruthy();
  });
});

describe('cancelling a pending order', () => {
  it('取消订单 in the details asks first, then the order reads 已取消', async () => {
    let current = order({ teamId: 7 });
    mock.onGet(Routes.order.list).reply(() => ok(page([current])));
    mock.onPost(Routes.order.cancel).reply(() => {
      current = { ...current, status: 'cancelled' };
      return ok(current);
    });
    renderApp('/personal/trade');
    fireEvent.click(await screen.findByRole('button', { name: `查看订单 ${current.orderNo} 的详情` }));
    fireEvent.click(await screen.findByRole('button', { name: '取消订单' }));
    const confirm = await screen.findByText(
      `取消订单 ${current.orderNo}？取消后不能再支付，使用的优惠券会退回。`,
    );
    fireEvent.click(
      within(confirm.closest('.ant-popover') as HTMLElement).getByRole('button', { name: /确\s*定|OK/ }),
    );
    await waitFor(() => expect(mock.history.post).toHaveLength(1));
    expect(JSON.parse(String(mock.history.post[0]?.data))).toEqual({ orderId: current.orderId });
    expect(await screen.findByText('订单已取消')).toBeTruthy();
    await waitFor(() => expect(within(row(current.orderNo)).getByText('已取消')).toBeTruthy());
    expect(screen.queryByRole('button', { name: '取消订单' })).toBeNull();
  });

  it("another team's pending order offers no cancel (the current team's only)", async () => {
    mock.onGet(Routes.order.list).reply(...ok(page([order({ teamId: 8 })])));
    renderApp('/personal/trade');
    fireEvent.click(await screen.findByRole('button', { name: `查看订单 ${order().orderNo} 的详情` }));
    expect(await screen.findByText('去支付')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '取消订单' })).toBeNull();
  });
});

describe('the pay page', () => {
  it('a cancelled order says so', async () => {
    mock.onGet(Routes.order.detail).reply(...ok(order({ status: 'cancelled' })));
    renderApp('/store/pay/5');
    expect(
      await screen.findByText('这笔订单已取消，不能再支付。如果仍然付了款，款项会自动原路退回。'),
    ).toBeTruthy();
  });

  it('money paid back by the server reads as such, not as 支付成功', async () => {
    mock.onGet(Routes.order.detail).reply(
      ...ok(
        paid({
          refundState: 'refunded',
          items: [orderLine({ refundStatus: 'refunded', refundAutomatic: true })],
        }),
      ),
    );
    renderApp('/store/pay/5');
    expect(await screen.findByText('款项已自动退回')).toBeTruthy();
    expect(screen.getByText(/这笔付款已原路退回（¥99\.00），不会重复扣款/)).toBeTruthy();
    expect(screen.queryByText('支付成功')).toBeNull();
  });
});

describe('a refusal that names an order', () => {
  it('links to the buyer’s own order in 交易信息', async () => {
    mock.onGet(Routes.store.course).reply(
      ...ok({
        courseId: 11,
        title: 'Python 零基础入门',
        subtitle: '',
        summary: '',
        cover: '',
        category: 'tech',
        tags: [],
        price: 9900,
        teamName: '乙团队',
        authorName: '演示用户',
        versionNo: 1,
        sales: 0,
        lessons: [],
        owned: false,
        ownTeam: false,
        inCart: false,
        listed: true,
      }),
    );
    const body = {
      code: Code.COURSE_IN_PENDING_ORDER,
      msg: 'x',
      data: { orderId: 5, orderNo: 'O-PENDING', mine: true },
    };
    mock.onPost(Routes.cart.add).reply(200, body);
    mock.onGet(Routes.order.list).reply(...ok(page([order({ orderNo: 'O-PENDING' })])));
    const router = renderApp('/store/preview/11');
    fireEvent.click(await screen.findByRole('button', { name: /加入购物车/ }));
    expect(
      await screen.findByText('这门课程已在待支付的订单 O-PENDING 中，请先支付或取消该订单'),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '查看订单 O-PENDING' }));
    await waitFor(() => expect(router.state.location.search).toBe('?orderId=5'));
    expect(router.state.location.pathname).toBe('/personal/trade');
    expect(await screen.findByText('订单详情')).toBeTruthy();
  });
});
