/**
 * Business codes carried in the envelope's `code`: the one table for the server and the web client.
 * Each code has a message key (the web's i18n key, `errors.<name>`) and its Chinese message (the
 * server's `msg`; the web's Chinese text is built from it). `{{name}}` in a message is a param: the
 * server sends the params as the envelope's `data`, so both languages say the same numbers;
 * `{{name, wait}}` formats seconds as a wait ("45 秒", "3 分钟"). See `messages.ts`.
 *
 * Ranges: 10xxx accounts (and uploads), 20xxx teams, 30xxx courses and shares, 40xxx store, 50xxx AI;
 * below 1000 the general outcomes that mirror HTTP statuses. The seed fixes 200, 401, 541 and the
 * success codes 10005, 20014, 20018 (the last a store outcome in the teams range, kept as given).
 */

/** One code: its number, its message key and its Chinese message. */
export interface CodeEntry {
  readonly code: number;
  readonly key: `errors.${string}`;
  readonly zh: string;
  /**
   * The server's `msg` says more than this message (a validation error's field and rule, a crash's
   * request id), so the web shows the `msg` as sent rather than its own text for the code.
   */
  readonly serverText?: true;
  /** The HTTP status the code is always sent with, when not 200 (rules that were validation errors). */
  readonly httpStatus?: 400;
}

const GENERAL = {
  OK: { code: 200, key: 'errors.ok', zh: '成功' },
  BAD_REQUEST: { code: 400, key: 'errors.badRequest', zh: '请求参数错误', serverText: true },
  UNAUTHORIZED: { code: 401, key: 'errors.unauthorized', zh: '登录已过期，请重新登录' },
  FORBIDDEN: { code: 403, key: 'errors.forbidden', zh: '没有权限进行该操作' },
  NOT_FOUND: { code: 404, key: 'errors.notFound', zh: '请求的资源不存在' },
  CONFLICT: { code: 409, key: 'errors.conflict', zh: '内容已被修改，请刷新后重试' },
  PAYLOAD_TOO_LARGE: { code: 413, key: 'errors.payloadTooLarge', zh: '上传内容过大' },
  TOO_MANY_REQUESTS: { code: 429, key: 'errors.tooManyRequests', zh: '请求过于频繁，请稍后重试' },
  SERVER_ERROR: { code: 500, key: 'errors.serverError', zh: '服务器错误', serverText: true },
  NO_TEAM: { code: 541, key: 'errors.noTeam', zh: '请先选择团队' },
  TEAM_EXPIRED: { code: 542, key: 'errors.teamExpired', zh: '团队已过期，只能查看，不能修改' },
} as const satisfies Record<string, CodeEntry>;

