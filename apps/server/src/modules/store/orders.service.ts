import {
  chinaDay,
  Code,
  ORDER_TTL_MS,
  type Order,
  type OrderRefundState,
  type OrderStatus,
  type PayAction,
  type PayInfo,
  type PayMethod,
} from '@studio/contract';
import type { FastifyBaseLogger } from 'fastify';
import { type TeamCtx } from '../../platform/auth.ts';
import type { AppContext } from '../../platform/context.ts';
import { randomDigits } from '../../platform/crypto.ts';
import { AppError } from '../../platform/errors.ts';
import type { PaymentNotice } from '../../platform/payments/payment-provider.ts';
import { authorize } from '../../platform/policy.ts';
import { mpOpenIdOf } from '../users/index.ts';
import { scheduleOrderExpiry } from './store.jobs.ts';
import { payMethodsFor, payPlaceOf } from './pay-methods.ts';
import { removeCartItems } from './cart.repo.ts';
import { basket, heldData } from './cart.service.ts';
import { insertRedemption } from './coupons.repo.ts';
import { couponOff, usableCoupon } from './coupons.service.ts';
import { discountOf, linesTotal, needsPayment, priceFor, sumCents } from './pricing.ts';
import { insertAutomaticRefunds, startAutomaticRefunds } from './refunds.service.ts';
import { lockTeamOrder } from './refunds.repo.ts';
import { publishSales } from './sales.ts';
import {
  cancelPendingOrder,
  findTeamOrder,
  findUserOrder,
  insertOrder,
  ownedBy,
  type OrderLine,
  listUserOrders,
  lockCheckout,
  lockOrderByNo,
  markPaidAndGrant,
  recentPendingOrder,
  recordPaymentEvent,
  setEventOutcome,
  setPendingOrderProvider,
  type OrderWithItems,
} from './orders.repo.ts';

/** A pending order past its expiry reads as expired; the rows are not rewritten for that. */
const statusOf = (o: OrderWithItems['order']): OrderStatus =>
  o.status === 'pending' && o.expiresAt.getTime() <= Date.now() ? 'expired' : o.status;

/** What the lines' refunds add up to: 退款中 while one is open, else 已退款 when every paid line is back. */
function refundStateOf(items: OrderLine[]): OrderRefundState | null {
  const live = items.filter((i) => i.refund !== null);
  if (live.length === 0) return null;
  if (live.some((i) => i.refund!.status !== 'refunded')) return 'refunding';
  return items.every((i) => i.refund !== null || !needsPayment(i.price)) ? 'refunded' : 'partial';
}

export const toOrder = ({ order, items, teamName, coupon }: OrderWithItems): Order => ({
  orderId: order.id,
  orderNo: order.orderNo,
  status: statusOf(order),
  amount: order.amount,
  items: items.map((i) => ({
    courseId: i.courseId,
    title: i.title,
    versionNo: i.versionNo,
    price: i.price,
    refundStatus: i.refund?.status ?? null,
    refundAutomatic: i.refund?.automatic ?? false,
  })),
  createTime: order.createdAt.getTime(),
  expireTime: order.expiresAt.getTime(),
  payTime: order.paidAt ? order.paidAt.getTime() : null,
  provider: order.provider,
  teamName,
  couponCode: coupon?.code ?? null,
  discount: coupon?.discount ?? 0,
  teamId: order.teamId,
  refundState: refundStateOf(items),
});

/** The China date the buyer paid on, then 12 random digits. */
const newOrderNo = () => `${chinaDay(Date.now()).replaceAll('-', '')}${randomDigits(12)}`;

/**
 * Turns the selected cart items into one order, priced by the server from the latest releases.
 * Checkouts of one team are serialised; a second click on the same cart gets the same order, and a
 * course the team owns or has in a pending order is refused (`basket` → `assertNotHeld`).
 */
