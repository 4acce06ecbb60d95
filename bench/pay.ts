/**
 * From pressing 立即购买 to a paid order, per way to pay, on the embedded default (the sandbox's
 * simulators): the requests the buyer's browser sends to our server and the time the server took to
 * answer them (each request on its own, one after another on 127.0.0.1, so the sum is the server's
 * time plus loopback). The steps are the pay page's: add to the cart and check out (立即购买), open
 * the pay page (the order, then /order/pay for the method the place offers), the provider's page
 * (the sandbox's QR confirm page or cashier, or JSAPI's pay sheet) and its confirm, which sends the
 * signed notification through the real webhook, and back on the order page, the order read as paid.
 * Static files (the pay page's scripts) are not counted: the browser has them cached after a visit.
 */
import type { PayInfo, PayMethod, UserInfo } from '@studio/contract';
import os from 'node:os';
import sharp from 'sharp';
import { startServer } from '../e2e/support/server.ts';
import { apiAs, apiLogin } from '../e2e/support/session.ts';

const ORDERS_PER_METHOD = Number(process.env.BENCH_PAY_ORDERS ?? 10);

const AGENTS = {
  wechat:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.50(0x1800323c) NetType/WIFI Language/zh_CN',
  mobile:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
  desktop:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36',
} as const;

const METHODS: { method: PayMethod; place: keyof typeof AGENTS; label: string }[] = [
  {
    method: 'wechat_jsapi',
    place: 'wechat',
    label: 'WeChat Pay JSAPI (inside WeChat, the pay sheet simulator)',
  },
  { method: 'wechat_h5', place: 'mobile', label: 'WeChat Pay H5 (a phone browser, the cashier simulator)' },
  { method: 'alipay_wap', place: 'mobile', label: 'Alipay WAP (a phone browser, the cashier simulator)' },
  { method: 'wechat_native', place: 'desktop', label: 'WeChat Pay Native QR (desktop, the QR confirm page)' },
  { method: 'alipay_qr', place: 'desktop', label: 'Alipay QR (desktop, the QR confirm page)' },
  { method: 'alipay_page', place: 'desktop', label: 'Alipay page pay (desktop, the cashier simulator)' },
];

type Timed = { ms: number; res: Response };

/** One request of the buyer's browser, timed from sending to the whole body read. */
async function timed(url: string, init: RequestInit = {}): Promise<Timed> {
  const started = performance.now();
  const res = await fetch(url, { redirect: 'manual', ...init });
  const body = await res.arrayBuffer();
  const ms = performance.now() - started;
  return { ms, res: new Response(res.status === 204 || res.status === 304 ? null : body, res) };
}

async function coverOf(baseUrl: string, user: UserInfo): Promise<string> {
  const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#3a6ea5' } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('kind', 'cover');
  form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'cover.png');
  const res = await fetch(`${baseUrl}/api/file/upload`, {
    method: 'POST',
    headers: { 'x-request-tkToken': user.token, 'x-request-tkForm': 'pc' },
    body: form,
  });
  const body = (await res.json()) as { code: number; data: { url: string } };
  if (body.code !== 200) throw new Error(`cover upload: ${body.code}`);
  return body.data.url;
}

/** A released paid course of one text lesson, sold by `seller`. */
async function releasedCourse(baseUrl: string, seller: UserInfo, cover: string, n: number): Promise<number> {
  const api = <T>(p: string, body?: unknown) => apiAs<T>(baseUrl, seller, p, body);
  const course = await api<{ courseId: number; version: number }>('/course/create', {
    title: `支付测速课程 ${n}`,
  });
  const lesson = await api<{ lessonId: number; version: number }>('/lesson/create', {
    courseId: course.courseId,
    title: '第一课',
  });
  await api('/lesson/save', {
    lessonId: lesson.lessonId,
    version: lesson.version,
    content: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: '正文' }] }] },
  });
  await api('/course/modify', {
    courseId: course.courseId,
    version: course.version,
    cover,
    summary: '用来测量从立即购买到支付完成的课程。',
    category: 'tech',
    price: 990,
  });
  await api('/course/release', { courseId: course.courseId });
  return course.courseId;
}

