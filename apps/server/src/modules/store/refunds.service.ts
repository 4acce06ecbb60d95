import {
  chinaDay,
  Code,
  type Page,
  type Refund,
  type RefundApply,
  type RefundListQuery,
} from '@studio/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { TeamCtx } from '../../platform/auth.ts';
import type { AppContext } from '../../platform/context.ts';
import { randomDigits } from '../../platform/crypto.ts';
import { AppError } from '../../platform/errors.ts';
import type { RefundNotice } from '../../platform/payments/payment-provider.ts';
import type { Db } from '../../db/client.ts';
import type { OrderRow, RefundRow } from '../../db/schema.ts';
import { authorize } from '../../platform/policy.ts';
import { recordPaymentEvent, setEventOutcome, type OrderItemRow } from './orders.repo.ts';
import { needsPayment } from './pricing.ts';
import { scheduleRefundCheck } from './refund-check-queue.ts';
import { publishSales } from './sales.ts';
import {
  findLiveRefund,
  findOrderLine,
  findRefundView,
  insertRefund,
  lockRefundByNo,
  lockSellerRefund,
  lockTeamOrder,
  markRefundedAndRevoke,
  pageRefunds,
  reopenRefund,
  sellerTeamsOf,
  findRefundToCheck,
  updateRefund,
  type RefundView,
} from './refunds.repo.ts';
import { revokeLostCertificates } from '../learning/index.ts';

const DAY_MS = 86_400_000;
const ms = (d: Date | null) => (d ? d.getTime() : null);

const toRefund = (v: RefundView): Refund => ({
  refundId: v.refund.id,
  refundNo: v.refund.refundNo,
  orderId: v.refund.orderId,
  orderNo: v.orderNo,
  courseId: v.courseId,
  title: v.title,
  amount: v.refund.amount,
  reason: v.refund.reason,
  status: v.refund.status,
  buyerTeamName: v.buyerTeamName,
  sellerTeamName: v.sellerTeamName,
  createTime: v.refund.createdAt.getTime(),
  decideTime: ms(v.refund.decidedAt),
  refundTime: ms(v.refund.refundedAt),
  automatic: v.refund.automatic,
});

const refundOf = async (ctx: AppContext, refundId: number) =>
  toRefund((await findRefundView(ctx.db, refundId))!);
const newRefundNo = () => `RF${chinaDay(Date.now()).replaceAll('-', '')}${randomDigits(12)}`;

/**
 * The buying team's OWNER/ADMIN asks for the whole price of one course of a paid order back, within
 * REFUND_WINDOW_DAYS of payment. Another team's order answers 404; one open refund per course.
 */
export async function applyRefund(c: TeamCtx, body: RefundApply): Promise<Refund> {
  authorize(c, 'refund.request');
  const teamId = c.membership.team.id;
  const refundId = await c.ctx.db.transaction(async (tx) => {
    const order = await lockTeamOrder(tx, teamId, body.orderId);
    if (!order) throw new AppError(Code.NOT_FOUND);
    const line = await findOrderLine(tx, order.id, body.courseId);
    if (!line) throw new AppError(Code.NOT_FOUND);
    if (order.status !== 'paid' || !order.paidAt) throw new AppError(Code.ORDER_NOT_PAID);
    if (!needsPayment(line.item.price)) throw new AppError(Code.FREE_NOT_REFUNDABLE);
    const live = await findLiveRefund(tx, line.item.id);
    if (live) throw new AppError(live.status === 'refunded' ? Code.ALREADY_REFUNDED : Code.REFUND_EXISTS);
    const days = c.ctx.config.REFUND_WINDOW_DAYS;
    if (Date.now() > order.paidAt.getTime() + days * DAY_MS)
      throw new AppError(Code.REFUND_WINDOW_PASSED, { params: { days } });
    const refund = await insertRefund(tx, {
      refundNo: newRefundNo(),
      orderId: order.id,
      orderItemId: line.item.id,
      buyerTeamId: teamId,
      sellerTeamId: line.sellerTeamId,
      requestedBy: c.actor.user.id,
      amount: line.item.price,
      reason: body.reason,
    });
    return refund.id;
  });
  return refundOf(c.ctx, refundId);
}

