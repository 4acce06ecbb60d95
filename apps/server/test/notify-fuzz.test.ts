/**
 * The notification webhooks (`/api/pay/notify/:provider`, `/api/pay/refund-notify/:provider`) fed
 * generated bodies that carry VALID signatures, for every provider (sandbox, WeChat Pay, Alipay): what
 * a provider (or someone holding its key) could send that our parser might not expect. Never a 5xx,
 * and nothing is granted. Seeded, so a failure replays (FUZZ_SEED, FUZZ_RUNS as in fuzz.test.ts).
 */
import { createSign, generateKeyPairSync } from 'node:crypto';
import type { Order } from '@studio/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SandboxPaymentProvider } from '../src/platform/payments/sandbox-payment.ts';
import { call } from './factories.ts';
import { encryptResource, pendingOrder, signedNotification, startFakeWechatPay } from './fake-wechat-pay.ts';
import { createTestApp, type TestApp } from './test-app.ts';

const SEED = Number(process.env.FUZZ_SEED ?? 20261126);
const RUNS = Number(process.env.FUZZ_RUNS ?? 60);
const PRICE = 4321;

/** Texts a parser may trip on: empty, huge, NUL, lone surrogates, numbers as text, column edges. */
const text = fc.oneof(
  fc.constantFrom('', ' ', '0', '-1', 'NaN', '1e309', '\u0000', '\ud800', 'null', '{}', '[]', '%', '&=&'),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.integer({ min: 0, max: 300 }).map((n) => 'x'.repeat(n)),
);
const amount = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(-1, 0, 2 ** 31, 2 ** 53, Number.MAX_VALUE),
  text,
  fc.constant(null),
);
/** A value of any JSON shape, or one of the fields a notice has with a wrong type or length. */
const fieldsOf = (names: string[], orderNo: string) =>
  fc.record(
    Object.fromEntries(
      names.map((n) => [n, fc.oneof(text, amount, fc.jsonValue({ maxDepth: 2 }), fc.constant(orderNo))]),
    ),
    { requiredKeys: [] },
  );

let order: { orderId: number; orderNo: string; token: string };
const statusOf = async (t: TestApp) =>
  (
    await call<Order>(t, 'GET', '/order/detail', {
      token: order.token,
      query: { orderId: String(order.orderId) },
    })
  ).data.status;
const expectNo5xx = (res: { statusCode: number; body: string }, what: unknown) => {
  if (res.statusCode >= 500) throw new Error(`${res.statusCode} ${res.body} for ${JSON.stringify(what)}`);
};

describe('sandbox notifications with valid signatures', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    const p = await pendingOrder(t, '沙箱模糊测试', PRICE);
    order = { orderId: p.order.orderId, orderNo: p.order.orderNo, token: p.b.user.token };
  });
  afterAll(() => t.close());

  it('never answers 5xx, grants nothing', async () => {
    const sandbox = t.app.ctx.paymentProviders.get('sandbox') as SandboxPaymentProvider;
    const body = fc.oneof(
      text,
      fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v) ?? ''),
      fieldsOf(['eventId', 'orderNo', 'amount', 'txnId'], order.orderNo)
        .filter((f) => f.amount !== PRICE)
        .map((f) => JSON.stringify(f)),
    );
    await fc.assert(
      fc.asyncProperty(body, async (raw) => {
        const timestamp = String(Date.now());
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/pay/notify/sandbox',
          headers: {
            'content-type': 'application/json',
            'x-sandbox-timestamp': timestamp,
            'x-sandbox-signature': await sandbox.sign(`${timestamp}.${raw}`),
          },
          payload: raw,
        });
        expectNo5xx(res, raw);
      }),
      { seed: SEED, numRuns: RUNS * 3 },
    );
    expect(await statusOf(t)).toBe('pending');
  });
});