export async function checkout(c: TeamCtx, courseIds?: number[], couponCode?: string): Promise<Order> {
  authorize(c, 'order.create');
  const userId = c.actor.user.id;
  const teamId = c.membership.team.id;
  const orderId = await c.ctx.db.transaction(async (tx) => {
    await lockCheckout(tx, teamId);
    const { courses, team } = await basket(tx, userId, teamId, courseIds);
    if (courses.length === 0) {
      const recent = await recentPendingOrder(tx, userId, teamId, 30_000);
      if (recent) return recent.id;
      throw new AppError(Code.CART_EMPTY);
    }
    // The coupon row stays locked till this order is written: its uses are counted one checkout at a time.
    const coupon = couponCode ? await usableCoupon(tx, couponCode, teamId, true) : undefined;
    const off = coupon ? couponOff(coupon, courses) : new Map<number, number>();
    const items = courses.map((l) => ({
      courseId: l.courseId,
      versionNo: l.release.versionNo,
      title: l.release.snapshot.title,
      price: priceFor(l, team, discountOf(off)),
    }));
    const amount = linesTotal(items);
    const now = Date.now();
    const order = await insertOrder(
      tx,
      {
        orderNo: newOrderNo(),
        teamId,
        userId,
        amount,
        provider: c.ctx.payments.name,
        createdAt: new Date(now),
        expiresAt: new Date(now + ORDER_TTL_MS),
      },
      items,
    );
    if (coupon) {
      await insertRedemption(tx, {
        orderId: order.id,
        couponId: coupon.id,
        teamId,
        discount: sumCents(off.values()),
      });
    }
    await removeCartItems(
      tx,
      userId,
      teamId,
      items.map((i) => i.courseId),
    );
    if (!needsPayment(amount))
      await publishSales(c.ctx, tx, (await markPaidAndGrant(tx, order, 'free')).sales);
    return order.id;
  });
  await scheduleOrderExpiry(c.ctx, orderId);
  return getOrder(c, orderId);
}

export async function getOrder(
  c: Pick<TeamCtx, 'ctx' | 'actor'>,
  orderId: number,
  log?: FastifyBaseLogger,
): Promise<Order> {
  const found = await findUserOrder(c.ctx.db, c.actor.user.id, orderId);
  if (!found) throw new AppError(Code.NOT_FOUND);
  if (log && (await settleIfPaidElsewhere(c.ctx, found, log))) return getOrder(c, orderId);
  return toOrder(found);
}

const lastQueried = new Map<string, number>();
const QUERY_EVERY_MS = 5_000;

/**
 * A notification can be late or lost: while the payer watches a pending order, ask the provider
 * (at most every 5 s per order) and apply a payment it reports, through the same exactly-once path.
 */
async function settleIfPaidElsewhere(
  ctx: AppContext,
  found: OrderWithItems,
  log: FastifyBaseLogger,
): Promise<boolean> {
  const { order } = found;
  const provider = ctx.paymentProviders.get(order.provider);
  if (!provider?.queryPayment || statusOf(order) !== 'pending') return false;
  const last = lastQueried.get(order.orderNo) ?? 0;
  if (Date.now() - last < QUERY_EVERY_MS) return false;
  lastQueried.set(order.orderNo, Date.now());
  if (lastQueried.size > 10_000) lastQueried.clear();
  try {
    const notice = await provider.queryPayment(order.orderNo);
    if (notice === null) return false;
    const outcome = await applyPaymentNotice(ctx, provider.name, notice, log);
    return outcome === 'granted' || outcome === 'refunding';
  } catch (err) {
    log.warn({ err, orderNo: order.orderNo }, 'payment query failed');
    return false;
  }
}

export async function listOrders(c: Pick<TeamCtx, 'ctx' | 'actor'>, pageNum: number, pageSize: number) {
  const { rows, total } = await listUserOrders(c.ctx.db, c.actor.user.id, pageSize, (pageNum - 1) * pageSize);
  return { list: rows.map(toOrder), total, pageNum, pageSize };
}

/** What the client asked for: a method (one of the answer's `methods`), or (older clients) a provider. */
export type PayChoice = { provider?: string | undefined; method?: PayMethod | undefined };
/** The request's own context, read by the server: the user agent (where the buyer is) and IP (WeChat Pay H5). */
export type PayClient = { userAgent?: string | undefined; ip: string };

/**
 * WeChat Pay JSAPI pays as the user's 公众号 openid (the users face records it at 网页授权): it is
 * offered only with a real 公众号 (the sandbox's JSAPI needs none).
 */
