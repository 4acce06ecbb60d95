import { Code, Routes, type Cart, type CartItem } from '@studio/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import MockAdapter from 'axios-mock-adapter';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { queryClient } from '../../../lib/query-client.ts';
import { http } from '../../../lib/request.ts';
import { writeStoredUser } from '../../../lib/storage.ts';
import { user } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { useSession } from '../../../lib/session-store.ts';

const mock = new MockAdapter(http);
const ok = (data: unknown, code: number = Code.OK) => [200, { code, msg: 'ok', data }] as const;
const item = (courseId: number, title: string, price: number): CartItem => ({
  courseId,
  title,
  subtitle: '',
  cover: '',
  category: 'tech',
  teamName: '示例学院',
  price,
  lessonCount: 2,
  sales: 0,
  versionNo: 1,
  releaseTime: 0,
  selected: true,
  owned: false,
});
const checkoutBodies = () =>
  mock.history.post
    .filter((r) => r.url === Routes.order.checkout)
    .map((r) => JSON.parse(String(r.data)) as unknown);
const cart: Cart = {
  list: [item(11, 'Python 零基础入门', 3000), item(12, '数据分析入门', 2000)],
  selectedCount: 2,
  selectedTotal: 5000,
};

beforeEach(() => {
  useSession.setState({ status: 'ready', user: null });
  writeStoredUser(user());
  mock.onGet(Routes.team.changeList).reply(...ok({ list: [] }));
  mock.onGet(Routes.cart.list).reply(...ok(cart));
});
afterEach(() => {
  mock.reset();
  queryClient.clear();
});

describe('/store/cart coupon', () => {
  it('a code the server accepts shows what it takes off and the new total; checkout sends it', async () => {
    mock
      .onPost(Routes.coupon.preview)
      .reply(...ok({ code: 'SPRING-10', discount: 1000, total: 4000, courseIds: [11] }));
    mock.onPost(Routes.order.checkout).reply(...ok({ orderId: 9 }));
    const router = renderApp('/store/cart');
    fireEvent.change(await screen.findByRole('textbox', { name: '优惠码' }), {
      target: { value: ' spring-10 ' },
    });
    fireEvent.click(screen.getByRole('button', { name: '使用' }));
    expect(await screen.findByText('已使用优惠码 SPRING-10，减 ¥10.00')).toBeTruthy();
    expect(screen.getByText('¥40.00')).toBeTruthy();
    expect(JSON.parse(String(mock.history.post[0]?.data))).toEqual({
      code: 'SPRING-10',
      courseIds: [11, 12],
    });

    fireEvent.click(screen.getByRole('button', { name: '结算' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/store/pay/9'));
    expect(JSON.parse(String(mock.history.post[1]?.data))).toEqual({
      courseIds: [11, 12],
      couponCode: 'SPRING-10',
    });
  });

  it('a refused code says why under the field, and checkout goes on without it', async () => {
    mock.onPost(Routes.coupon.preview).reply(...ok({ minYuan: '80.00' }, Code.COUPON_MIN_ORDER));
    mock.onPost(Routes.order.checkout).reply(...ok({ orderId: 9 }));
    renderApp('/store/cart');
    fireEvent.change(await screen.findByRole('textbox', { name: '优惠码' }), { target: { value: 'BIG-80' } });
    fireEvent.click(screen.getByRole('button', { name: '使用' }));
    expect(await screen.findByText('适用课程满 80.00 元才能使用这张优惠券')).toBeTruthy();
    expect(screen.getByText('¥50.00')).toBeTruthy();
    // Nothing is applied, so nothing offers to un-apply it: 使用 again, for a changed code.
    expect(screen.queryByRole('button', { name: '不使用' })).toBeNull();
    const use = screen.getByRole('button', { name: '使用' });
    expect(use.hasAttribute('disabled')).toBe(true);
    fireEvent.change(screen.getByRole('textbox', { name: '优惠码' }), { target: { value: 'BIG-81' } });
    expect(screen.getByRole('button', { name: '使用' }).hasAttribute('disabled')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: '结算' }));
    await waitFor(() => expect(checkoutBodies()).toEqual([{ courseIds: [11, 12] }]));
  });
});
