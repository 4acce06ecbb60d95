/** Invoices: the buying team asks, the selling team uploads the PDF, the buyer downloads it. */
import { Code, type Invoice, type Page } from '@studio/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createUser, joinTeam } from '../../../test/factories.ts';
import { multipart, PNG_1X1 } from '../../../test/images.ts';
import { boughtCourse, buyer } from '../../../test/store-factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://studio.example' });
});
afterAll(() => t.close());

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const details = { title: '星火科技有限公司', taxId: '91310000ma1k2l3x4y', email: 'finance@example.com' };

const apply = (token: string, orderId: number, body = details) =>
  call<Invoice[]>(t, 'POST', '/order/invoice/apply', { token, body: { orderId, ...body } });
const list = (token: string, side: 'buyer' | 'seller', orderId?: number) =>
  call<Page<Invoice>>(t, 'GET', '/order/invoice/list', {
    token,
    query: { side, pageNum: '1', pageSize: '10', ...(orderId ? { orderId: String(orderId) } : {}) },
  });
async function issue(
  token: string,
  invoiceId: number,
  file = { name: 'fp.pdf', body: PDF, type: 'application/pdf' },
) {
  const form = multipart({ invoiceId: String(invoiceId) }, file);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/order/invoice/issue',
    payload: form.payload,
    headers: { ...form.headers, 'x-request-tkToken': token, 'x-request-tkForm': 'pc' },
  });
  return res.json() as { code: number; data: Invoice };
}
const download = (token: string, invoiceId: number) =>
  t.app.inject({
    method: 'GET',
    url: `/api/order/invoice/download?invoiceId=${invoiceId}`,
    headers: { 'x-request-tkToken': token, 'x-request-tkForm': 'pc' },
  });

describe('invoices', () => {
  it('is asked with title, tax id and email, issued as a PDF by the seller, downloaded by the buyer', async () => {
    const { s, b, order } = await boughtCourse(t, '发票课程', 12800);
    const asked = await apply(b.user.token, order.orderId);
    expect(asked.code).toBe(200);
    expect(asked.data).toEqual([
      expect.objectContaining({
        orderNo: order.orderNo,
        amount: 12800,
        title: '星火科技有限公司',
        taxId: '91310000MA1K2L3X4Y',
        email: 'finance@example.com',
        status: 'requested',
        sellerTeamName: '卖家团队',
        issueTime: null,
      }),
    ]);
    const invoiceId = asked.data[0]!.invoiceId;
    expect((await apply(b.user.token, order.orderId)).code).toBe(Code.INVOICE_EXISTS);
    expect((await list(s.user.token, 'seller')).data.list.map((i) => i.invoiceId)).toEqual([invoiceId]);
    expect((await download(b.user.token, invoiceId)).json().code).toBe(Code.INVOICE_NOT_ISSUED);

    expect(
      (await issue(s.user.token, invoiceId, { name: 'x.pdf', body: PNG_1X1, type: 'application/pdf' })).code,
    ).toBe(Code.INVOICE_NOT_PDF);
    expect((await issue(b.user.token, invoiceId)).code).toBe(Code.NOT_FOUND);
    const issued = await issue(s.user.token, invoiceId);
    expect(issued.data.status).toBe('issued');
    expect((await issue(s.user.token, invoiceId)).code).toBe(Code.INVOICE_ALREADY_ISSUED);

    const pdf = await download(b.user.token, invoiceId);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.equals(PDF)).toBe(true);
    expect((await list(b.user.token, 'buyer')).data.list[0]).toMatchObject({ status: 'issued' });
    // Only the two teams read it: another team gets 404.
    const stranger = await buyer(t);
    expect((await download(stranger.user.token, invoiceId)).json().code).toBe(Code.NOT_FOUND);
  });

  it("lists one order's invoices (the order drawer asks so), on the buyer's and the seller's side", async () => {
    const first = await boughtCourse(t, '发票订单甲', 3000);
    const second = await boughtCourse(t, '发票订单乙', 4000);
    const askedFirst = (await apply(first.b.user.token, first.order.orderId)).data[0]!;
    const askedSecond = (await apply(second.b.user.token, second.order.orderId)).data[0]!;
    const ofFirst = await list(first.b.user.token, 'buyer', first.order.orderId);
    expect(ofFirst.data.list.map((i) => i.invoiceId)).toEqual([askedFirst.invoiceId]);
    expect(ofFirst.data.total).toBe(1);
    expect((await list(first.s.user.token, 'seller', first.order.orderId)).data.list).toHaveLength(1);
    // Another team's order lists nothing of it.
    expect((await list(first.b.user.token, 'buyer', second.order.orderId)).data.list).toEqual([]);
    expect(askedSecond.orderId).toBe(second.order.orderId);
    const bad = await call(t, 'GET', '/order/invoice/list', {
      token: first.b.user.token,
      query: { side: 'buyer', pageNum: '1', pageSize: '10', orderId: 'x' },
    });
    expect(bad.status).toBe(400);
  });

  it('checks the order, the role and the fields', async () => {
    const { b, order } = await boughtCourse(t, '发票规则课程', 500);
    const stranger = await buyer(t);
    expect((await apply(stranger.user.token, order.orderId)).code).toBe(Code.NOT_FOUND);
    const member = await createUser(t);
    await joinTeam(t, member.token, b.team.teamCode);
    expect((await apply(member.token, order.orderId)).code).toBe(Code.FORBIDDEN);
    expect((await apply(b.user.token, order.orderId, { ...details, taxId: '123' })).code).toBe(400);
    expect((await apply(b.user.token, order.orderId, { ...details, email: 'nope' })).code).toBe(400);
    const pending = await boughtCourse(t, '未付款发票课程', 700, false);
    expect((await apply(pending.b.user.token, pending.order.orderId)).code).toBe(Code.ORDER_NOT_PAID);
  });
});