export async function listRefunds(c: TeamCtx, q: RefundListQuery): Promise<Page<Refund>> {
  authorize(c, 'refund.view');
  const { rows, total } = await pageRefunds(
    c.ctx.db,
    q.side,
    c.membership.team.id,
    q.pageSize,
    (q.pageNum - 1) * q.pageSize,
  );
  return { list: rows.map(toRefund), total, pageNum: q.pageNum, pageSize: q.pageSize };
}

/** Decides a 待处理 refund of the seller team under its row lock: the second of two decisions gets 40105. */
async function decide(c: TeamCtx, refundId: number, status: 'processing' | 'refused') {
  return c.ctx.db.transaction(async (tx) => {
    const found = await lockSellerRefund(tx, c.membership.team.id, refundId);
    if (!found) throw new AppError(Code.NOT_FOUND);
    if (found.refund.status !== 'requested') throw new AppError(Code.REFUND_NOT_PENDING);
    await updateRefund(tx, refundId, { status, decidedBy: c.actor.user.id, decidedAt: new Date() });
    return found;
  });
}

/** Tells the member who asked for the refund what was decided (notifications hear it). */
async function announceDecision(
  c: TeamCtx,
  found: { refund: RefundRow },
  approved: boolean,
): Promise<Refund> {
  const decided = await refundOf(c.ctx, found.refund.id);
  const userId = found.refund.requestedBy;
  if (userId !== null) {
    await c.ctx.domainEvents.publish(c.ctx.db, {
      type: 'refund.decided',
      teamId: found.refund.buyerTeamId,
      userId,
      orderId: decided.orderId,
      courseTitle: decided.title,
      approved,
    });
  }
  return decided;
}

export async function refuseRefund(c: TeamCtx, refundId: number): Promise<Refund> {
  authorize(c, 'refund.decide');
  return announceDecision(c, await decide(c, refundId, 'refused'), false);
}

/**
 * The seller team's OWNER/ADMIN approves: the refund is taken (待处理 → 退款中) in one transaction,
 * then the provider is asked to pay back, outside it (never a transaction held over a network call).
 * A provider that pays back at once answers the notice, applied through the notification's path; a
 * refused call puts the request back to 待处理 (the refund number lets the provider dedupe a retry).
 */
export async function approveRefund(c: TeamCtx, refundId: number, log: FastifyBaseLogger): Promise<Refund> {
  authorize(c, 'refund.decide');
  const { ctx } = c;
  const found = await decide(c, refundId, 'processing');
  const { refund } = found;
  let processing: boolean;
  try {
    processing = (await startRefund(ctx, found, log)) === 'processing';
  } catch (err) {
    log.warn({ err, refundNo: refund.refundNo }, 'refund not started');
    await reopenRefund(ctx.db, refund.id);
    throw new AppError(Code.REFUND_PROVIDER_FAILED);
  }
  // Started: should its notification be lost, the check job asks the provider (refund-check.ts). A
  // queue that cannot take the job now does not undo a refund the provider has begun.
  if (processing) {
    await scheduleRefundCheck(ctx, refund.id, 0).catch((err: unknown) =>
      log.error({ err, refundNo: refund.refundNo }, 'refund check not queued'),
    );
  }
  return announceDecision(c, found, true);
}

type RefundToStart = { refund: RefundRow; orderNo: string; orderAmount: number; provider: string };

/**
 * Asks the provider the order was paid with to pay a refund back (outside any transaction); throws
 * when it refuses. A provider that pays back at once answers the notice, applied here.
 */
export async function startRefund(
  ctx: AppContext,
  found: RefundToStart,
  log: FastifyBaseLogger,
): Promise<'refunded' | 'processing'> {
  const { refund } = found;
  const provider = ctx.paymentProviders.get(found.provider);
  if (!provider?.refund)
    throw new Error(`no configured provider refunds an order paid with ${found.provider}`);
  const started = await provider.refund({
    orderNo: found.orderNo,
    refundNo: refund.refundNo,
    amount: refund.amount,
    total: found.orderAmount,
    reason: refund.reason,
  });
  if (started.state === 'refunded') {
    await applyRefundNotice(ctx, provider.name, started.notice, log);
    return 'refunded';
  }
  await updateRefund(ctx.db, refund.id, { providerRefundId: started.refundId });
  return 'processing';
}

export const AUTO_REFUND_REASON = {
  owned: '自动退款：团队已通过其他订单拥有这门课程',
  cancelled: '自动退款：订单已取消',
} as const;

