/** Every API path, relative to API_BASE (`/api`). The web client and the server both use these. */
export const Routes = {
  health: '/health',
  ready: '/ready',
  openapi: '/openapi.json',
  auth: {
    smsSend: '/auth/sms/send',
    loginSms: '/auth/login/sms',
    loginPassword: '/auth/login/password',
    wechatQr: '/auth/wechat/qr',
    wechatCallback: '/auth/wechat/callback',
    wechatBind: '/auth/wechat/bind',
    wechatSimulator: '/auth/wechat/simulator',
    wechatSimulatorConfirm: '/auth/wechat/simulator/confirm',
    /** The desktop's page asks whether its QR code was confirmed on the phone (the simulator's flow). */
    wechatStatus: '/auth/wechat/status',
    /** The simulated phone's screen after confirming: 已在电脑上登录 once the desktop has logged in. */
    wechatSimulatorDone: '/auth/wechat/simulator/done',
    /** 公众号 网页授权 (inside WeChat): start a login (snsapi_userinfo); the state is bound to this browser. */
    mpLogin: '/auth/wechat/mp/login',
    /** Finish it with the code and state WeChat returned to /wxAuth. */
    mpLoginCallback: '/auth/wechat/mp/login/callback',
    /** A logged-in user: the silent snsapi_base URL that records their 公众号 openid, then goes to `next`. */
    mpBase: '/auth/wechat/mp/base',
    mpBaseCallback: '/auth/wechat/mp/base/callback',
    /** The 公众号 simulator's authorisation screen (WECHAT_MP_MODE=simulator). */
    mpSimulator: '/auth/wechat/mp/simulator',
    mpSimulatorConfirm: '/auth/wechat/mp/simulator/confirm',
    /** The JSSDK's wx.config for a page of this site (share cards inside WeChat). */
    mpJsConfig: '/auth/wechat/mp/js-config',
    logout: '/auth/logout',
  },
  user: {
    info: '/user/info',
    modify: '/user/modify',
    password: '/user/password',
  },
  file: {
    upload: '/file/upload',
    get: '/files',
  },
  team: {
    changeList: '/team/change/list',
    currentList: '/team/current/list',
    create: '/team/create',
    modify: '/team/modify',
    change: '/team/change',
    ownerChange: '/team/owner/change',
    lastJoin: '/team/last/join',
    userList: '/team/user/list',
    userRemove: '/team/user/remove',
    userLeave: '/team/user/leave',
    userSearchNon: '/team/user/search/non',
    userInviteJoin: '/team/user/invite/join',
    userSearch: '/team/user/search',
    userRole: '/team/user/role',
    inviteCreate: '/team/invite/create',
    inviteInfo: '/team/invite/info',
    inviteList: '/team/invite/list',
    inviteRevoke: '/team/invite/revoke',
    codeReset: '/team/code/reset',
    accessModify: '/team/access/modify',
    joinRequestList: '/team/join/request/list',
    joinRequestMine: '/team/join/request/mine',
    joinRequestApprove: '/team/join/request/approve',
    joinRequestDecline: '/team/join/request/decline',
    invitationList: '/team/invitation/list',
    invitationAccept: '/team/invitation/accept',
    invitationDecline: '/team/invitation/decline',
    invitationTeamList: '/team/invitation/team/list',
    invitationCancel: '/team/invitation/cancel',
  },
  course: {
    list: '/course/list',
    create: '/course/create',
    detail: '/course/detail',
    modify: '/course/modify',
    duplicate: '/course/duplicate',
    delete: '/course/delete',
    preview: '/course/preview',
    releaseCheck: '/course/release/check',
    release: '/course/release',
    unrelease: '/course/unrelease',
    releaseList: '/course/release/list',
    releaseDiff: '/course/release/diff',
    releaseRollback: '/course/release/rollback',
    draftReset: '/course/draft/reset',
  },
  lesson: {
    create: '/lesson/create',
    detail: '/lesson/detail',
    save: '/lesson/save',
    reorder: '/lesson/reorder',
    duplicate: '/lesson/duplicate',
    delete: '/lesson/delete',
    history: '/lesson/history',
    historyDetail: '/lesson/history/detail',
    restore: '/lesson/restore',
    historyCheckpoint: '/lesson/history/checkpoint',
    /** Who is connected to each lesson of a course (live co-editing), for the lesson list. */
    presence: '/lesson/presence',
  },
  store: {
    list: '/store/list',
    suggest: '/store/suggest',
    course: '/store/course',
    changelog: '/store/changelog',
    purchased: '/store/purchased',
    teamSales: '/store/team/sales',
    teamPurchases: '/store/team/purchases',
    teamSalesExport: '/store/team/sales/export',
    teamPurchasesExport: '/store/team/purchases/export',
  },
  cart: {
    list: '/cart/list',
    add: '/cart/add',
    remove: '/cart/remove',
    select: '/cart/select',
  },
  coupon: {
    create: '/coupon/create',
    list: '/coupon/list',
    disable: '/coupon/disable',
    preview: '/coupon/preview',
  },
  order: {
    checkout: '/order/checkout',
    detail: '/order/detail',
    list: '/order/list',
    pay: '/order/pay',
    cancel: '/order/cancel',
    notify: '/pay/notify',
    sandbox: '/pay/sandbox',
  },
  refund: {
    apply: '/order/refund/apply',
    list: '/order/refund/list',
    approve: '/order/refund/approve',
    refuse: '/order/refund/refuse',
    /** The webhook a provider calls when a refund has been paid back (`/:provider`). */
    notify: '/pay/refund-notify',
  },
  invoice: {
    apply: '/order/invoice/apply',
    list: '/order/invoice/list',
    /** Multipart: field `invoiceId`, then field `file` (the PDF). */
    issue: '/order/invoice/issue',
    download: '/order/invoice/download',
  },
  ai: {
    create: '/ai/job/create',
    list: '/ai/job/list',
    detail: '/ai/job/detail',
    outline: '/ai/job/outline',
    generate: '/ai/job/generate',
    cancel: '/ai/job/cancel',
    retry: '/ai/job/retry',
    /** A new job with a cancelled or failed one's topic (and outline, when it had one). */
    restart: '/ai/job/restart',
    stream: '/ai/job/stream',
    assist: '/ai/assist',
    generator: '/ai/generator',
    /** Multipart: field `file`. Reads a PDF, DOCX, PPTX, Markdown or text file into sections. */
    documentParse: '/ai/document/parse',
    /** A new draft course translated from one of the team's, by a job of kind `translate`. */
    translate: '/ai/translate',
    /** A course's translations (and its own source, when it is one). */
    translations: '/ai/translate/list',
    /** Tokens (and money, when priced) a creation, translation or assist is expected to use, with the budget. */
    estimate: '/ai/estimate',
    /** The team's AI use by month (and by member, for managers) against its monthly budget. */
    usage: '/ai/usage',
  },
  learn: {
    list: '/learn/list',
    course: '/learn/course',
    progress: '/learn/progress',
    complete: '/learn/complete',
    watch: '/learn/watch',
    report: '/learn/report',
    reportCsv: '/learn/report/csv',
  },
  /** Member groups (分组) and learning tasks (学习任务) of the current team. */
  training: {
    groupList: '/training/group/list',
    groupCreate: '/training/group/create',
    groupRename: '/training/group/rename',
    groupRemove: '/training/group/delete',
    groupMemberAdd: '/training/group/member/add',
    groupMemberRemove: '/training/group/member/remove',
    taskList: '/training/task/list',
    taskDetail: '/training/task/detail',
    taskCreate: '/training/task/create',
    taskModify: '/training/task/modify',
    taskCancel: '/training/task/cancel',
    /** The asker's own open tasks with their state (我的任务). */
    mine: '/training/task/mine',
    reportTask: '/training/report/task',
    /** A task's members, a page at a time (the report's and the team centre's table). */
    reportTaskMembers: '/training/report/task/members',
    reportCourse: '/training/report/course',
    reportMember: '/training/report/member',
    reportTaskExport: '/training/report/task/export',
    reportCourseExport: '/training/report/course/export',
  },
  /** The signed-in user's notification centre (通知中心). */
  notification: {
    list: '/notification/list',
    unread: '/notification/unread',
    read: '/notification/read',
    readAll: '/notification/read-all',
    settings: '/notification/settings',
    settingsSave: '/notification/settings/save',
    /** Server-sent events: `{"type":"notification"}` whenever one arrives (not in the endpoint table). */
    stream: '/notification/stream',
  },
  quiz: {
    answer: '/quiz/answer',
  },
  certificate: {
    view: '/certificate/view',
  },
  media: {
    /** The tus endpoint (creation, HEAD for the offset, PATCH for bytes); each upload under it by id. */
    upload: '/media/upload',
    info: '/media/info',
    usage: '/media/usage',
    /** Signed, short-lived playback addresses of a media block in a lesson, for whoever may read it. */
    play: '/media/play',
    /** A media's caption languages (the team's), upload (WebVTT or SRT) and removal. */
    captions: '/media/captions',
    captionUpload: '/media/caption/upload',
    captionRemove: '/media/caption/remove',
    /** Signed HLS: `/media/hls/<token>/master.m3u8`, `…/<rendition>/index.m3u8`, `…/key`, segments. */
    hls: '/media/hls',
  },
  comment: {
    /** A lesson's threads (open, or all) with their replies. */
    lessonList: '/comment/lesson/list',
    /** A course's open threads, with each lesson's title and count. */
    courseList: '/comment/course/list',
    create: '/comment/create',
    reply: '/comment/reply',
    resolve: '/comment/resolve',
    reopen: '/comment/reopen',
    /** A thread's first comment deletes the thread; a reply only itself. */
    remove: '/comment/delete',
    /** The asker's @mentions in the current team, unread first. */
    mentions: '/comment/mention/list',
    mentionsRead: '/comment/mention/read',
    mentionsUnread: '/comment/mention/unread',
  },
  attachment: {
    /**
     * The tus endpoint (creation with the lesson id in the metadata, HEAD for the offset, PATCH for
     * bytes); each upload under it by id. Members who may edit the lesson.
     */
    upload: '/attachment/upload',
    /** The draft lesson's attachments (the author's list). */
    list: '/attachment/list',
    rename: '/attachment/rename',
    remove: '/attachment/delete',
    reorder: '/attachment/reorder',
    /** A released lesson's attachments as the viewer may see them: names and sizes, and whether they may download. */
    lesson: '/attachment/lesson',
    /** A signed, short-lived download address of one attachment of a released lesson (404 when not entitled). */
    link: '/attachment/link',
    /** A visitor's link on the server-rendered pages: decided for a visitor, then redirected to a fresh signed address. */
    open: '/attachment/open',
    /** A share's lessons' attachments: names and sizes only, for anyone with a live link. */
    share: '/attachment/share',
    /** The signed download itself: `/attachment/file/<token>`. */
    file: '/attachment/file',
  },
  exam: {
    /** The team's question bank (OWNER/ADMIN). */
    questionList: '/exam/question/list',
    questionCreate: '/exam/question/create',
    questionUpdate: '/exam/question/update',
    questionRemove: '/exam/question/delete',
    /** Multipart, field `file`: .xlsx or .csv in the template's columns; all rows or none. */
    questionImport: '/exam/question/import',
    questionExport: '/exam/question/export',
    questionTemplate: '/exam/question/template',
    /** Exams (OWNER/ADMIN). */
    list: '/exam/list',
    create: '/exam/create',
    update: '/exam/update',
    close: '/exam/close',
    remove: '/exam/delete',
    results: '/exam/results',
    /** A member's exams and attempts. */
    myList: '/exam/my/list',
    start: '/exam/attempt/start',
    attempt: '/exam/attempt/get',
    answer: '/exam/attempt/answer',
    submit: '/exam/attempt/submit',
  },
  /** A course's exam (课程考试): its authors edit it, its release carries a copy its learners take. */
  courseExam: {
    questionList: '/course/exam/question/list',
    questionCreate: '/course/exam/question/create',
    questionUpdate: '/course/exam/question/update',
    questionRemove: '/course/exam/question/delete',
    /** The team bank's import, export and template, for the course's questions. */
    questionImport: '/course/exam/question/import',
    questionExport: '/course/exam/question/export',
    questionTemplate: '/course/exam/question/template',
    draft: '/course/exam/get',
    save: '/course/exam/save',
    remove: '/course/exam/delete',
    /** The learner's: the released exam with their attempts, and starting one. */
    mine: '/course/exam/my',
    start: '/course/exam/start',
  },
  share: {
    create: '/share/create',
    list: '/share/list',
    revoke: '/share/revoke',
    view: '/share/view',
    copy: '/share/copy',
  },
} as const;

