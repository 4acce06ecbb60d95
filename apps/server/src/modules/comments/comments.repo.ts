/** `lesson_comments` and `lesson_comment_mentions`: the only place with their queries. */
import { and, asc, count, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { lessonCommentMentions, lessonComments, type LessonCommentRow } from '../../db/schema.ts';

export type NewComment = Pick<
  LessonCommentRow,
  | 'teamId'
  | 'courseId'
  | 'lessonId'
  | 'threadId'
  | 'authorId'
  | 'body'
  | 'anchorStart'
  | 'anchorEnd'
  | 'quote'
>;
/** A comment with its people's names (the users face's, comments.service.ts). */
export type CommentWithPeople = {
  comment: LessonCommentRow;
  authorName: string | null;
  authorAvatar: string | null;
  resolverName: string | null;
};

export async function insertComment(db: Db, row: NewComment): Promise<LessonCommentRow> {
  const [inserted] = await db.insert(lessonComments).values(row).returning();
  return inserted!;
}

export async function insertMentions(db: Db, teamId: number, commentId: number, userIds: number[]) {
  if (userIds.length === 0) return;
  await db
    .insert(lessonCommentMentions)
    .values(userIds.map((userId) => ({ teamId, commentId, userId })))
    .onConflictDoNothing();
}

export async function findTeamComment(
  db: Db,
  teamId: number,
  id: number,
): Promise<LessonCommentRow | undefined> {
  const [row] = await db
    .select()
    .from(lessonComments)
    .where(and(eq(lessonComments.teamId, teamId), eq(lessonComments.id, id)));
  return row;
}

export async function countThreads(db: Db, teamId: number, lessonId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(lessonComments)
    .where(
      and(
        eq(lessonComments.teamId, teamId),
        eq(lessonComments.lessonId, lessonId),
        isNull(lessonComments.threadId),
      ),
    );
  return row?.n ?? 0;
}

export async function countReplies(db: Db, threadId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(lessonComments)
    .where(eq(lessonComments.threadId, threadId));
  return row?.n ?? 0;
}

const commentsWhere = (db: Db, where: SQL | undefined) =>
  db
    .select()
    .from(lessonComments)
    .where(where)
    .orderBy(asc(lessonComments.createdAt), asc(lessonComments.id));

/** Threads of the team (their first comments), by lesson, course or ids; open ones only when asked. */
export async function listThreads(
  db: Db,
  teamId: number,
  by: { lessonId?: number; courseId?: number; ids?: number[]; openOnly: boolean },
): Promise<LessonCommentRow[]> {
  return commentsWhere(
    db,
    and(
      eq(lessonComments.teamId, teamId),
      isNull(lessonComments.threadId),
      by.lessonId === undefined ? undefined : eq(lessonComments.lessonId, by.lessonId),
      by.courseId === undefined ? undefined : eq(lessonComments.courseId, by.courseId),
      by.ids === undefined ? undefined : inArray(lessonComments.id, by.ids),
      by.openOnly ? isNull(lessonComments.resolvedAt) : undefined,
    ),
  );
}

export async function listReplies(db: Db, teamId: number, threadIds: number[]): Promise<LessonCommentRow[]> {
  if (threadIds.length === 0) return [];
  return commentsWhere(
    db,
    and(eq(lessonComments.teamId, teamId), inArray(lessonComments.threadId, threadIds)),
  );
}

/** Who each comment mentions (their names: the users face's). */
export async function listMentioned(db: Db, commentIds: number[]) {
  if (commentIds.length === 0) return [];
  return db
    .select({ commentId: lessonCommentMentions.commentId, userId: lessonCommentMentions.userId })
    .from(lessonCommentMentions)
    .where(inArray(lessonCommentMentions.commentId, commentIds))
    .orderBy(asc(lessonCommentMentions.commentId), asc(lessonCommentMentions.userId));
}

/** Resolves (a user) or reopens (null) one of the team's threads. */
export async function setResolved(
  db: Db,
  teamId: number,
  threadId: number,
  by: number | null,
): Promise<void> {
  await db
    .update(lessonComments)
    .set(by === null ? { resolvedAt: null, resolvedBy: null } : { resolvedAt: sql`now()`, resolvedBy: by })
    .where(
      and(
        eq(lessonComments.teamId, teamId),
        eq(lessonComments.id, threadId),
        isNull(lessonComments.threadId),
      ),
    );
}

/** Deletes a comment; a thread's replies and every mention go with it (foreign keys). */
export async function deleteComment(db: Db, teamId: number, id: number): Promise<void> {
  await db.delete(lessonComments).where(and(eq(lessonComments.teamId, teamId), eq(lessonComments.id, id)));
}

/** Open threads per lesson of a course. */
export async function openCountsByLesson(db: Db, teamId: number, courseId: number) {
  return db
    .select({ lessonId: lessonComments.lessonId, count: count() })
    .from(lessonComments)
    .where(
      and(
        eq(lessonComments.teamId, teamId),
        eq(lessonComments.courseId, courseId),
        isNull(lessonComments.threadId),
        isNull(lessonComments.resolvedAt),
      ),
    )
    .groupBy(lessonComments.lessonId);
}

const mine = (teamId: number, userId: number) =>
  and(eq(lessonCommentMentions.teamId, teamId), eq(lessonCommentMentions.userId, userId));

/** The user's mentions in the team, unread first, then newest first. */
export async function listMentionsOf(db: Db, teamId: number, userId: number, limit: number) {
  return db
    .select({
      comment: lessonComments,
      readAt: lessonCommentMentions.readAt,
    })
    .from(lessonCommentMentions)
    .innerJoin(lessonComments, eq(lessonComments.id, lessonCommentMentions.commentId))
    .where(mine(teamId, userId))
    .orderBy(
      sql`${lessonCommentMentions.readAt} is null desc`,
      desc(lessonCommentMentions.createdAt),
      desc(lessonCommentMentions.commentId),
    )
    .limit(limit);
}

export async function countUnreadMentions(db: Db, teamId: number, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(lessonCommentMentions)
    .where(and(mine(teamId, userId), isNull(lessonCommentMentions.readAt)));
  return row?.n ?? 0;
}

export async function markMentionsRead(db: Db, teamId: number, userId: number, commentIds?: number[]) {
  await db
    .update(lessonCommentMentions)
    .set({ readAt: sql`now()` })
    .where(
      and(
        mine(teamId, userId),
        isNull(lessonCommentMentions.readAt),
        commentIds === undefined ? undefined : inArray(lessonCommentMentions.commentId, commentIds),
      ),
    );
}