const ACCOUNT = {
  SMS_CODE_WRONG: { code: 10001, key: 'errors.smsCodeWrong', zh: '验证码错误或已过期' },
  LOGIN_WRONG: { code: 10002, key: 'errors.loginWrong', zh: '手机号或密码错误' },
  TOO_MANY_TRIES: { code: 10003, key: 'errors.tooManyTries', zh: '尝试次数过多，请稍后再试' },
  OLD_PASSWORD_WRONG: { code: 10004, key: 'errors.oldPasswordWrong', zh: '原密码错误' },
  SMS_ALREADY_SENT: { code: 10005, key: 'errors.smsAlreadySent', zh: '验证码已发送，请查收' },
  PHONE_NOT_BOUND: { code: 10006, key: 'errors.phoneNotBound', zh: '请先绑定手机号' },
  WECHAT_STATE_INVALID: { code: 10007, key: 'errors.wechatStateInvalid', zh: '微信登录已失效，请重新扫码' },
  WECHAT_LOGIN_FAILED: { code: 10008, key: 'errors.wechatLoginFailed', zh: '微信登录失败，请重试' },
  PHONE_TAKEN_BY_WECHAT: {
    code: 10009,
    key: 'errors.phoneTakenByWechat',
    zh: '该手机号已绑定其他微信账号',
  },
  FILE_TYPE_NOT_ALLOWED: {
    code: 10010,
    key: 'errors.fileTypeNotAllowed',
    zh: '只支持 PNG、JPG、GIF、WebP 图片',
  },
  /** A WeChat account that has a phone already asks to bind one. */
  PHONE_ALREADY_BOUND: { code: 10011, key: 'errors.phoneAlreadyBound', zh: '已绑定手机号' },
  /** A code locked by wrong tries, while the 60 s send window still runs. Params: waitSeconds. */
  SMS_CODE_LOCKED: {
    code: 10012,
    key: 'errors.smsCodeLocked',
    zh: '验证码错误次数过多，请 {{waitSeconds, wait}}后重新获取验证码',
  },
  /** A code locked by wrong tries, when a new one may be asked for at once. */
  SMS_CODE_LOCKED_RESEND: {
    code: 10013,
    key: 'errors.smsCodeLockedResend',
    zh: '验证码错误次数过多，请重新获取验证码',
  },
  /** A send refused by a sending limit (per phone, per address, or one per 60 s). Params: waitSeconds. */
  SMS_SEND_TOO_OFTEN: {
    code: 10014,
    key: 'errors.smsSendTooOften',
    zh: '验证码发送过于频繁，请 {{waitSeconds, wait}}后再试',
  },
  /** An upload of zero bytes (HTTP 400). */
  FILE_EMPTY: { code: 10015, key: 'errors.fileEmpty', zh: '文件为空', httpStatus: 400 },
  /** An upload whose bytes say image but do not decode as one (HTTP 400; data.field = 'file'). */
  IMAGE_UNREADABLE: {
    code: 10020,
    key: 'errors.imageUnreadable',
    zh: '图片已损坏或无法识别，请换一张 PNG、JPG、GIF 或 WebP 图片',
    httpStatus: 400,
  },
  /**
   * A password login refused for a while: too many wrong passwords for the phone, or too many tries
   * from the address. Params: waitSeconds (until the lock ends).
   */
  LOGIN_LOCKED: {
    code: 10022,
    key: 'errors.loginLocked',
    zh: '登录尝试次数过多，请 {{waitSeconds, wait}}后再试',
  },
  /** A wrong password on the try before the last. Params: triesLeft, lockSeconds (how long the lock lasts). */
  LOGIN_WRONG_LAST_TRY: {
    code: 10023,
    key: 'errors.loginWrongLastTry',
    zh: '手机号或密码错误，还可尝试 {{triesLeft}} 次，再错将锁定 {{lockSeconds, wait}}',
  },
  /** An image with more pixels than we decode (a decompression bomb; HTTP 400). Params: maxMegapixels. */
  IMAGE_TOO_MANY_PIXELS: {
    code: 10021,
    key: 'errors.imageTooManyPixels',
    zh: '图片尺寸过大，最多 {{maxMegapixels}} 百万像素',
    httpStatus: 400,
  },
  /** The SMS provider refused the send for its own rate limit on the number (not ours: 10014). */
  SMS_PROVIDER_LIMITED: {
    code: 10030,
    key: 'errors.smsProviderLimited',
    zh: '该手机号接收短信过于频繁，请稍后再试或使用其他方式登录',
  },
  /** The SMS provider says the number cannot receive a text (malformed, not a mobile, blocked). */
  SMS_PHONE_REFUSED: {
    code: 10031,
    key: 'errors.smsPhoneRefused',
    zh: '该手机号无法接收短信，请检查号码后重试',
  },
  /**
   * The SMS provider refused the send for the service's own setup (template, signature, keys, balance)
   * or could not be reached: nothing the user can change; the log has the provider's code.
   */
  SMS_SERVICE_UNAVAILABLE: {
    code: 10032,
    key: 'errors.smsServiceUnavailable',
    zh: '短信服务暂时不可用，请稍后再试或使用其他方式登录',
  },
} as const satisfies Record<string, CodeEntry>;

const TEAM = {
  TEAM_NOT_FOUND: { code: 20001, key: 'errors.teamNotFound', zh: '团队不存在' },
  OWNER_MUST_TRANSFER: { code: 20002, key: 'errors.ownerMustTransfer', zh: '请先转让团队所有权再退出' },
  CANNOT_REMOVE_OWNER: { code: 20003, key: 'errors.cannotRemoveOwner', zh: '不能移除团队所有者' },
  INVITE_INVALID: { code: 20004, key: 'errors.inviteInvalid', zh: '邀请链接已过期或已用完' },
  /** Removing oneself instead of leaving (HTTP 400). */
  CANNOT_REMOVE_SELF: {
    code: 20005,
    key: 'errors.cannotRemoveSelf',
    zh: '不能移除自己，请使用退出团队',
    httpStatus: 400,
  },
  CANNOT_CHANGE_OWN_ROLE: { code: 20006, key: 'errors.cannotChangeOwnRole', zh: '不能修改自己的角色' },
  CANNOT_CHANGE_OWNER_ROLE: { code: 20007, key: 'errors.cannotChangeOwnerRole', zh: '不能修改所有者的角色' },
  /** Handing ownership to oneself (HTTP 400). */
  ALREADY_OWNER: { code: 20008, key: 'errors.alreadyOwner', zh: '你已经是所有者', httpStatus: 400 },
  /** An invitation that is gone, answered, or not the asker's (never says which). */
  INVITATION_NOT_FOUND: { code: 20009, key: 'errors.invitationNotFound', zh: '邀请不存在或已处理' },
  ALREADY_MEMBER: { code: 20014, key: 'errors.alreadyMember', zh: '你已经是该团队成员' },
  // Team access (200 2x): the team code turned off, join requests, invite links.
  TEAM_CODE_DISABLED: {
    code: 20020,
    key: 'errors.teamCodeDisabled',
    zh: '该团队已停用团队码，请向团队管理员索取邀请链接',
  },
  /** A join request that is gone, answered, or of another team (never says which). */
  JOIN_REQUEST_NOT_FOUND: { code: 20021, key: 'errors.joinRequestNotFound', zh: '加入申请不存在或已处理' },
  /** An invite link that is not the team's (or does not exist). */
  INVITE_LINK_NOT_FOUND: { code: 20022, key: 'errors.inviteLinkNotFound', zh: '邀请链接不存在' },
} as const satisfies Record<string, CodeEntry>;

