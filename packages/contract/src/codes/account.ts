import type { CodeEntry } from './entry.ts';

export const ACCOUNT = {
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
  /** A 公众号 authorisation state from another browser (its cookie does not match) or another user. */
  WECHAT_STATE_OTHER_BROWSER: {
    code: 10033,
    key: 'errors.wechatStateOtherBrowser',
    zh: '微信授权不是在本浏览器发起的，请重新登录',
  },
  /** A 公众号 code sent a second time (WeChat gives each code once). */
  WECHAT_CODE_USED: { code: 10034, key: 'errors.wechatCodeUsed', zh: '微信授权码已使用，请重新授权' },
  /** The 公众号 openid is recorded on another account already: never moved silently. */
  WECHAT_MP_OPENID_TAKEN: {
    code: 10035,
    key: 'errors.wechatMpOpenIdTaken',
    zh: '该微信已绑定其他账号，请用该微信登录或更换微信',
  },
  /** A `next` that is not a path of this site (an open redirect; HTTP 400; data.field = 'next'). */
  REDIRECT_NOT_ALLOWED: {
    code: 10036,
    key: 'errors.redirectNotAllowed',
    zh: '跳转地址必须是本站的页面路径',
    httpStatus: 400,
  },
} as const satisfies Record<string, CodeEntry>;
