/** The asker's @mentions in their current team: the list (unread first), the badge's count, read marks. */
import { COMMENT_LIMITS, type CommentMentionList, type CommentUnread } from '@studio/contract';
import type { TeamCtx } from '../../platform/auth.ts';
import { authorize } from '../../platform/policy.ts';
import { lessonPlaces } from '../courses/index.ts';
import { nickNamesOf } from '../users/index.ts';
import { countUnreadMentions, listMentionsOf, markMentionsRead } from './comments.repo.ts';

export async function myMentions(c: TeamCtx): Promise<CommentMentionList> {
  authorize(c, 'comment.view');
  const teamId = c.membership.team.id;
  const userId = c.actor.user.id;
  const rows = await listMentionsOf(c.ctx.db, teamId, userId, COMMENT_LIMITS.mentionsListMax);
  const places = new Map(
    (await lessonPlaces(c, [...new Set(rows.map((r) => r.comment.lessonId))])).map((p) => [p.lessonId, p]),
  );
  const names = await nickNamesOf(
    c.ctx.db,
    rows.flatMap((r) => (r.comment.authorId === null ? [] : [r.comment.authorId])),
  );
  const list = rows.flatMap(({ comment, readAt }) => {
    const authorName = comment.authorId === null ? null : names.get(comment.authorId);
    const place = places.get(comment.lessonId);
    // A lesson of a deleted course is no longer anywhere to go.
    if (!place) return [];
    return [
      {
        commentId: comment.id,
        threadId: comment.threadId ?? comment.id,
        courseId: place.courseId,
        courseTitle: place.courseTitle,
        lessonId: place.lessonId,
        lessonTitle: place.title,
        author: comment.authorId === null ? null : { userId: comment.authorId, nickName: authorName ?? '' },
        body: comment.body,
        createTime: comment.createdAt.getTime(),
        read: readAt !== null,
      },
    ];
  });
  return { list, unread: await countUnreadMentions(c.ctx.db, teamId, userId) };
}

export async function unreadMentions(c: TeamCtx): Promise<CommentUnread> {
  authorize(c, 'comment.view');
  return { unread: await countUnreadMentions(c.ctx.db, c.membership.team.id, c.actor.user.id) };
}

export async function readMentions(c: TeamCtx, commentIds: number[] | undefined): Promise<CommentUnread> {
  authorize(c, 'comment.view');
  await markMentionsRead(c.ctx.db, c.membership.team.id, c.actor.user.id, commentIds);
  return unreadMentions(c);
}
