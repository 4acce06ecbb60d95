/** Comment rows → the contract's threads, with what the asker may do on each. */
import type { Comment, CommentPerson, CommentThread } from '@studio/contract';
import type { TeamCtx } from '../../platform/auth.ts';
import { allows } from '../../platform/policy.ts';
import type { CommentWithPeople } from './comments.repo.ts';

export type Mentioned = { commentId: number; userId: number; nickName: string };

const person = (userId: number | null, name: string | null): CommentPerson | null =>
  userId === null ? null : { userId, nickName: name ?? '' };

export function toComment(
  c: TeamCtx,
  row: CommentWithPeople,
  courseAuthorId: number,
  mentioned: Mentioned[],
): Comment {
  const { comment } = row;
  return {
    commentId: comment.id,
    threadId: comment.threadId,
    author: person(comment.authorId, row.authorName),
    authorAvatar: row.authorAvatar ?? '',
    body: comment.body,
    mentions: mentioned
      .filter((m) => m.commentId === comment.id)
      .map((m) => ({ userId: m.userId, nickName: m.nickName })),
    createTime: comment.createdAt.getTime(),
    canDelete: allows(c, 'comment.delete', { authorId: comment.authorId, courseAuthorId }),
  };
}

export function toThread(
  c: TeamCtx,
  row: CommentWithPeople,
  replies: CommentWithPeople[],
  courseAuthorId: number,
  mentioned: Mentioned[],
): CommentThread {
  const { comment } = row;
  return {
    ...toComment(c, row, courseAuthorId, mentioned),
    threadId: null,
    courseId: comment.courseId,
    lessonId: comment.lessonId,
    anchorStart: comment.anchorStart,
    anchorEnd: comment.anchorEnd,
    quote: comment.quote,
    resolved: comment.resolvedAt !== null,
    resolveTime: comment.resolvedAt?.getTime() ?? null,
    resolvedBy: comment.resolvedAt ? person(comment.resolvedBy, row.resolverName) : null,
    replies: replies
      .filter((r) => r.comment.threadId === comment.id)
      .map((r) => toComment(c, r, courseAuthorId, mentioned)),
    canResolve: allows(c, 'comment.resolve', { authorId: comment.authorId, courseAuthorId }),
  };
}
