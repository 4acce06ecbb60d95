import type { CodeEntry } from './entry.ts';

/** Review comments on lessons (70100–70149): threads, replies, resolving, @mentions. */
export const COMMENTS = {
  /** No such comment in the session's team (another team's comment answers this too). */
  COMMENT_NOT_FOUND: { code: 70100, key: 'errors.commentNotFound', zh: '评论不存在或已被删除' },
  /** A mention names someone who is not a member of the team. */
  COMMENT_MENTION_NOT_MEMBER: {
    code: 70101,
    key: 'errors.commentMentionNotMember',
    zh: '只能 @ 本团队的成员',
  },
  /** Nothing left of the body once cleaned (only spaces, control characters or markup). */
  COMMENT_EMPTY: { code: 70102, key: 'errors.commentEmpty', zh: '评论内容不能为空' },
  /** Params: max (COMMENT_LIMITS.threadsPerLesson). */
  COMMENT_THREADS_LIMIT: {
    code: 70103,
    key: 'errors.commentThreadsLimit',
    zh: '一个课时最多 {{max}} 条评论，请先删除一些已解决的评论',
  },
  /** Params: max (COMMENT_LIMITS.repliesPerThread). */
  COMMENT_REPLIES_LIMIT: {
    code: 70104,
    key: 'errors.commentRepliesLimit',
    zh: '一条评论最多 {{max}} 条回复',
  },
} as const satisfies Record<string, CodeEntry>;
