import { z } from 'zod';
import { idSchema, pageQuerySchema, pageSchema, queryIdSchema, queryNumber } from './common.ts';
import {
  COURSE_CATEGORIES,
  INVOICE_STATUSES,
  INVOICE_TITLE_MAX,
  ORDER_REFUND_STATES,
  ORDER_STATUSES,
  TAX_ID_PATTERN,
  REFUND_REASON_MAX,
  REFUND_SIDES,
  REFUND_STATUSES,
  STORE_KEYWORD_MAX,
  STORE_SORTS,
  STORE_SUGGEST_MAX,
  type StoreSort,
} from '../constants.ts';
import { couponCodeSchema } from './coupon.ts';
import { coursePreviewSchema, lessonSummarySchema } from './course.ts';

const storeKeyword = z.string().trim().max(STORE_KEYWORD_MAX).default('');
export const storeListQuery = pageQuerySchema.extend({
  keyword: storeKeyword,
  category: z.enum(COURSE_CATEGORIES).optional(),
  /** Unset: `relevance` with a keyword, `newest` without (storeSortOf). */
  sort: z.enum(STORE_SORTS).optional(),
});
export type StoreListQuery = z.infer<typeof storeListQuery>;
export const storeSortOf = (q: { keyword: string; sort?: StoreSort }): StoreSort =>
  q.sort ?? (q.keyword ? 'relevance' : 'newest');

/** Matched text of a title: [start, end) pairs in UTF-16 code units, sorted, never overlapping. */
export const highlightsSchema = z.array(z.tuple([z.number().int(), z.number().int()]));

export const storeCardSchema = z.object({
  courseId: z.number().int(),
  title: z.string(),
  subtitle: z.string(),
  cover: z.string(),
  category: z.enum(COURSE_CATEGORIES).nullable(),
  teamName: z.string(),
  price: z.number().int(),
  lessonCount: z.number().int(),
  sales: z.number().int(),
  versionNo: z.number().int(),
  releaseTime: z.number(),
});
export type StoreCard = z.infer<typeof storeCardSchema>;

/** A card of the store list, with where the keyword matched its title (empty without a keyword). */
export const storeListCardSchema = storeCardSchema.extend({
  titleHighlights: highlightsSchema,
  /** The total duration of the released lessons' video and audio, ms (null: the course has none). */
  mediaMs: z.number().int().nullable(),
});
export type StoreListCard = z.infer<typeof storeListCardSchema>;
/** A card as the search finds it; the store adds the media's duration (catalog.service.ts). */
export type StoreSearchCard = Omit<StoreListCard, 'mediaMs'>;
/** `totalCapped`: more matched than were counted (`total` is then the cap: show "1000+"). */
export const storeListPageSchema = pageSchema(storeListCardSchema).extend({ totalCapped: z.boolean() });
export type StoreListPage = z.infer<typeof storeListPageSchema>;
export type StoreSearchPage = Omit<StoreListPage, 'list'> & { list: StoreSearchCard[] };

export const storeSuggestQuery = z.object({ keyword: storeKeyword });
export const storeSuggestSchema = z.object({
  list: z
    .array(z.object({ courseId: z.number().int(), title: z.string(), titleHighlights: highlightsSchema }))
    .max(STORE_SUGGEST_MAX),
});
export type StoreSuggest = z.infer<typeof storeSuggestSchema>;

/** The buy page: the released snapshot, with the content of free-preview lessons only. */
export const storeCourseSchema = coursePreviewSchema.omit({ lessons: true }).extend({
  versionNo: z.number().int(),
  sales: z.number().int(),
  price: z.number().int(),
  lessons: z.array(
    lessonSummarySchema.extend({
      content: coursePreviewSchema.shape.lessons.element.shape.content.nullable(),
    }),
  ),
  owned: z.boolean(),
  ownTeam: z.boolean(),
  inCart: z.boolean(),
  /** On sale in the store; an unlisted course is seen only by its own team and the teams that bought it. */
  listed: z.boolean(),
  /** The total duration of the lessons' video and audio, ms (null: the course has none). */
  mediaMs: z.number().int().nullable(),
});
export type StoreCourse = z.infer<typeof storeCourseSchema>;

/**
 * 更新日志: the public lines (更新说明) of a course's versions, newest first (those with one); the
 * team's internal notes are never here.
 */
export const storeChangelogSchema = z.object({
  list: z.array(z.object({ versionNo: z.number().int(), changelog: z.string(), createTime: z.number() })),
});
export type StoreChangelog = z.infer<typeof storeChangelogSchema>;

