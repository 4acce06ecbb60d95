/**
 * Default Chinese messages for business codes and HTTP statuses. The server sends `msg` in Chinese
 * (the product is Chinese first); the web client translates the seed's notices through i18n.
 */
import { Code } from './codes.ts';

export const CODE_MESSAGES: Record<number, string> = {
  [Code.OK]: '成功',
  [Code.BAD_REQUEST]: '请求参数错误',
  [Code.UNAUTHORIZED]: '登录已过期，请重新登录',
  [Code.FORBIDDEN]: '没有权限进行该操作',
  [Code.NOT_FOUND]: '请求的资源不存在',
  [Code.CONFLICT]: '内容已被修改，请刷新后重试',
  [Code.PAYLOAD_TOO_LARGE]: '上传内容过大',
  [Code.TOO_MANY_REQUESTS]: '请求过于频繁，请稍后重试',
  [Code.SERVER_ERROR]: '服务器错误',
  [Code.NO_TEAM]: '请先选择团队',
  [Code.TEAM_EXPIRED]: '团队已过期，只能查看，不能修改',
  [Code.SMS_CODE_WRONG]: '验证码错误或已过期',
  [Code.LOGIN_WRONG]: '手机号或密码错误',
  [Code.TOO_MANY_TRIES]: '尝试次数过多，请稍后再试',
  [Code.OLD_PASSWORD_WRONG]: '原密码错误',
  [Code.SMS_ALREADY_SENT]: '验证码已发送，请查收',
  [Code.PHONE_NOT_BOUND]: '请先绑定手机号',
  [Code.WECHAT_STATE_INVALID]: '微信登录已失效，请重新扫码',
  [Code.WECHAT_LOGIN_FAILED]: '微信登录失败，请重试',
  [Code.PHONE_TAKEN_BY_WECHAT]: '该手机号已绑定其他微信账号',
  [Code.FILE_TYPE_NOT_ALLOWED]: '只支持 PNG、JPG、GIF、WebP 图片',
  [Code.TEAM_NOT_FOUND]: '团队不存在',
  [Code.OWNER_MUST_TRANSFER]: '请先转让团队所有权再退出',
  [Code.CANNOT_REMOVE_OWNER]: '不能移除团队所有者',
  [Code.INVITE_INVALID]: '邀请链接已过期或已用完',
  [Code.ALREADY_MEMBER]: '你已经是该团队成员',
  [Code.COURSE_NOT_READY]: '课程还不完整，不能发布',
  [Code.COURSE_NOT_RELEASED]: '课程未发布',
  [Code.SHARE_EXPIRED]: '分享链接已过期或已被撤销',
  [Code.SHARE_COPY_NOT_ALLOWED]: '分享者不允许复制这门课程',
  [Code.SHARE_PAID_NO_COPY]: '付费课程不能复制，请在商城购买',
  [Code.ORDER_ALREADY_PAID]: '订单已支付',
  [Code.COURSE_NOT_FOR_SALE]: '课程未上架',
  [Code.OWN_TEAM_COURSE]: '不能购买本团队的课程',
  [Code.ALREADY_OWNED]: '团队已拥有这门课程',
  [Code.CART_EMPTY]: '请先选择要购买的课程',
  [Code.ORDER_EXPIRED]: '订单已过期，请重新下单',
  [Code.PAYMENT_REJECTED]: '支付通知校验失败',
};

/** Success and 541 messages of the team invitations that carry a name or say what happened. */
export const TEAM_MESSAGES = {
  /** 404 for an invitation that is gone or not the asker's (never says which). */
  invitationNotFound: '邀请不存在或已处理',
  invitationSent: '已发送邀请，对方接受后加入团队',
  alreadyMemberOther: '该用户已经是团队成员',
  removedFromTeam: (teamName: string) => `你已被移出团队「${teamName}」`,
} as const;

/** A lesson's content over the size limit: a person's save (400) and a generated lesson (failed, retryable). */
export const LESSON_MESSAGES = {
  contentTooLarge: (kb: number) => `课时内容不能超过 ${kb} KB`,
  generatedTooLarge: (kb: number) => `生成的课时内容超过 ${kb} KB，可单独重试`,
} as const;

/** Seed §8: HTTP status messages, Chinese as PRODUCT.md gives them. Unknown status → 500's. */
export const HTTP_STATUS_MESSAGES: Record<number, string> = {
  400: '请求参数错误',
  401: '账号未登录',
  403: '没有权限进行该操作',
  404: '请求的资源不存在',
  405: '请求方法错误',
  423: '请求失败，请稍后重试',
  429: '请求过于频繁，请稍后重试',
  500: '服务器错误',
  502: '网关错误',
  503: '服务不可用，服务器暂时过载或维护',
  504: '网关超时',
  900: '重复请求，请稍后重试',
};

export const messageFor = (code: number): string => CODE_MESSAGES[code] ?? CODE_MESSAGES[Code.SERVER_ERROR]!;

/** How long to wait, rounded up to what a person reads: "45 秒", "3 分钟", "2 小时". */
export function waitText(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds < 60) return `${seconds} 秒`;
  const minutes = Math.ceil(seconds / 60);
  return minutes < 60 ? `${minutes} 分钟` : `${Math.ceil(minutes / 60)} 小时`;
}

/** 10003 for a code locked by wrong tries: when a new one can be asked for (now, when `waitMs` ≤ 0). */
export const smsLockedMessage = (waitMs: number): string =>
  waitMs > 0
    ? `验证码错误次数过多，请 ${waitText(waitMs)}后重新获取验证码`
    : '验证码错误次数过多，请重新获取验证码';

/** 10003 for a send refused by a sending limit (per phone, per address, or one per 60 s). */
export const smsSendWaitMessage = (waitMs: number): string =>
  `验证码发送过于频繁，请 ${waitText(waitMs)}后再试`;

/** The readable page a browser gets for a 429 instead of the JSON envelope. */
export const tooManyRequestsPageText = (waitMs: number) => ({
  title: HTTP_STATUS_MESSAGES[429]!,
  zh: `来自你所在网络的请求过多，请 ${waitText(waitMs)}后刷新本页。`,
  en: `Too many requests from your network. Please reload this page in ${Math.max(1, Math.ceil(waitMs / 1000))} s.`,
  reload: '刷新 / Reload',
});
