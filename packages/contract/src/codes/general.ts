import type { CodeEntry } from './entry.ts';

export const GENERAL = {
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