export const cartItemSchema = storeCardSchema.extend({ selected: z.boolean(), owned: z.boolean() });
export type CartItem = z.infer<typeof cartItemSchema>;
export const cartSchema = z.object({
  list: z.array(cartItemSchema),
  selectedCount: z.number().int(),
  selectedTotal: z.number().int(),
});
export type Cart = z.infer<typeof cartSchema>;
export const cartAddBody = z.object({ courseId: idSchema });
export const cartSelectBody = z.object({ courseIds: z.array(idSchema).max(200), selected: z.boolean() });

export const orderItemSchema = z.object({
  courseId: z.number().int(),
  title: z.string(),
  versionNo: z.number().int(),
  price: z.number().int(),
  /** The line's refund that is open or done (a refused one is not: it may be asked again), else null. */
  refundStatus: z.enum(REFUND_STATUSES).nullable(),
  /** That refund was made by the server (money for a course the team owned already, or a cancelled order). */
  refundAutomatic: z.boolean(),
});
export const orderSchema = z.object({
  orderId: z.number().int(),
  orderNo: z.string(),
  status: z.enum(ORDER_STATUSES),
  amount: z.number().int(),
  items: z.array(orderItemSchema),
  createTime: z.number(),
  expireTime: z.number(),
  payTime: z.number().nullable(),
  /** The payment provider the order is (or was last asked to be) paid with: sandbox, wechat or alipay. */
  provider: z.string(),
  teamName: z.string(),
  /** The coupon this order used and what it took off (0 without one). */
  couponCode: z.string().nullable(),
  discount: z.number().int(),
  /** The buying team: its OWNER/ADMIN may ask for a refund while it is the current team. */
  teamId: z.number().int(),
  /** What the lines' refunds add up to (退款中, 已退款, 部分退款); null without one. */
  refundState: z.enum(ORDER_REFUND_STATES).nullable(),
});
export type Order = z.infer<typeof orderSchema>;
export const orderIdQuery = z.object({ orderId: queryIdSchema });
/** /order/cancel: a pending order of the current team. */
export const orderIdBody = z.object({ orderId: idSchema });
export const checkoutBody = z.object({
  courseIds: z.array(idSchema).min(1).max(200).optional(),
  /** A coupon code: the server applies it to this order's courses of the coupon's team. */
  couponCode: couponCodeSchema.optional(),
});
/**
 * The ways to pay, each played by a provider: WeChat Pay Native (a QR), JSAPI (inside WeChat, the
 * 公众号's pay sheet), H5 (a phone's browser); Alipay QR, WAP (手机网站支付) and page pay (电脑网站支付).
 */
export const PAY_METHODS = [
  'wechat_native',
  'wechat_jsapi',
  'wechat_h5',
  'alipay_qr',
  'alipay_wap',
  'alipay_page',
] as const;
export const payMethodSchema = z.enum(PAY_METHODS);
export type PayMethod = z.infer<typeof payMethodSchema>;
/** Where the buyer is, read by the server from the user agent: inside WeChat, a phone's browser, a desktop. */
export const PAY_PLACES = ['wechat', 'mobile', 'desktop'] as const;
export type PayPlace = (typeof PAY_PLACES)[number];

/**
 * Start paying. `method`: one of the answer's `methods` (the place's first when absent); `provider`
 * (older clients): the provider whose first method for the place is wanted. Nothing the client sends
 * names a return address: the server builds it from its own origin.
 */
export const payBody = z.object({
  orderId: idSchema,
  provider: z.string().min(1).max(20).optional(),
  method: payMethodSchema.optional(),
});

/** WeChat's JSAPI pay sheet parameters (`WeixinJSBridge.invoke('getBrandWCPayRequest', …)`). */
export const wechatBridgeParams = z.object({
  appId: z.string(),
  timeStamp: z.string(),
  nonceStr: z.string(),
  package: z.string(),
  signType: z.literal('RSA'),
  paySign: z.string(),
});
export type WechatBridgeParams = z.infer<typeof wechatBridgeParams>;

/**
 * What the pay page does for the chosen method: show `qrUrl` as a QR (`qr`); go to `url` (`redirect`:
 * WeChat Pay H5, Alipay WAP and page pay, or the sandbox's simulator of them); call WeChat's bridge
 * with `params` (`bridge`, real WeChat Pay JSAPI only); go to `url`, the sandbox's pay sheet
 * (`simulator`, JSAPI on the embedded default: no real bridge with a sandbox signature); the 公众号's
 * silent authorisation, back to the path `next` (`authorize`); explain how to open the page in a browser
 * (`openInBrowser`: Alipay inside WeChat); nothing (`none`: already paid).
 */
