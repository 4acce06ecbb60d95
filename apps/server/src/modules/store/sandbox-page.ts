/** The sandbox payer's pages. */
import { formatPrice, type PayMethod } from '@studio/contract';
import { escapeHtml, htmlPage } from '../../platform/html-page.ts';

/** What is being paid for: the order's amount and courses, as the payer's page shows them. */
export type SandboxOrder = {
  amount: number;
  status: string;
  items: { title: string; price: number }[];
};

type Page =
  | { kind: 'confirm'; orderNo: string; sig: string; order: SandboxOrder }
  | { kind: 'paid'; orderNo: string }
  | { kind: 'refunded'; orderNo: string }
  | { kind: 'invalid' }
  | { kind: 'failed' };

const shell = (body: string) => htmlPage('沙箱支付', '#1f6feb', body);

/** The amount and every course of the order (titles escaped: they are the sellers' text). */
const summary = (order: SandboxOrder) => `<p>支付金额：<strong>${formatPrice(order.amount)}</strong></p>
<p>购买课程：</p><ul>${order.items.map((i) => `<li>${escapeHtml(i.title)}（${formatPrice(i.price)}）</li>`).join('')}</ul>${
  order.status === 'cancelled'
    ? '<p class="note">这笔订单已取消：确认支付后款项会自动原路退回。</p>'
    : order.status === 'paid'
      ? '<p class="note">这笔订单已支付。</p>'
      : ''
}`;

export function sandboxResultPage(page: Page): string {
  switch (page.kind) {
    case 'confirm':
      return shell(`<h1>沙箱支付</h1><p class="note">这是内置的沙箱支付（未接入真实支付时使用），不会产生真实扣款。</p>
<p>订单号：${escapeHtml(page.orderNo)}</p>
${summary(page.order)}
<form method="post" action="/api/pay/sandbox/confirm"><input type="hidden" name="orderNo" value="${escapeHtml(page.orderNo)}">
<input type="hidden" name="sig" value="${escapeHtml(page.sig)}"><button type="submit">确认支付</button></form>`);
    case 'paid':
      return shell(`<h1>支付成功</h1><p>订单 ${escapeHtml(page.orderNo)} 已支付。请回到电脑或应用查看。</p>`);
    case 'refunded':
      return shell(
        `<h1>已自动退款</h1><p>订单 ${escapeHtml(page.orderNo)} 的课程团队已拥有或订单已取消，这笔款项已原路退回。请回到交易信息查看。</p>`,
      );
    case 'failed':
      return shell(`<h1>支付未完成</h1><p class="note">订单可能已支付或金额不符，请回到订单页查看。</p>`);
    default:
      return shell(`<h1>链接无效</h1><p class="note">请回到支付页重新扫码。</p>`);
  }
}

/** Each simulated cashier: its title and colour (WeChat green, Alipay blue), as the real one shows them. */
const CASHIERS: Record<PayMethod, { title: string; accent: string }> = {
  wechat_native: { title: '微信支付（沙箱）', accent: '#07c160' },
  wechat_jsapi: { title: '微信支付（沙箱）', accent: '#07c160' },
  wechat_h5: { title: '微信支付收银台（沙箱）', accent: '#07c160' },
  alipay_qr: { title: '支付宝（沙箱）', accent: '#1677ff' },
  alipay_wap: { title: '支付宝收银台（沙箱）', accent: '#1677ff' },
  alipay_page: { title: '支付宝电脑网站收银台（沙箱）', accent: '#1677ff' },
};

/**
 * The sandbox's simulator of a cashier (WeChat Pay H5, Alipay WAP, Alipay page pay) or of WeChat's
 * JSAPI pay sheet: the amount, 确认支付 (a signed notification through the real webhook, then back to
 * the order page) and 取消 (back to the order page, unpaid). `back` is our own order page's path.
 */
export function sandboxCashierPage(
  p: { method: PayMethod; orderNo: string; sig: string; order: SandboxOrder; back: string } | null,
): string {
  if (!p) return shell('<h1>链接无效</h1><p class="note">请回到支付页重新发起支付。</p>');
  const c = CASHIERS[p.method];
  const sheet = p.method === 'wechat_jsapi';
  return htmlPage(
    c.title,
    c.accent,
    `<h1>${escapeHtml(c.title)}</h1><p class="note">这是内置的沙箱支付${sheet ? '（模拟微信内的支付弹窗）' : ''}，不会产生真实扣款。</p>
<p>订单号：${escapeHtml(p.orderNo)}</p>
${summary(p.order)}
<form method="post" action="/api/pay/sandbox/cashier/confirm"><input type="hidden" name="orderNo" value="${escapeHtml(p.orderNo)}">
<input type="hidden" name="method" value="${escapeHtml(p.method)}"><input type="hidden" name="sig" value="${escapeHtml(p.sig)}">
<button type="submit">确认支付</button></form>
<p style="text-align:center;margin-top:16px"><a href="${escapeHtml(p.back)}">取消</a></p>`,
  );
}
