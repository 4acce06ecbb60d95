import { Code, Routes, type Invoice, type Page } from '@studio/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import MockAdapter from 'axios-mock-adapter';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
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
const invoice = (over: Partial<Invoice> = {}): Invoice => ({
  invoiceId: 21,
  orderId: paid.orderId,
  orderNo: paid.orderNo,
  amount: 9900,
  title: '星火科技有限公司',
  taxId: '91310000MA1K2L3X4Y',
  email: 'finance@example.com',
  status: 'requested',
  buyerTeamName: '星火课程组',
  sellerTeamName: '乙团队',
  createTime: Date.now(),
  issueTime: null,
  ...over,
});
const { createObjectURL, revokeObjectURL } = URL;

beforeEach(() => {
  useSession.setState({ status: 'ready', user: null });
  mock.onGet(Routes.team.changeList).reply(...ok({ list: [] }));
  mock.onGet(Routes.cart.list).reply(...ok({ list: [], selectedCount: 0, selectedTotal: 0 }));
  mock.onGet(Routes.refund.list).reply(...ok(page([])));
});
afterEach(() => {
  mock.reset();
  queryClient.clear();
  vi.restoreAllMocks();
  Object.assign(URL, { createObjectURL, revokeObjectURL });
});

const openOrder = async () => {
  fireEvent.click(await screen.findByRole('button', { name: `查看订单 ${paid.orderNo} 的详情` }));
  return within(await screen.findByRole('dialog'));
};

describe('发票 in the order drawer (交易信息)', () => {
  it('an OWNER asks for an invoice with title, tax id and email; the order then shows it 待开具', async () => {
    writeStoredUser(user());
    let asked: Invoice[] = [];
    mock.onGet(Routes.order.list).reply(...ok(page([paid])));
    mock.onGet(Routes.invoice.list).reply(() => ok(page(asked)));
    mock.onPost(Routes.invoice.apply).reply(() => {
      asked = [invoice()];
      return ok(asked);
    });
    renderApp('/personal/trade');
    const drawer = await openOrder();
    expect(await drawer.findByText('这笔订单还没有申请发票')).toBeTruthy();
    fireEvent.click(drawer.getByRole('button', { name: '申请发票' }));
    const dialog = within(
      (await screen.findByText(`申请发票：订单 ${paid.orderNo}`)).closest('.ant-modal') as HTMLElement,
    );
    fireEvent.click(dialog.getByRole('button', { name: '提交申请' }));
    expect(await dialog.findByText('请填写发票抬头')).toBeTruthy();
    fireEvent.change(dialog.getByLabelText('发票抬头'), { target: { value: '星火科技有限公司' } });
    fireEvent.change(dialog.getByLabelText('纳税人识别号'), { target: { value: '12345' } });
    fireEvent.change(dialog.getByLabelText('接收邮箱'), { target: { value: 'finance@example.com' } });
    fireEvent.click(dialog.getByRole('button', { name: '提交申请' }));
    expect(await dialog.findByText('纳税人识别号应为 15、18 或 20 位数字或大写字母')).toBeTruthy();
    // Typed in lower case, sent in capitals (the server's rule).
    fireEvent.change(dialog.getByLabelText('纳税人识别号'), { target: { value: '91310000ma1k2l3x4y' } });
    fireEvent.click(dialog.getByRole('button', { name: '提交申请' }));

    await waitFor(() => expect(mock.history.post).toHaveLength(1));
    expect(JSON.parse(String(mock.history.post[0]?.data))).toEqual({
      orderId: paid.orderId,
      title: '星火科技有限公司',
      taxId: '91310000MA1K2L3X4Y',
      email: 'finance@example.com',
    });
    expect(await screen.findByText('发票申请已提交，等待卖家开具')).toBeTruthy();
    expect(await drawer.findByText('待开具')).toBeTruthy();
    expect(drawer.queryByRole('button', { name: '申请发票' })).toBeNull();
    const ofOrder = mock.history.get.filter((r) => r.url === Routes.invoice.list && r.params?.orderId);
    expect(ofOrder[0]?.params).toMatchObject({ side: 'buyer', orderId: paid.orderId });
  });

  it('an issued invoice reads 已开具 and downloads as a PDF through the client', async () => {
    writeStoredUser(user());
    const pdf = new Blob(['%PDF-1.4'], { type: 'application/pdf' });
    mock.onGet(Routes.order.list).reply(...ok(page([paid])));
    mock
      .onGet(Routes.invoice.list)
      .reply(...ok(page([invoice({ status: 'issued', issueTime: Date.now() })])));
    mock.onGet(Routes.invoice.download).reply(200, pdf, { 'content-type': 'application/pdf' });
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:invoice'), revokeObjectURL: vi.fn() });
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    renderApp('/personal/trade');
    const drawer = await openOrder();
    expect(await drawer.findByText('已开具')).toBeTruthy();
    fireEvent.click(drawer.getByRole('button', { name: `下载订单 ${paid.orderNo} 的发票（乙团队）` }));
    await waitFor(() => expect(saved).toEqual([`发票-${paid.orderNo}-21.pdf`]));
    const request = mock.history.get.find((r) => r.url === Routes.invoice.download);
    expect(request?.params).toEqual({ invoiceId: 21 });
    expect(request?.responseType).toBe('blob');
    expect(URL.createObjectURL).toHaveBeenCalledWith(pdf);
  });

  it('a MEMBER sees no invoice section, and no invoice is asked for', async () => {
    writeStoredUser(user({ lastTeam: team({ userTeamRole: 'MEMBER' }) }));
    mock.onGet(Routes.order.list).reply(...ok(page([paid])));
    renderApp('/personal/trade');
    const drawer = await openOrder();
    expect(await drawer.findByText('订单详情')).toBeTruthy();
    expect(drawer.queryByText('发票')).toBeNull();
    expect(mock.history.get.some((r) => r.url === Routes.invoice.list)).toBe(false);
  });
});

