/** The sandbox payer's pages. */
import { escapeHtml, htmlPage } from '../../platform/html-page.ts';

type Page =
  | { kind: 'confirm'; orderNo: string; sig: string }
  | { kind: 'paid'; orderNo: string }
  | { kind: 'invalid' }
  | { kind: 'failed' };

const shell = (body: string) => htmlPage('沙箱支付', '#1f6feb', body);

export function sandboxResultPage(page: Page): string {
  switch (page.kind) {
    case 'confirm':
      return shell(`<h1>沙箱支付</h1><p class="note">这是内置的沙箱支付（未接入真实支付时使用），不会产生真实扣款。</p>
<p>订单号：${escapeHtml(page.orderNo)}</p>
<form method="post" action="/api/pay/sandbox/confirm"><input type="hidden" name="orderNo" value="${escapeHtml(page.orderNo)}">
<input type="hidden" name="sig" value="${escapeHtml(page.sig)}"><button type="submit">确认支付</button></form>`);
    case 'paid':
      return shell(`<h1>支付成功</h1><p>订单 ${escapeHtml(page.orderNo)} 已支付。请回到电脑或应用查看。</p>`);
    case 'failed':
      return shell(`<h1>支付未完成</h1><p class="note">订单可能已支付或金额不符，请回到订单页查看。</p>`);
    default:
      return shell(`<h1>链接无效</h1><p class="note">请回到支付页重新扫码。</p>`);
  }
}
