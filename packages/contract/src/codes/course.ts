import type { CodeEntry } from './entry.ts';

export const COURSE = {
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
} as const satisfies Record<string, CodeEntry>;