describe('开具发票 in the team centre', () => {
  it('the seller uploads the PDF: it is sent as multipart with the invoice id first, then reads 已开具', async () => {
    writeStoredUser(user());
    let current = invoice({ buyerTeamName: '买家团队', sellerTeamName: '星火课程组' });
    mock.onGet(Routes.team.currentList).reply(
      ...ok({
        ...team(),
        ownerId: 1,
        memberCount: 1,
        createTime: 0,
        codeEnabled: true,
        joinApproval: false,
      }),
    );
    mock.onGet(Routes.team.userList).reply(...ok(page([])));
    mock
      .onGet(Routes.invoice.list)
      .reply((config) => ok(page((config.params as { side: string }).side === 'seller' ? [current] : [])));
    mock.onPost(Routes.invoice.issue).reply(() => {
      current = { ...current, status: 'issued', issueTime: Date.now() };
      return ok(current);
    });
    renderApp('/personal/team');
    const card = (await screen.findByRole('heading', { name: '开具发票' })).closest(
      '.ant-card',
    ) as HTMLElement;
    await within(card).findByText('待开具');
    const input = card.querySelector('input[type="file"]') as HTMLInputElement;
    expect(input.accept).toContain('application/pdf');
    const file = new File(['%PDF-1.4'], 'fp.pdf', { type: 'application/pdf' });
    fireEvent.change(input, { target: { files: [file] } });

    await waitFor(() =>
      expect(mock.history.post.filter((r) => r.url === Routes.invoice.issue)).toHaveLength(1),
    );
    const form = mock.history.post.find((r) => r.url === Routes.invoice.issue)!.data as FormData;
    expect([...form.keys()]).toEqual(['invoiceId', 'file']);
    expect(form.get('invoiceId')).toBe('21');
    expect((form.get('file') as File).name).toBe('fp.pdf');
    expect(await screen.findByText('发票已开具')).toBeTruthy();
    expect(await within(card).findByText('已开具')).toBeTruthy();
    expect(
      within(card).getByRole('button', { name: `下载订单 ${paid.orderNo} 的发票（星火课程组）` }),
    ).toBeTruthy();
  });
});