const COURSE = {
  COURSE_NOT_READY: { code: 30001, key: 'errors.courseNotReady', zh: '课程还不完整，不能发布' },
  COURSE_NOT_RELEASED: { code: 30002, key: 'errors.courseNotReleased', zh: '课程未发布' },
  SHARE_EXPIRED: { code: 30003, key: 'errors.shareExpired', zh: '分享链接已过期或已被撤销' },
  SHARE_COPY_NOT_ALLOWED: { code: 30004, key: 'errors.shareCopyNotAllowed', zh: '分享者不允许复制这门课程' },
  SHARE_PAID_NO_COPY: { code: 30005, key: 'errors.sharePaidNoCopy', zh: '付费课程不能复制，请在商城购买' },
  /** A lesson added past the limit (HTTP 400). Params: max. */
  LESSONS_LIMIT: {
    code: 30006,
    key: 'errors.lessonsLimit',
    zh: '一门课程最多 {{max}} 个课时',
    httpStatus: 400,
  },
  /** A person's save over the content limit (HTTP 400). Params: kb. */
  LESSON_CONTENT_TOO_LARGE: {
    code: 30007,
    key: 'errors.lessonContentTooLarge',
    zh: '课时内容不能超过 {{kb}} KB',
    httpStatus: 400,
  },
  /** A reorder whose list of lessons is not the course's current one. */
  LESSON_LIST_CHANGED: { code: 30008, key: 'errors.lessonListChanged', zh: '课时列表已变化，请刷新后重试' },
  /**
   * Deleting a course while a buyer's order for it awaits payment (a sold course is otherwise deleted
   * from the team's lists and the store, and kept for its buyers and their orders).
   */
  COURSE_DELETE_AWAITING_PAYMENT: {
    code: 30010,
    key: 'errors.courseDeleteAwaitingPayment',
    zh: '有买家正在支付这门课程，订单支付或关闭后才能删除；可先下架',
  },
  // Completion (30030–30049): what a lesson and the certificate need, set per course by its author.
  /** 标记为已学完 before the course's minimum time on the lesson (server time). Params: waitSeconds. */
  LESSON_MIN_TIME: {
    code: 30030,
    key: 'errors.lessonMinTime',
    zh: '请再学习 {{waitSeconds, wait}}后再标记为已学完',
  },
  /** A quiz lesson whose score is below the course's pass mark. Params: score, passMark. */
  QUIZ_NOT_PASSED: {
    code: 30031,
    key: 'errors.quizNotPassed',
    zh: '本课时测验得分 {{score}}%，需达到 {{passMark}}% 才能完成',
  },
  /** An answer past the course's limit of attempts per quiz. Params: max. */
  QUIZ_ATTEMPTS_USED_UP: {
    code: 30032,
    key: 'errors.quizAttemptsUsedUp',
    zh: '这道测验的 {{max}} 次作答机会已用完',
  },
  // Media (30040–30069): uploads of video and audio lessons, their transcoding and playback.
  /** Not a video (mp4, mov, mkv, webm) or audio (mp3, m4a, aac, wav) file, judged by probing its bytes. */
  MEDIA_TYPE_REFUSED: {
    code: 30040,
    key: 'errors.mediaTypeRefused',
    zh: '只能上传视频（mp4、mov、mkv、webm）或音频（mp3、m4a、aac、wav）文件',
  },
  MEDIA_EMPTY: { code: 30041, key: 'errors.mediaEmpty', zh: '文件是空的，请重新选择' },
  /** Params: maxMb (MEDIA_MAX_BYTES). */
  MEDIA_TOO_LARGE: { code: 30042, key: 'errors.mediaTooLarge', zh: '文件不能超过 {{maxMb}} MB' },
  /** The team's media storage (MEDIA_QUOTA_BYTES) would be passed. Params: usedMb, quotaMb. */
  MEDIA_QUOTA_EXCEEDED: {
    code: 30043,
    key: 'errors.mediaQuotaExceeded',
    zh: '团队的媒体存储空间不足：已用 {{usedMb}} MB，共 {{quotaMb}} MB',
  },
  /** Params: maxMinutes (MEDIA_MAX_SECONDS). */
  MEDIA_TOO_LONG: { code: 30044, key: 'errors.mediaTooLong', zh: '音视频时长不能超过 {{maxMinutes}} 分钟' },
  /** Params: max (pixels on the longer side). */
  MEDIA_RESOLUTION_TOO_HIGH: {
    code: 30045,
    key: 'errors.mediaResolutionTooHigh',
    zh: '视频分辨率不能超过 {{max}} 像素',
  },
  /** A file that probes as media but cannot be decoded (truncated, broken). */
  MEDIA_UNREADABLE: { code: 30046, key: 'errors.mediaUnreadable', zh: '文件已损坏或不完整，无法转码' },
  MEDIA_NOT_READY: { code: 30047, key: 'errors.mediaNotReady', zh: '音视频还在转码，请稍后再播放' },
  /** A playlist, key or segment address that is not ours or whose time is up. */
  MEDIA_LINK_EXPIRED: { code: 30048, key: 'errors.mediaLinkExpired', zh: '播放地址已失效，请刷新页面' },
  /** A tus upload that does not say its length up front (Upload-Defer-Length). */
  MEDIA_LENGTH_REQUIRED: { code: 30049, key: 'errors.mediaLengthRequired', zh: '上传时需要说明文件大小' },
} as const satisfies Record<string, CodeEntry>;

