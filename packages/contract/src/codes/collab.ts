import type { CodeEntry } from './entry.ts';

/**
 * Live co-editing (`/api/collab`, Hocuspocus). The server refuses authentication, or closes a
 * connection, with a reason that is the JSON `{"code": <number>}` of one of these; the web shows its
 * message.
 */
export const COLLAB = {
  /** No token, an unknown one, or an expired session. */
  COLLAB_UNAUTHORIZED: { code: 70001, key: 'errors.collabUnauthorized', zh: '登录已失效，请重新登录' },
  /** No such lesson, or one of another team. */
  COLLAB_NOT_FOUND: { code: 70002, key: 'errors.collabNotFound', zh: '课时不存在或无权访问' },
  /** The member was removed from the team while connected. */
  COLLAB_REMOVED: { code: 70003, key: 'errors.collabRemoved', zh: '你已不在该团队，编辑已断开' },
  /** The session was revoked (logged out elsewhere) or expired while connected. */
  COLLAB_SESSION_REVOKED: {
    code: 70004,
    key: 'errors.collabSessionRevoked',
    zh: '登录已在其他地方退出，编辑已断开',
  },
  /** The lesson was deleted while connected. */
  COLLAB_LESSON_DELETED: { code: 70005, key: 'errors.collabLessonDeleted', zh: '该课时已被删除' },
  /** One message over the per-message cap. */
  COLLAB_MESSAGE_TOO_LARGE: {
    code: 70006,
    key: 'errors.collabMessageTooLarge',
    zh: '单次修改过大，已断开',
  },
  /** The document would grow over its cap (the lesson's content limit). */
  COLLAB_DOC_TOO_LARGE: {
    code: 70007,
    key: 'errors.collabDocTooLarge',
    zh: '课时内容超过上限，无法继续编辑',
  },
  /** Too many connections from one address. */
  COLLAB_TOO_MANY_CONNECTIONS: {
    code: 70008,
    key: 'errors.collabTooManyConnections',
    zh: '连接过多，请稍后再试',
  },
  /** A binary frame the protocol cannot read. */
  COLLAB_MALFORMED: { code: 70009, key: 'errors.collabMalformed', zh: '收到无法识别的数据，连接已断开' },
  /** A client that does not read what the server sends (back-pressure). */
  COLLAB_SLOW_CLIENT: { code: 70010, key: 'errors.collabSlowClient', zh: '网络过慢，连接已断开' },
  /** A document name that is not `lesson:<id>`. */
  COLLAB_BAD_DOCUMENT: { code: 70011, key: 'errors.collabBadDocument', zh: '无效的文档名' },
} as const satisfies Record<string, CodeEntry>;