type Id = number | string;

const coursePath = (courseId: Id) => `/create/course/${courseId}`;
const withRedirect = (path: string, redirect: string | null | undefined) =>
  redirect ? `${path}?redirect=${encodeURIComponent(redirect)}` : path;

/**
 * The page to go back to after login, if it may be followed: a path on this site, never another
 * origin (`//host`) nor the login pages themselves (which would loop).
 */
export const safeRedirect = (value: string | null | undefined): string | null =>
  value && value.startsWith('/') && !value.startsWith('//') && !/^\/(login|loading|wxAuth)\b/.test(value)
    ? value
    : null;

/**
 * Every page path of the web app, spelt as the seed's route table has them (`/creatTeam`,
 * `/create/course/:courseId/Lesson/:lessonId` for the editor, lower-case `lesson` for its previews).
 * The web app builds its links and redirects from these, and the server its links to pages.
 */
export const WebPaths = {
  author: '/author',
  login: '/login',
  /** /login that comes back to `redirect` (a path with its search) once logged in. */
  loginBack: (redirect?: string | null) => withRedirect('/login', redirect),
  loading: '/loading',
  loadingBack: (redirect?: string | null) => withRedirect('/loading', redirect),
  wxAuth: '/wxAuth',
  wxAuthBind: '/wxAuth?step=bind',
  selectTeam: '/selectTeam',
  createTeam: '/creatTeam',
  joinTeam: (inviteCode: string) => `/selectTeam?invite=${encodeURIComponent(inviteCode)}`,
  share: (shareId: string) => `/share/${shareId}`,
  wxPreview: (courseId: Id) => `/wx-preview/${courseId}`,
  ai: '/ai',
  aiCreate: '/ai/create',
  aiProgress: (jobId: Id) => `/ai/progress?jobId=${jobId}`,
  store: '/store',
  storeList: '/store/list',
  storeCart: '/store/cart',
  storePay: (orderId: Id) => `/store/pay/${orderId}`,
  storePreview: (courseId: Id) => `/store/preview/${courseId}`,
  storeIframePreview: (courseId: Id) => `/store/course/${courseId}/iframe/preview`,
  learn: '/learn',
  /** The course player, at a lesson when given. */
  learnCourse: (courseId: Id, lessonId?: Id | null) =>
    lessonId ? `/learn/course/${courseId}?lesson=${lessonId}` : `/learn/course/${courseId}`,
  learnReport: '/learn/report',
  /** 我的学习 with one learning task picked out (a notification links there). */
  learnTask: (taskId: Id) => `/learn?task=${taskId}`,
  /** 培训报告 (OWNER/ADMIN): per task, course or member; `?taskId=` opens a task's. */
  trainingReport: '/training/report',
  /** 题库 and 考试 management (OWNER/ADMIN). */
  examBank: '/exam/bank',
  examManage: '/exam/manage',
  /** A member's exams; one attempt's page. */
  exams: '/exams',
  examAttempt: (attemptId: Id) => `/exams/attempt/${attemptId}`,
  certificate: (code: string) => `/certificate/${code}`,
  personal: '/personal',
  personalUser: '/personal/user',
  personalTeam: '/personal/team',
  personalTrade: '/personal/trade',
  /** 交易信息 with one order's details open (a refusal that names the order links there). */
  personalTradeOrder: (orderId: Id) => `/personal/trade?orderId=${orderId}`,
  course: coursePath,
  coursePreview: (courseId: Id) => `${coursePath(courseId)}/preview`,
  courseBuyPreview: (courseId: Id) => `${coursePath(courseId)}/buy/preview`,
  courseIframePreview: (courseId: Id) => `${coursePath(courseId)}/iframe/preview`,
  courseRelease: (courseId: Id) => `${coursePath(courseId)}/release`,
  lesson: (courseId: Id, lessonId: Id) => `${coursePath(courseId)}/Lesson/${lessonId}`,
  lessonPreview: (courseId: Id, lessonId: Id) => `${coursePath(courseId)}/lesson/${lessonId}/preview`,
  lessonIframePreview: (courseId: Id, lessonId: Id) =>
    `${coursePath(courseId)}/lesson/${lessonId}/iframe/preview`,
} as const;

const PARAM = '\u0000';

/** Each page of WebPaths as a pattern of its path (a parameter matches one segment), plus `/`. */
const PAGE_PATTERNS: RegExp[] = ['/', ...Object.values(WebPaths)].map((entry) => {
  const built = typeof entry === 'string' ? entry : (entry as (...ids: string[]) => string)(PARAM, PARAM);
  const pathOnly = built.split('?')[0]!;
  const source = pathOnly
    .split(PARAM)
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('[^/]+');
  // The web app's router matches paths without regard to case, with or without a trailing slash.
  return new RegExp(`^${source.replace(/\/$/, '')}/?$`, 'i');
});

/**
 * Whether a path (without its query) is one of the web app's pages. The server answers any other
 * path that is not a file or the API with 404 and the app's not-found page.
 */
export const isWebPagePath = (pathname: string): boolean => PAGE_PATTERNS.some((p) => p.test(pathname));