const STORE = {
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

const AI = {
  /** Editing an outline whose lessons are being (or were) written. */
  AI_OUTLINE_LOCKED: { code: 50001, key: 'errors.aiOutlineLocked', zh: '大纲已开始生成课时，不能再修改' },
  AI_OUTLINE_NOT_READY: { code: 50002, key: 'errors.aiOutlineNotReady', zh: '大纲还没有准备好' },
  AI_ALREADY_GENERATING: { code: 50003, key: 'errors.aiAlreadyGenerating', zh: '课时已在生成中' },
  /** A retry while the job is neither failed nor generating. */
  AI_RETRY_NOT_ALLOWED: { code: 50004, key: 'errors.aiRetryNotAllowed', zh: '当前状态不能重试' },
  AI_LESSON_NOT_FAILED: { code: 50005, key: 'errors.aiLessonNotFailed', zh: '这个课时没有失败，不需要重试' },
  // What a job's worker stores and streams for a failure (never an envelope's code): the web says
  // it in the reader's language (AiJob's `error`, a lesson's `error`, the stream's `error` event).
  AI_OUTLINE_FAILED: { code: 50010, key: 'errors.aiOutlineFailed', zh: '大纲生成失败，请重试' },
  AI_OUTLINE_SERVICE_FAILED: {
    code: 50011,
    key: 'errors.aiOutlineServiceFailed',
    zh: '生成服务出错，请稍后重试',
  },
  AI_LESSON_FAILED: { code: 50012, key: 'errors.aiLessonFailed', zh: '本课时生成失败，可单独重试' },
  AI_LESSON_SERVICE_FAILED: {
    code: 50013,
    key: 'errors.aiLessonServiceFailed',
    zh: '生成服务出错，可单独重试',
  },
  /** A generated lesson over the size limit (a person's save over it answers LESSON_CONTENT_TOO_LARGE). */
  AI_LESSON_TOO_LARGE: {
    code: 50014,
    key: 'errors.aiLessonTooLarge',
    zh: '生成的课时内容超过 {{kb}} KB，可单独重试',
  },
  AI_LESSONS_PARTLY_FAILED: {
    code: 50015,
    key: 'errors.aiLessonsPartlyFailed',
    zh: '部分课时生成失败，可单独重试',
  },
  AI_LESSON_CANCELLED: {
    code: 50016,
    key: 'errors.aiLessonCancelled',
    zh: '任务取消时尚未生成，可单独重试',
  },
  /** The editor assist's stream ended in a provider failure. */
  AI_ASSIST_UNAVAILABLE: {
    code: 50017,
    key: 'errors.aiAssistUnavailable',
    zh: 'AI 助手暂时不可用，请稍后重试',
  },
  AI_RESTART_NOT_ALLOWED: {
    code: 50020,
    key: 'errors.aiRestartNotAllowed',
    zh: '只有已取消或失败的任务可以重新开始',
  },
} as const satisfies Record<string, CodeEntry>;

const LEARN = {
  /** Completing a lesson whose quizzes are not all answered. */
  QUIZ_UNANSWERED: { code: 60001, key: 'errors.quizUnanswered', zh: '请先回答本课时的全部测验' },
  /** A lesson id that is not a lesson of the course's release the learner reads (HTTP 400). */
  LESSON_NOT_IN_COURSE: {
    code: 60010,
    key: 'errors.lessonNotInCourse',
    zh: '课时不属于这门课程',
    httpStatus: 400,
  },
  /** A quiz id that is not a quiz of the lesson (HTTP 400). */
  QUIZ_NOT_IN_LESSON: {
    code: 60011,
    key: 'errors.quizNotInLesson',
    zh: '测验不在这个课时中',
    httpStatus: 400,
  },
  /** An answer that does not fit its quiz (HTTP 400; `answerShapeError` in quiz.ts picks which). */
  ANSWER_TEXT_NEEDED: {
    code: 60012,
    key: 'errors.answerTextNeeded',
    zh: '填空题请填写文字答案',
    httpStatus: 400,
  },
  ANSWER_CHOICE_NEEDED: {
    code: 60013,
    key: 'errors.answerChoiceNeeded',
    zh: '选择题请选择选项',
    httpStatus: 400,
  },
  ANSWER_CHOICE_UNKNOWN: {
    code: 60014,
    key: 'errors.answerChoiceUnknown',
    zh: '选项不存在',
    httpStatus: 400,
  },
  ANSWER_CHOICE_REPEATED: {
    code: 60015,
    key: 'errors.answerChoiceRepeated',
    zh: '选项重复',
    httpStatus: 400,
  },
  ANSWER_ONE_CHOICE_ONLY: {
    code: 60016,
    key: 'errors.answerOneChoiceOnly',
    zh: '单选题只能选择一个选项',
    httpStatus: 400,
  },
} as const satisfies Record<string, CodeEntry>;

/** The table by area, each with the range its codes live in (checked by the contract's test). */
export const CODE_AREAS = {
  general: { range: [100, 999], codes: GENERAL },
  account: { range: [10000, 19999], codes: ACCOUNT },
  team: { range: [20000, 29999], codes: TEAM },
  course: { range: [30000, 39999], codes: COURSE },
  store: { range: [40000, 49999], codes: STORE },
  ai: { range: [50000, 59999], codes: AI },
  learn: { range: [60000, 69999], codes: LEARN },
} as const;

/** Codes whose value the seed gives, kept even where it lies outside its area's range. */
export const SEED_CODES: readonly number[] = [200, 401, 541, 10005, 20014, 20018];

/** Every code by name. */
export const CODE_TABLE = { ...GENERAL, ...ACCOUNT, ...TEAM, ...COURSE, ...STORE, ...AI, ...LEARN } as const;

export type CodeName = keyof typeof CODE_TABLE;
/** `errors.<name>`: the web's i18n key of a code's message. */
export type CodeMessageKey = (typeof CODE_TABLE)[CodeName]['key'];
/** The `<name>` part of the keys: the web's `errors` resource has exactly these. */
export type CodeMessageName = CodeMessageKey extends `errors.${infer N}` ? N : never;

export const Code = Object.fromEntries(
  Object.entries(CODE_TABLE).map(([name, entry]) => [name, entry.code]),
) as { readonly [N in CodeName]: (typeof CODE_TABLE)[N]['code'] };

export type CodeValue = (typeof Code)[CodeName];

const byCode = new Map<number, CodeEntry>(Object.values(CODE_TABLE).map((e: CodeEntry) => [e.code, e]));

/** The table's row for a code; undefined for a code the contract does not know. */
export const codeEntryOf = (code: number): CodeEntry | undefined => byCode.get(code);

/** A code's message key (`errors.<name>`); undefined for a code the contract does not know. */
export const messageKeyOf = (code: number): CodeMessageKey | undefined =>
  byCode.get(code)?.key as CodeMessageKey | undefined;

/** Codes the client treats as success (seed §8). */
export const SUCCESS_CODES: readonly number[] = [
  Code.OK,
  Code.ALREADY_MEMBER,
  Code.SMS_ALREADY_SENT,
  Code.ORDER_ALREADY_PAID,
];

export const isSuccessCode = (code: number): boolean => SUCCESS_CODES.includes(code);
