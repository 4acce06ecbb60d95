/** Seed §9 constants and the shared limits of the product. */
export const HTTP_TIMEOUT_MS = 30_000;
export const ROUTE_CHUNK_TIMEOUT_MS = 120_000;
export const PLATFORM_CODE = 'pc';
export const TOKEN_HEADER = 'x-request-tkToken';
export const SOURCE_HEADER = 'x-request-tkForm';
/**
 * The media type of an answer with progress (an endpoint that declares `progress`, asked for it by
 * `Accept`): one JSON value a line, `{"progress": …}` as each step is done, the envelope the last.
 */
export const PROGRESS_LINES_TYPE = 'application/x-ndjson';
export const USER_INFO_STORAGE_KEY = 'userInfo';
export const API_BASE = '/api';
export const BRAND_COLOR = '#1f6feb';

/** A mainland mobile number, and an SMS code: the schemas' rules, also checked by the login page's script. */
export const PHONE_PATTERN = /^1[3-9]\d{9}$/;
export const SMS_CODE_PATTERN = /^\d{6}$/;

export const LIMITS = {
  smsCodeLength: 6,
  smsCodeTtlMs: 5 * 60_000,
  smsResendMs: 60_000,
  smsMaxTries: 5,
  passwordMin: 8,
  passwordMax: 64,
  nickNameMax: 20,
  teamNameMin: 2,
  teamNameMax: 30,
  uploadMaxBytes: 5 * 1024 * 1024,
  pageSizeMax: 100,
} as const;

/**
 * Input refused at the edge for every operation (apps/server/src/platform/input-guard.ts). JSON nests
 * at most `jsonDepthMax` levels: lesson content keeps 41 node levels (the sanitizer drops deeper ones),
 * about 90 JSON levels with marks and attributes, so the editor never reaches it.
 */
export const INPUT_LIMITS = { jsonDepthMax: 128 } as const;

export const TEAM_ROLES = ['OWNER', 'ADMIN', 'MEMBER'] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];

export const UPLOAD_KINDS = ['avatar', 'logo', 'cover', 'image'] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];
export const UPLOAD_MIME_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;

/** Courses and orders: the enums and limits the schemas check and the web app renders. */
export const COURSE_STATUSES = ['draft', 'released', 'unreleased'] as const;
export type CourseStatus = (typeof COURSE_STATUSES)[number];
export const COURSE_CATEGORIES = [
  'tech',
  'business',
  'design',
  'language',
  'education',
  'life',
  'other',
] as const;
export type CourseCategory = (typeof COURSE_CATEGORIES)[number];
/** Each category's name: the one list the editor, the store filter, cards and previews show. */
export const COURSE_CATEGORY_NAMES: Record<CourseCategory, { zh: string; en: string }> = {
  tech: { zh: '技术与编程', en: 'Tech & programming' },
  business: { zh: '商业与管理', en: 'Business & management' },
  design: { zh: '设计与创意', en: 'Design & creativity' },
  language: { zh: '语言学习', en: 'Languages' },
  education: { zh: '教育与考试', en: 'Education & exams' },
  life: { zh: '生活与兴趣', en: 'Life & hobbies' },
  other: { zh: '其他', en: 'Other' },
};
export const courseCategoryNames = (lang: 'zh' | 'en'): Record<CourseCategory, string> =>
  Object.fromEntries(COURSE_CATEGORIES.map((c) => [c, COURSE_CATEGORY_NAMES[c][lang]])) as Record<
    CourseCategory,
    string
  >;

/** The title a new course gets; the release check refuses it (the store would show it). */
export const COURSE_DEFAULT_TITLE = '未命名课程';

export const COURSE_LIMITS = {
  titleMax: 60,
  subtitleMax: 120,
  summaryMax: 2000,
  tagsMax: 8,
  tagMax: 12,
  lessonTitleMax: 60,
  lessonsMax: 200,
  contentMaxBytes: 512 * 1024,
  priceMaxFen: 100_000_00,
  releaseNotesMax: 500,
} as const;

/**
 * What completing a course means, set by its author per course (saved with the course, carried in each
 * release): a lesson without quizzes completes when read to its end or marked 已学完, at least
 * `minLessonSeconds` after it was first opened (server time); a quiz lesson when its quizzes score at
 * least `passMark` percent; the certificate needs every lesson completed and the course's quiz score
 * at or above `passMark`. `maxQuizAttempts` limits the answers to each quiz (null: no limit).
 */
export interface CompletionSettings {
  minLessonSeconds: number;
  passMark: number;
  maxQuizAttempts: number | null;
  /**
   * 禁止拖动未看部分 (compliance training): a learner may not seek past the furthest point of a video
   * or audio they watched; the player refuses it and the server's watch rules refuse such a save.
   * Absent in courses saved before it existed: off.
   */
  noSeekAhead?: boolean;
}
/**
 * 30 s by default: long enough that paging through a course with 下一课时 earns nothing, short enough
 * that a learner who has read a short lesson is not kept waiting; an author of long lessons sets more.
 */
