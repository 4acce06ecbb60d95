import { Code, Routes, type Page, type Refund } from '@studio/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import MockAdapter from 'axios-mock-adapter';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { queryClient } from '../../../lib/query-client.ts';
import { http } from '../../../lib/request.ts';
import { writeStoredUser } from '../../../lib/storage.ts';
import { order, team, user } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { useSession } from '../../../lib/session-store.ts';

const mock = new MockAdapter(http);
const ok = (data: unknown, code: number = Code.OK): [number, unknown] => [200, { code, msg: 'ok', data }];
const page = <T,>(list: T[]): Page<T> => ({ list, total: list.length, pageNum: 1, pageSize: 10 });

const paid = order({ status: 'paid', payTime: Date.now(), teamName: '星火课程组', teamId: 7 });
const refund = (over: Partial<Refund> = {}): Refund => ({
  refundId: 3,
  refundNo: 'RF20250101000000000003',
  orderId: 5,
  orderNo: paid.orderNo,
  courseId: 11,
  title: 'Python 零基础入门',
  amount: 9900,
  reason: '内容与介绍不符',
  status: 'requested',
  buyerTeamName: '星火课程组',
  sellerTeamName: '乙团队',
  createTime: Date.now(),
  decideTime: null,
  refundTime: null,
  automatic: false,
  ...over,
});
const refundLists = (side: string) =>
  mock.history.get.filter((r) => r.url === Routes.refund.list && r.params?.side === side).length;

beforeEach(() => {
  useSession.setState({ status: 'ready', user: null });
  mock.onGet(Routes.team.changeList).reply(...ok({ list: [] }));
  mock.onGet(Routes.cart.list).reply(...ok({ list: [], selectedCount: 0, selectedTotal: 0 }));
});
afterEach(() => {
  mock.reset();
  queryClient.clear();
});

describe('refunds in 交易信息', () => {
  it('an OWNER asks for a refund of a paid course with a reason and sees it among the requests', async () => {
    writeStoredUser(user());
    let asked: Refund[] = [];
    mock.onGet(Routes.order.list).reply(...ok(page([paid])));
    mock.onGet(Routes.refund.list).reply(() => ok(page(asked)));
    mock.onPost(Routes.refund.apply).reply(() => {
      asked = [refund()];
      return ok(asked[0]);
    });
    renderApp('/personal/trade');

    fireEvent.click(await screen.findByRole('button', { name: `查看订单 ${paid.orderNo} 的详情` }));
    // The details name how the order was paid, which is where a refund goes back.
    expect((await screen.findByText('支付方式')).closest('tr')?.textContent).toContain('沙箱支付');
    fireEvent.click(await screen.findByRole('button', { name: '申请退款：Python 零基础入门' }));
    const submit = await screen.findByRole('button', { name: '提交申请' });
    fireEvent.click(submit);
    expect(await screen.findByText('请填写退款原因')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('退款原因'), { target: { value: '内容与介绍不符' } });
    fireEvent.click(submit);

    await waitFor(() => expect(mock.history.post).toHaveLength(1));
    expect(JSON.parse(String(mock.history.post[0]?.data))).toEqual({
      orderId: 5,
      courseId: 11,
      reason: '内容与介绍不符',
    });
    expect(await screen.findByText('退款申请已提交，等待卖家处理')).toBeTruthy();
    expect(await screen.findByText('待处理')).toBeTruthy();
  });

  it('a MEMBER sees no refund button and no requests', async () => {
    writeStoredUser(user({ lastTeam: team({ userTeamRole: 'MEMBER' }) }));
    mock
      .onGet(Routes.order.list)
      .reply(...ok(page([paid, { ...paid, orderId: 6, orderNo: 'X6', teamId: 8 }])));
    renderApp('/personal/trade');
    fireEvent.click(await screen.findByRole('button', { name: `查看订单 ${paid.orderNo} 的详情` }));
    expect(await screen.findByText('订单详情')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /申请退款/ })).toBeNull();
    expect(refundLists('buyer')).toBe(0);
  });
});

describe('退款处理 in the team centre', () => {
  it('the seller approves a request after confirming', async () => {
    writeStoredUser(user());
    let current = refund({ buyerTeamName: '买家团队', sellerTeamName: '星火课程组' });
    mock
      .onGet(Routes.team.currentList)
      .reply(...ok({ ...team(), ownerId: 1, memberCount: 1, createTime: 0 }));
    mock.onGet(Routes.team.userList).reply(...ok(page([])));
    mock
      .onGet(Routes.refund.list)
      .reply((config) => ok(page((config.params as { side: string }).side === 'seller' ? [current] : [])));
    mock.onPost(Routes.refund.approve).reply(() => {
      current = { ...current, status: 'refunded', decideTime: Date.now(), refundTime: Date.now() };
      return ok(current);
    });
    renderApp('/personal/team');

    const card = (await screen.findByRole('heading', { name: '退款处理' })).closest(
      '.ant-card',
    ) as HTMLElement;
    fireEvent.click(await within(card).findByRole('button', { name: '同意退款：Python 零基础入门' }));
    fireEvent.click(await screen.findByRole('button', { name: '同意退款' }));
    await waitFor(() => expect(mock.history.post).toHaveLength(1));
    expect(JSON.parse(String(mock.history.post[0]?.data))).toEqual({ refundId: 3 });
    expect(await within(card).findByText('已退款')).toBeTruthy();
    expect(within(card).queryByRole('button', { name: /同意退款/ })).toBeNull();
  });
});