const hasMp = (ctx: AppContext) => ctx.config.WECHAT_MP_MODE === 'mp';

/**
 * Starts paying an order by a method suited to where the buyer is (`payMethodsFor`): the chosen
 * `method` (40034 when it is not offered here), else the first of the chosen `provider` (40007 when
 * it is not configured), else the order's provider's, else the first offered. 20018 when it is paid
 * already (idempotent), 40005 once expired, 40033 once cancelled, 40031 when the team owns one of its
 * courses by another order (before anything is started). A pending order records the provider.
 * The address the payer returns to is our order page on our own origin (PUBLIC_URL for a real
 * provider, which calls it from outside; the request's trusted origin for the sandbox's pages):
 * nothing the client sends can change it.
 */
export async function payOrder(
  c: Pick<TeamCtx, 'ctx' | 'actor'>,
  orderId: number,
  choice: PayChoice = {},
  client: PayClient = { ip: '127.0.0.1' },
): Promise<{ code: number; data: PayInfo }> {
  const found = await findUserOrder(c.ctx.db, c.actor.user.id, orderId);
  if (!found) throw new AppError(Code.NOT_FOUND);
  const order = toOrder(found);
  const { paymentProviders } = c.ctx;
  if (choice.provider !== undefined && !paymentProviders.has(choice.provider))
    throw new AppError(Code.PAY_PROVIDER_UNAVAILABLE);
  const place = payPlaceOf(client.userAgent);
  const offered = payMethodsFor(place, paymentProviders.values(), hasMp(c.ctx));
  const picked = choice.method
    ? offered.find((o) => o.method === choice.method)
    : choice.provider
      ? offered.find((o) => o.provider.name === choice.provider)
      : (offered.find((o) => o.provider.name === found.order.provider) ?? offered[0]);
  if (!picked) throw new AppError(Code.PAY_METHOD_UNAVAILABLE);
  const { provider, method } = picked;
  const info = (action: PayAction): PayInfo => ({
    orderId,
    provider: provider.name,
    providers: [...paymentProviders.keys()],
    qrUrl: action.kind === 'qr' ? action.qrUrl : '',
    expireTime: order.expireTime,
    place,
    method,
    methods: offered.map((o) => ({ method: o.method, provider: o.provider.name })),
    action,
  });
  if (order.status === 'paid') return { code: Code.ORDER_ALREADY_PAID, data: info({ kind: 'none' }) };
  if (order.status === 'cancelled') throw new AppError(Code.ORDER_CANCELLED);
  if (order.status !== 'pending') throw new AppError(Code.ORDER_EXPIRED);
  const [owned] = await ownedBy(
    c.ctx.db,
    found.order.teamId,
    order.items.map((i) => i.courseId),
    orderId,
  );
  if (owned)
    throw new AppError(Code.ORDER_COURSES_OWNED, {
      params: { orderNo: owned.orderNo },
      data: heldData(owned, c.actor.user.id),
    });
  // Inside WeChat, Alipay's pages are blocked: the page explains how to open it in a browser instead.
  if (place === 'wechat' && method.startsWith('alipay_'))
    return { code: Code.OK, data: info({ kind: 'openInBrowser' }) };
  if (provider.name !== found.order.provider) await setPendingOrderProvider(c.ctx.db, orderId, provider.name);
  const paymentOrder = {
    orderNo: order.orderNo,
    amount: order.amount,
    description: order.items
      .map((i) => i.title)
      .join('、')
      .slice(0, 120),
    expiresAt: new Date(order.expireTime),
    origin: c.actor.origin,
  };
  if (method === 'wechat_native' || method === 'alipay_qr' || !provider.startPayment) {
    const { qrUrl } = await provider.createPayment(paymentOrder);
    return { code: Code.OK, data: info({ kind: 'qr', qrUrl }) };
  }
  const returnPath = `/store/pay/${orderId}`;
  // Real JSAPI pays as the 公众号's openid: none recorded yet, the page runs the silent authorisation
  // first and comes back here (nothing is created at WeChat Pay before).
  let openId: string | undefined;
  if (method === 'wechat_jsapi' && provider.name !== 'sandbox') {
    openId = (await mpOpenIdOf(c.ctx, c.actor.user.id)) ?? undefined;
    if (!openId) return { code: Code.OK, data: info({ kind: 'authorize', next: returnPath }) };
  }
  const origin = provider.name === 'sandbox' ? c.actor.origin : c.ctx.config.publicUrl;
  const started = await provider.startPayment(paymentOrder, {
    method,
    returnUrl: `${origin}${returnPath}`,
    returnPath,
    clientIp: client.ip,
    openId,
  });
  const action: PayAction =
    'bridge' in started
      ? { kind: 'bridge', params: started.bridge }
      : 'simulatorUrl' in started
        ? { kind: 'simulator', url: started.simulatorUrl }
        : { kind: 'redirect', url: started.redirectUrl };
  return { code: Code.OK, data: info(action) };
}

