import type { CodeEntry } from './entry.ts';

export const STORE = {
  ORDER_ALREADY_PAID: { code: 20018, key: 'errors.orderAlreadyPaid', zh: '订单已支付' },
  COURSE_NOT_FOR_SALE: { code: 40001, key: 'errors.courseNotForSale', zh: '课程未上架' },
  OWN_TEAM_COURSE: { code: 40002, key: 'errors.ownTeamCourse', zh: '不能购买本团队的课程' },
  ALREADY_OWNED: { code: 40003, key: 'errors.alreadyOwned', zh: '团队已拥有这门课程' },
  CART_EMPTY: { code: 40004, key: 'errors.cartEmpty', zh: '请先选择要购买的课程' },
  ORDER_EXPIRED: { code: 40005, key: 'errors.orderExpired', zh: '订单已过期，请重新下单' },
  PAYMENT_REJECTED: { code: 40006, key: 'errors.paymentRejected', zh: '支付通知校验失败' },
  /** Coupons (40020–40029): the code a buyer typed, and why it does not apply. */
  COUPON_NOT_FOUND: { code: 40020, key: 'errors.couponNotFound', zh: '优惠码不存在' },
  COUPON_NOT_STARTED: { code: 40021, key: 'errors.couponNotStarted', zh: '优惠券还未到使用时间' },
  COUPON_EXPIRED: { code: 40022, key: 'errors.couponExpired', zh: '优惠券已过期或已停用' },
  COUPON_USED_UP: { code: 40023, key: 'errors.couponUsedUp', zh: '优惠券已被领完' },
  COUPON_TEAM_LIMIT: { code: 40024, key: 'errors.couponTeamLimit', zh: '本团队已用过这张优惠券' },
  COUPON_MIN_ORDER: {
    code: 40025,
    key: 'errors.couponMinOrder',
    zh: '适用课程满 {{minYuan}} 元才能使用这张优惠券',
  },
  COUPON_NOT_APPLICABLE: { code: 40026, key: 'errors.couponNotApplicable', zh: '所选课程都不适用这张优惠券' },
  COUPON_CODE_TAKEN: { code: 40027, key: 'errors.couponCodeTaken', zh: '这个优惠码已被使用，请换一个' },
  /**
   * Double charges (40030–40039). Data: the order that holds the course (`orderId`, `orderNo`) and
   * whether it is the asker's own (`mine`: the web links to it in 交易信息). A course the team owns
   * answers 40003 with the same data (the order that gave it).
   */
  COURSE_IN_PENDING_ORDER: {
    code: 40030,
    key: 'errors.courseInPendingOrder',
    zh: '这门课程已在待支付的订单 {{orderNo}} 中，请先支付或取消该订单',
  },
  /** Paying an order whose courses the team owns already (by another order): refused before any QR. */
  ORDER_COURSES_OWNED: {
    code: 40031,
    key: 'errors.orderCoursesOwned',
    zh: '订单中的课程团队已通过订单 {{orderNo}} 购买，这笔订单无需再支付',
  },
  ORDER_NOT_CANCELLABLE: { code: 40032, key: 'errors.orderNotCancellable', zh: '只有待支付的订单可以取消' },
  ORDER_CANCELLED: { code: 40033, key: 'errors.orderCancelled', zh: '订单已取消，请重新下单' },
  /** A payment method the server does not offer (not in PAY_PROVIDER). */
  PAY_PROVIDER_UNAVAILABLE: { code: 40007, key: 'errors.payProviderUnavailable', zh: '暂不支持这种支付方式' },
  /** A payment method not offered where the buyer is (WeChat, a phone's browser, a desktop) or not configured. */
  PAY_METHOD_UNAVAILABLE: {
    code: 40034,
    key: 'errors.payMethodUnavailable',
    zh: '当前环境不支持这种支付方式，请选择其他方式',
  },
  // Refunds (401xx): a buyer team asks, the seller team decides, the provider pays back.
  /** A refund or an invoice asked for an order that is not paid. */
  ORDER_NOT_PAID: { code: 40101, key: 'errors.orderNotPaid', zh: '订单未支付' },
  /** Params: days (REFUND_WINDOW_DAYS). */
  REFUND_WINDOW_PASSED: {
    code: 40102,
    key: 'errors.refundWindowPassed',
    zh: '已超过付款后 {{days}} 天的退款期限',
  },
  /** A course of the order that has a refund asked for or being paid back. */
  REFUND_EXISTS: { code: 40103, key: 'errors.refundExists', zh: '这门课程已申请退款，请等待卖家处理' },
  ALREADY_REFUNDED: { code: 40104, key: 'errors.alreadyRefunded', zh: '这门课程已退款' },
  /** Approving or refusing a refund that was decided already (another manager, another tab). */
  REFUND_NOT_PENDING: { code: 40105, key: 'errors.refundNotPending', zh: '这笔退款申请已处理' },
  FREE_NOT_REFUNDABLE: { code: 40106, key: 'errors.freeNotRefundable', zh: '免费课程无需退款' },
  /** The provider refused or could not be reached; the request stays open to approve again. */
  REFUND_PROVIDER_FAILED: {
    code: 40107,
    key: 'errors.refundProviderFailed',
    zh: '支付渠道暂时无法退款，请稍后重试',
  },
  // Invoices (402xx): the buying team asks, the selling team issues a PDF.
  INVOICE_EXISTS: { code: 40201, key: 'errors.invoiceExists', zh: '这笔订单已申请发票' },
  INVOICE_NOT_PDF: { code: 40202, key: 'errors.invoiceNotPdf', zh: '请上传 PDF 格式的发票文件' },
  INVOICE_NOT_ISSUED: { code: 40203, key: 'errors.invoiceNotIssued', zh: '发票尚未开具' },
  INVOICE_ALREADY_ISSUED: { code: 40204, key: 'errors.invoiceAlreadyIssued', zh: '发票已开具' },
} as const satisfies Record<string, CodeEntry>;