export const DEFAULT_COMPLETION: CompletionSettings = {
  minLessonSeconds: 30,
  passMark: 60,
  maxQuizAttempts: null,
};
export const COMPLETION_LIMITS = { minLessonSecondsMax: 3600, maxQuizAttemptsMax: 20 } as const;

/**
 * Watch progress of video and audio lessons: what the player sends (played intervals, saved every
 * `saveEveryMs`) and what the server believes of it. A media block is watched at `completePercent` of
 * its duration, counted as the union of the intervals played, so skipping ahead earns nothing; a save
 * adds at most the wall-clock time since the previous one (plus `slackMs`) times `maxSpeed`.
 */
export const LEARN_WATCH = {
  completePercent: 90,
  intervalsMax: 50,
  maxSpeed: 2,
  slackMs: 5_000,
  /** An end this close past the probed duration is the end (a browser's duration differs a little). */
  durationToleranceMs: 1_500,
  saveEveryMs: 12_000,
} as const;

/** A quiz score in whole percent (rounded down, so it passes exactly when the score ≥ the pass mark). */
export const quizScore = (correct: number, total: number): number | null =>
  total === 0 ? null : Math.floor((correct * 100) / total);

/**
 * Why a lesson revision was made: saves (coalesced per author), the state a restore brought back, the
 * text as released, the text before an AI assist, the AI course generator's text.
 */
export const LESSON_REVISION_REASONS = ['edit', 'restore', 'release', 'assist', 'generated'] as const;
export type LessonRevisionReason = (typeof LESSON_REVISION_REASONS)[number];

/**
 * Lesson history: saves by one author within `coalesceMs` of the revision's start share it; every
 * revision is kept for `keepAllDays`, older ones down to the last of each day (UTC) per lesson.
 */
export const REVISION_POLICY = {
  coalesceMs: 5 * 60_000,
  keepAllDays: 30,
} as const;

export const ORDER_TTL_MS = 15 * 60_000;
/** `cancelled`: the buyer cancelled it while pending (its coupon use is freed; money that still arrives goes back). */
export const ORDER_STATUSES = ['pending', 'paid', 'expired', 'closed', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
/** Coupons: a fixed amount off (fen) or a percentage off; codes as buyers type them. */
export const COUPON_KINDS = ['amount', 'percent'] as const;
export type CouponKind = (typeof COUPON_KINDS)[number];
export const COUPON_CODE_PATTERN = /^[A-Z0-9-]{4,20}$/;
export const COUPON_LIMITS = { amountMaxFen: 100_000_00, usesMax: 1_000_000 } as const;
/** A refund of one course of a paid order: asked, refused, sent to the provider, paid back. */
export const REFUND_STATUSES = ['requested', 'refused', 'processing', 'refunded'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];
export const REFUND_REASON_MAX = 200;
/**
 * What the refunds of a paid order add up to: some line 待处理 or 退款中 (`refunding`), every paid line
 * paid back (`refunded`), some of them (`partial`); null without a refund.
 */
export const ORDER_REFUND_STATES = ['refunding', 'refunded', 'partial'] as const;
export type OrderRefundState = (typeof ORDER_REFUND_STATES)[number];
/** Whose refunds a list shows: the current team's requests, or those made to it as the seller. */
export const REFUND_SIDES = ['buyer', 'seller'] as const;
/** An invoice (发票) asked for a paid order: waiting for the seller, or issued as a PDF. */
export const INVOICE_STATUSES = ['requested', 'issued'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
/** 统一社会信用代码 (18) or an older 纳税人识别号 (15 or 20): digits and capitals. */
export const TAX_ID_PATTERN = /^[0-9A-Z]{15}$|^[0-9A-Z]{18}$|^[0-9A-Z]{20}$/;
export const INVOICE_TITLE_MAX = 100;
/** The store list's orders (`sort=`): the schema checks them, the web app offers them. */
/** `relevance` (综合) is the default when a keyword is given, `newest` otherwise. */
export const STORE_SORTS = ['relevance', 'newest', 'price_asc', 'price_desc', 'sales'] as const;
/** The store search's keyword limit; longer answers 400. Totals above the cap read "1000+". */
export const STORE_KEYWORD_MAX = 50;
export const STORE_TOTAL_CAP = 1000;
export const STORE_SUGGEST_MAX = 8;
export type StoreSort = (typeof STORE_SORTS)[number];
/** The course list's tabs (`tab=`): my courses, or the whole team's. */
export const COURSE_LIST_TABS = ['mine', 'all'] as const;
export type CourseListTab = (typeof COURSE_LIST_TABS)[number];

/**
 * Set by the web app while someone is logged in. Not a credential (the token stays in localStorage):
 * it only tells the server to answer a public page with the app rather than the visitor's
 * server-rendered page, so a member never sees the visitor's page first.
 */
export const MEMBER_COOKIE = 'studio_member';
/** The interface language the web app uses, so the server-rendered pages speak it too. */
export const LANG_COOKIE = 'lang';
export const UI_LANGS = ['zh-CN', 'en-US'] as const;
export type UiLang = (typeof UI_LANGS)[number];

/** An invite link is for one person for a day unless its maker says otherwise (at most 1000 uses, 30 days). */
export const INVITE_DEFAULTS = { expireHours: 24, maxUses: 1 } as const;
