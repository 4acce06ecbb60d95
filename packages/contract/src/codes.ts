/**
 * Business codes carried in the envelope's `code`. One table for the server and the web client.
 * Ranges: 10xxx accounts, 20xxx teams, 30xxx courses and shares, 40xxx store, 50xxx AI.
 */
export const Code = {
  OK: 200,
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  TOO_MANY_REQUESTS: 429,
  SERVER_ERROR: 500,
  NO_TEAM: 541,
  TEAM_EXPIRED: 542,
  SMS_CODE_WRONG: 10001,
  LOGIN_WRONG: 10002,
  TOO_MANY_TRIES: 10003,
  OLD_PASSWORD_WRONG: 10004,
  SMS_ALREADY_SENT: 10005,
  PHONE_NOT_BOUND: 10006,
  WECHAT_STATE_INVALID: 10007,
  WECHAT_LOGIN_FAILED: 10008,
  PHONE_TAKEN_BY_WECHAT: 10009,
  FILE_TYPE_NOT_ALLOWED: 10010,
  TEAM_NOT_FOUND: 20001,
  OWNER_MUST_TRANSFER: 20002,
  CANNOT_REMOVE_OWNER: 20003,
  INVITE_INVALID: 20004,
  ALREADY_MEMBER: 20014,
  COURSE_NOT_READY: 30001,
  COURSE_NOT_RELEASED: 30002,
  SHARE_EXPIRED: 30003,
  SHARE_COPY_NOT_ALLOWED: 30004,
  ORDER_ALREADY_PAID: 20018,
  COURSE_NOT_FOR_SALE: 40001,
  OWN_TEAM_COURSE: 40002,
  ALREADY_OWNED: 40003,
  CART_EMPTY: 40004,
  ORDER_EXPIRED: 40005,
  PAYMENT_REJECTED: 40006,
} as const;

export type CodeValue = (typeof Code)[keyof typeof Code];

/** Codes the client treats as success (seed §8). */
export const SUCCESS_CODES: readonly number[] = [
  Code.OK,
  Code.ALREADY_MEMBER,
  Code.SMS_ALREADY_SENT,
  Code.ORDER_ALREADY_PAID,
];

export const isSuccessCode = (code: number): boolean => SUCCESS_CODES.includes(code);