describe('WeChat Pay and Alipay notifications with valid signatures', () => {
  let t: TestApp;
  let fake: Awaited<ReturnType<typeof startFakeWechatPay>>;
  const alipay = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  const APP_ID = '2021000000000001';
  beforeAll(async () => {
    fake = await startFakeWechatPay();
    t = await createTestApp({
      ...fake.env,
      PAY_PROVIDER: 'wechat,alipay',
      ALIPAY_APP_ID: APP_ID,
      ALIPAY_PRIVATE_KEY: alipay.privateKey,
      ALIPAY_PUBLIC_KEY: alipay.publicKey,
      ALIPAY_GATEWAY: `${fake.env.WECHATPAY_BASE_URL}/gateway.do`,
    });
    const p = await pendingOrder(t, '支付模糊测试', PRICE);
    order = { orderId: p.order.orderId, orderNo: p.order.orderNo, token: p.b.user.token };
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it('WeChat Pay payment and refund notifications: never 5xx, nothing granted', async () => {
    const transaction = fieldsOf(
      ['out_trade_no', 'transaction_id', 'trade_state', 'amount'],
      order.orderNo,
    ).map((f): Record<string, unknown> => ({ trade_state: 'SUCCESS', ...f }));
    const refund = fieldsOf(['out_refund_no', 'refund_id', 'refund_status', 'amount'], 'RF1');
    const plain = fc.oneof(
      text,
      fc.jsonValue({ maxDepth: 3 }),
      transaction,
      transaction.map((tx) => ({ ...tx, amount: { total: tx.amount } })),
      refund.map((r: Record<string, unknown>) => ({ ...r, amount: { refund: r.amount } })),
    );
    const resource = fc.oneof(
      plain.map((p) => encryptResource(typeof p === 'string' ? p : (JSON.stringify(p) ?? 'null'))),
      fc.record({ algorithm: text, ciphertext: fc.base64String({ maxLength: 40 }), nonce: text }),
      fc.jsonValue({ maxDepth: 2 }),
    );
    const event = fc.oneof(
      fc.record({
        id: fc.oneof(text, fc.constant('EV-1')),
        event_type: fc.constantFrom('TRANSACTION.SUCCESS', 'REFUND.SUCCESS', 'REFUND.CLOSED', '', 'X'),
        resource,
      }),
      fc.jsonValue({ maxDepth: 3 }),
    );
    const body = fc.oneof(
      text,
      event.map((e) => JSON.stringify(e) ?? 'null'),
    );
    await fc.assert(
      fc.asyncProperty(body, fc.boolean(), async (raw, isRefund) => {
        const n = signedNotification(raw);
        const res = await t.app.inject({
          method: 'POST',
          url: isRefund ? '/api/pay/refund-notify/wechat' : '/api/pay/notify/wechat',
          headers: n.headers,
          payload: n.body,
        });
        expectNo5xx(res, raw);
      }),
      { seed: SEED, numRuns: RUNS * 5 },
    );
    expect(await statusOf(t)).toBe('pending');
  });

  const postAlipay = (fields: Record<string, string>) => {
    const signed = Object.keys(fields)
      .filter((k) => fields[k] !== '')
      .sort()
      .map((k) => `${k}=${fields[k]}`)
      .join('&');
    const sign = createSign('RSA-SHA256').update(signed, 'utf8').sign(alipay.privateKey, 'base64');
    return t.app.inject({
      method: 'POST',
      url: '/api/pay/notify/alipay',
      headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
      payload: new URLSearchParams({ ...fields, sign, sign_type: 'RSA2' }).toString(),
    });
  };

  it('Alipay: ids longer than their columns answer 400', async () => {
    const good = {
      notify_id: 'N1',
      app_id: APP_ID,
      trade_no: '2026T1',
      out_trade_no: order.orderNo,
      trade_status: 'TRADE_SUCCESS',
      total_amount: '1.00',
    };
    for (const bad of [
      { notify_id: 'N'.repeat(200) },
      { out_trade_no: 'O'.repeat(100) },
      { trade_no: 'T'.repeat(100) },
    ])
      expect((await postAlipay({ ...good, ...bad })).statusCode).toBe(400);
    expect(await statusOf(t)).toBe('pending');
  });

  it('Alipay notifications: never 5xx, nothing granted', async () => {
    const names = [
      'notify_id',
      'out_trade_no',
      'trade_no',
      'trade_status',
      'total_amount',
      'app_id',
      'refund_fee',
    ];
    const form = fc
      .record(
        {
          ...Object.fromEntries(names.map((n) => [n, fc.oneof(text, fc.constant(order.orderNo))])),
          // Amounts Alipay's format allows (but not this order's), so the notice reaches the order.
          total_amount: fc.oneof(text, fc.constantFrom('0.01', '43.20', '1.00', '99999999.99')),
        },
        { requiredKeys: [] },
      )
      .map((f) => ({ app_id: APP_ID, trade_status: 'TRADE_SUCCESS', ...f }) as Record<string, string>)
      .filter((f) => f.total_amount !== '43.21');
    await fc.assert(
      fc.asyncProperty(form, async (fields) => {
        const res = await postAlipay(fields);
        expectNo5xx(res, fields);
      }),
      { seed: SEED, numRuns: RUNS * 3 },
    );
    expect(await statusOf(t)).toBe('pending');
  });
});