export const payAction = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('qr'), qrUrl: z.string() }),
  z.object({ kind: z.literal('redirect'), url: z.string() }),
  z.object({ kind: z.literal('bridge'), params: wechatBridgeParams }),
  z.object({ kind: z.literal('simulator'), url: z.string() }),
  /** The page asks `/auth/wechat/mp/base` with `next` for the silent authorisation URL and goes there. */
  z.object({ kind: z.literal('authorize'), next: z.string() }),
  z.object({ kind: z.literal('openInBrowser') }),
  z.object({ kind: z.literal('none') }),
]);
export type PayAction = z.infer<typeof payAction>;

export const payData = z.object({
  orderId: z.number().int(),
  /** The provider of this payment: sandbox, wechat or alipay. */
  provider: z.string(),
  /** Every payment provider offered, the default first (older clients choose among them). */
  providers: z.array(z.string()).optional(),
  /** The QR's content for a `qr` action, else empty. */
  qrUrl: z.string(),
  expireTime: z.number(),
  /** Where the server read the buyer to be (user agent). */
  place: z.enum(PAY_PLACES).optional(),
  /** The method of this answer, and every method offered for the place, the default first. */
  method: payMethodSchema.optional(),
  methods: z.array(z.object({ method: payMethodSchema, provider: z.string() })).optional(),
  action: payAction.optional(),
});
export type PayInfo = z.infer<typeof payData>;

/** Sales of the team's own courses (OWNER/ADMIN), with a daily series for the chart. */
export const teamSalesQuery = z.object({
  days: queryNumber(z.number().int().min(1).max(365)).default(30),
});
export const teamSalesSchema = z.object({
  orders: z.number().int(),
  revenue: z.number().int(),
  buyers: z.number().int(),
  series: z.array(z.object({ date: z.string(), orders: z.number().int(), revenue: z.number().int() })),
  courses: z.array(
    z.object({
      courseId: z.number().int(),
      title: z.string(),
      sales: z.number().int(),
      revenue: z.number().int(),
    }),
  ),
});
export type TeamSales = z.infer<typeof teamSalesSchema>;

/** A refund of one course of a paid order (the whole price of that line, in fen). */
export const refundSchema = z.object({
  refundId: z.number().int(),
  refundNo: z.string(),
  orderId: z.number().int(),
  orderNo: z.string(),
  courseId: z.number().int(),
  title: z.string(),
  amount: z.number().int(),
  reason: z.string(),
  status: z.enum(REFUND_STATUSES),
  buyerTeamName: z.string(),
  sellerTeamName: z.string(),
  createTime: z.number(),
  decideTime: z.number().nullable(),
  refundTime: z.number().nullable(),
  /** Made by the server, not asked for: money for a course the team owned already, or for a cancelled order. */
  automatic: z.boolean(),
});
export type Refund = z.infer<typeof refundSchema>;
export const refundApplyBody = z.object({
  orderId: idSchema,
  courseId: idSchema,
  reason: z.string().trim().min(1).max(REFUND_REASON_MAX),
});
export type RefundApply = z.infer<typeof refundApplyBody>;
export const refundListQuery = pageQuerySchema.extend({ side: z.enum(REFUND_SIDES) });
export type RefundListQuery = z.infer<typeof refundListQuery>;
export const refundIdBody = z.object({ refundId: idSchema });

/** An invoice asked for a paid order, for the lines one seller team sold in it (fen). */
export const invoiceSchema = z.object({
  invoiceId: z.number().int(),
  orderId: z.number().int(),
  orderNo: z.string(),
  amount: z.number().int(),
  title: z.string(),
  taxId: z.string(),
  email: z.string(),
  status: z.enum(INVOICE_STATUSES),
  buyerTeamName: z.string(),
  sellerTeamName: z.string(),
  createTime: z.number(),
  issueTime: z.number().nullable(),
});
export type Invoice = z.infer<typeof invoiceSchema>;
export const invoiceApplyBody = z.object({
  orderId: idSchema,
  title: z.string().trim().min(1).max(INVOICE_TITLE_MAX),
  taxId: z
    .string()
    .trim()
    .toUpperCase()
    .regex(TAX_ID_PATTERN, { error: '纳税人识别号应为 15、18 或 20 位数字或大写字母' }),
  email: z.email().max(120),
});
export type InvoiceApply = z.infer<typeof invoiceApplyBody>;
/** The team's invoices on one side; with `orderId`, those of one order (the order's drawer). */
export const invoiceListQuery = refundListQuery.extend({ orderId: queryIdSchema.optional() });
export type InvoiceListQuery = z.infer<typeof invoiceListQuery>;
export const invoiceIdQuery = z.object({ invoiceId: queryIdSchema });