/**
 * Money reported for lines the order cannot grant (the team owns their courses by another order, or
 * the order was cancelled): one automatic refund per paid line, 退款中 at once, in the caller's
 * transaction (the notification's, on the locked order row, so a replay or a second notice finds the
 * order paid and adds none; the unique open refund per line holds too). Started after the commit
 * (`startAutomaticRefunds`).
 */
export async function insertAutomaticRefunds(
  tx: Db,
  order: OrderRow,
  lines: OrderItemRow[],
  why: keyof typeof AUTO_REFUND_REASON,
): Promise<number[]> {
  const paid = lines.filter((l) => needsPayment(l.price));
  const sellers = await sellerTeamsOf(
    tx,
    paid.map((l) => l.courseId),
  );
  const ids: number[] = [];
  for (const line of paid) {
    const refund = await insertRefund(tx, {
      refundNo: newRefundNo(),
      orderId: order.id,
      orderItemId: line.id,
      buyerTeamId: order.teamId,
      sellerTeamId: sellers.get(line.courseId)!,
      requestedBy: order.userId,
      amount: line.price,
      reason: AUTO_REFUND_REASON[why],
      status: 'processing',
      automatic: true,
      decidedAt: new Date(),
    });
    ids.push(refund.id);
  }
  return ids;
}

/**
 * Starts automatic refunds at the provider. One the provider does not take now is started again by
 * the refund check job (`checkRefund`), which then asks about it like any refund 退款中.
 */
export async function startAutomaticRefunds(
  ctx: AppContext,
  refundIds: number[],
  log: FastifyBaseLogger,
): Promise<void> {
  for (const refundId of refundIds) {
    const found = await findRefundToCheck(ctx.db, refundId);
    if (!found || found.refund.status !== 'processing') continue;
    let state: 'refunded' | 'processing' | 'failed';
    try {
      state = await startRefund(ctx, found, log);
      log.info({ refundNo: found.refund.refundNo, state }, 'automatic refund started');
    } catch (err) {
      log.warn(
        { err, refundNo: found.refund.refundNo },
        'automatic refund not started; the check job retries',
      );
      state = 'failed';
    }
    if (state !== 'refunded')
      await scheduleRefundCheck(ctx, refundId, 0).catch((err: unknown) =>
        log.error({ err, refundNo: found.refund.refundNo }, 'refund check not queued'),
      );
  }
}

export type RefundOutcome =
  'refunded' | 'duplicate' | 'already_refunded' | 'amount_mismatch' | 'unknown_refund' | 'refused';

/**
 * Applies a verified refund notice exactly once: the event id is recorded once, the refund row is
 * locked, and only a refund still open is marked refunded (its course taken from the buyer).
 */
export async function applyRefundNotice(
  ctx: AppContext,
  provider: string,
  notice: RefundNotice,
  log: FastifyBaseLogger,
): Promise<RefundOutcome> {
  const outcome = await ctx.db.transaction(async (tx): Promise<RefundOutcome> => {
    // Refund events carry the refund number where payment events carry the order number.
    const fresh = await recordPaymentEvent(tx, {
      provider,
      eventId: notice.eventId,
      orderNo: notice.refundNo,
      outcome: 'received',
    });
    if (!fresh) return 'duplicate';
    const refund = await lockRefundByNo(tx, notice.refundNo);
    let result: RefundOutcome;
    if (!refund) result = 'unknown_refund';
    else if (refund.amount !== notice.amount) result = 'amount_mismatch';
    else if (refund.status === 'refunded') result = 'already_refunded';
    else if (refund.status === 'refused') result = 'refused';
    else {
      await publishSales(ctx, tx, await markRefundedAndRevoke(tx, refund, notice.refundId));
      await revokeLostCertificates(tx, refund.buyerTeamId);
      result = 'refunded';
    }
    await setEventOutcome(tx, provider, notice.eventId, result);
    return result;
  });
  if (outcome === 'amount_mismatch' || outcome === 'unknown_refund' || outcome === 'refused') {
    log.warn(
      {
        refund: {
          provider,
          eventId: notice.eventId,
          refundNo: notice.refundNo,
          amount: notice.amount,
          outcome,
        },
      },
      'refund notification refused',
    );
  }
  return outcome;
}