/** Buys `courseId` by `method` as the buyer's browser would; answers each step's time. */
async function buyOnce(
  baseUrl: string,
  buyer: UserInfo,
  courseId: number,
  method: PayMethod,
  agent: string,
): Promise<{ steps: number; ms: number }> {
  const headers = {
    'content-type': 'application/json',
    'x-request-tkToken': buyer.token,
    'x-request-tkForm': 'pc',
    'user-agent': agent,
  };
  const times: number[] = [];
  const api = async <T>(path: string, body?: unknown): Promise<T> => {
    const { ms, res } = await timed(`${baseUrl}/api${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    times.push(ms);
    const envelope = (await res.json()) as { code: number; msg: string; data: T };
    if (envelope.code !== 200) throw new Error(`${path}: ${envelope.code} ${envelope.msg}`);
    return envelope.data;
  };
  const page = async (url: string, form?: URLSearchParams): Promise<Response> => {
    const { ms, res } = await timed(url, {
      method: form ? 'POST' : 'GET',
      headers: form
        ? { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': agent }
        : { 'user-agent': agent },
      body: form?.toString(),
    });
    times.push(ms);
    if (res.status >= 400) throw new Error(`${url}: HTTP ${res.status}`);
    return res;
  };

  // 立即购买: into the cart, one order of this course, then the pay page.
  await api('/cart/add', { courseId });
  const order = await api<{ orderId: number }>('/order/checkout', { courseIds: [courseId] });
  await api(`/order/detail?orderId=${order.orderId}`);
  const pay = await api<PayInfo>('/order/pay', { orderId: order.orderId, method });
  const action = pay.action;
  if (!action) throw new Error('/order/pay answered no action');
  if (action.kind === 'qr') {
    // The QR opens the sandbox's confirm page on the payer's phone; confirming there notifies us.
    const url = new URL(action.qrUrl);
    await page(url.toString());
    await page(`${baseUrl}/api/pay/sandbox/confirm`, url.searchParams);
  } else if (action.kind === 'redirect' || action.kind === 'simulator') {
    const url = new URL(action.url);
    await page(url.toString());
    const back = await page(`${baseUrl}/api/pay/sandbox/cashier/confirm`, url.searchParams);
    if (back.status !== 303) throw new Error(`cashier confirm answered ${back.status}`);
  } else throw new Error(`unexpected action ${action.kind} for ${method}`);
  // Back on the order page: it asks the server, which has the notification applied.
  const paid = await api<{ status: string }>(`/order/detail?orderId=${order.orderId}`);
  if (paid.status !== 'paid') throw new Error(`order ${order.orderId} is ${paid.status} after paying`);
  return { steps: times.length, ms: times.reduce((a, b) => a + b, 0) };
}

const quantile = (sorted: number[], q: number) => sorted[Math.floor(q * (sorted.length - 1))]!;

export async function paySection(): Promise<string> {
  const server = await startServer('bench-pay', { LOG_LEVEL: 'warn' });
  try {
    const { baseUrl } = server;
    const seller = await apiLogin(baseUrl, '13800000002', 'demo1234');
    const buyer = await apiLogin(baseUrl, '13800000000', 'demo1234');
    const cover = await coverOf(baseUrl, seller);
    const rows: string[] = [];
    let n = 0;
    for (const { method, place, label } of METHODS) {
      const runs: { steps: number; ms: number }[] = [];
      // One warm-up purchase: the first request of each route compiles its schema and plans.
      for (let i = 0; i <= ORDERS_PER_METHOD; i++) {
        const courseId = await releasedCourse(baseUrl, seller, cover, ++n);
        const run = await buyOnce(baseUrl, buyer, courseId, method, AGENTS[place]);
        if (i > 0) runs.push(run);
      }
      const ms = runs.map((r) => r.ms).sort((a, b) => a - b);
      rows.push(
        `| ${label} | \`${method}\` | ${runs[0]!.steps} | ${quantile(ms, 0.5).toFixed(1)} | ${quantile(ms, 0.9).toFixed(1)} | ${ms.at(-1)!.toFixed(1)} |`,
      );
    }
    return `${ORDERS_PER_METHOD} purchases per way to pay (after one warm-up), each of another released course (¥9.90) bought by the demo owner from 示例学院 on the real server (embedded PostgreSQL, \`PAY_PROVIDER=sandbox\`, log level warn), the place set by the user agent. **Requests**: what the buyer's browser sends our server from 立即购买 to reading the order as paid (cart, checkout, the pay page's order and \`/order/pay\`, the provider's page and its confirm, the order again), static files not counted. **Server time**: the sum of those requests' times, each sent after the last answered, on 127.0.0.1. The buyer's own time on the provider's page (reading, entering a password) is not in it.

| way to pay | method | requests | server time median ms | p90 ms | max ms |
|---|---|---:|---:|---:|---:|
${rows.join('\n')}

Command: \`BENCH_ONLY=pay npm run bench\` (\`BENCH_PAY_ORDERS\` purchases per method, default 10). Load average at the end: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(', ')}.`;
  } finally {
    await server.stop();
  }
}
