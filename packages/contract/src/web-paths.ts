/** The web app's page paths (WebPaths), the login's safe return, and which paths are pages. */

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