/**
 * Cancels a pending order of the session's team (its buyer, or the team's OWNER/ADMIN): its coupon use
 * is freed (only paid and pending orders count), and money that still arrives for it goes back
 * (`applyPaymentNotice`). A cancelled order answers as it is; any other that is not pending, 40032.
 */
export async function cancelOrder(c: TeamCtx, orderId: number): Promise<Order> {
  const teamId = c.membership.team.id;
  await c.ctx.db.transaction(async (tx) => {
    const order = await lockTeamOrder(tx, teamId, orderId);
    if (!order) throw new AppError(Code.NOT_FOUND);
    authorize(c, 'order.cancel', { buyerId: order.userId });
    if (order.status === 'cancelled') return;
    if (statusOf(order) !== 'pending') throw new AppError(Code.ORDER_NOT_CANCELLABLE);
    await cancelPendingOrder(tx, order.id);
  });
  return toOrder((await findTeamOrder(c.ctx.db, teamId, orderId))!);
}

export type NoticeOutcome =
  'granted' | 'refunding' | 'duplicate' | 'already_paid' | 'amount_mismatch' | 'unknown_order';

/**
 * Applies a verified notification of `provider` exactly once; the order records the provider it was
 * paid with. Rule for late payments: money that arrives for an expired (never closed) order is
 * honoured and granted, because its price was fixed at checkout. Money for a line whose course the
 * team owns by another order (a race, a late payment) or for a cancelled order is paid back by an
 * automatic refund (`refunding`), made in the same transaction and started after it.
 */
export async function applyPaymentNotice(
  ctx: AppContext,
  provider: string,
  notice: PaymentNotice,
  log: FastifyBaseLogger,
): Promise<NoticeOutcome> {
  let refundIds: number[] = [];
  const outcome = await ctx.db.transaction(async (tx): Promise<NoticeOutcome> => {
    const fresh = await recordPaymentEvent(tx, {
      provider,
      eventId: notice.eventId,
      orderNo: notice.orderNo,
      outcome: 'received',
    });
    if (!fresh) return 'duplicate';
    const order = await lockOrderByNo(tx, notice.orderNo);
    let result: NoticeOutcome;
    if (!order) result = 'unknown_order';
    else if (order.amount !== notice.amount) result = 'amount_mismatch';
    else if (order.status === 'paid') result = 'already_paid';
    else {
      const cancelled = order.status === 'cancelled';
      const { notGranted, sales } = await markPaidAndGrant(tx, order, notice.txnId, provider, !cancelled);
      await publishSales(ctx, tx, sales);
      refundIds = notGranted.length
        ? await insertAutomaticRefunds(tx, order, notGranted, cancelled ? 'cancelled' : 'owned')
        : [];
      result = refundIds.length ? 'refunding' : 'granted';
    }
    await setEventOutcome(tx, provider, notice.eventId, result);
    return result;
  });
  if (refundIds.length) {
    log.warn(
      { payment: { provider, eventId: notice.eventId, orderNo: notice.orderNo, refundIds } },
      'payment for courses the team owns or a cancelled order: refunded automatically',
    );
    await startAutomaticRefunds(ctx, refundIds, log);
  }
  if (outcome === 'amount_mismatch' || outcome === 'unknown_order') {
    log.warn(
      {
        payment: {
          provider,
          eventId: notice.eventId,
          orderNo: notice.orderNo,
          amount: notice.amount,
          outcome,
        },
      },
      'payment notification refused',
    );
  }
  return outcome;
}
