/**
 * Review comments on a draft lesson: threads anchored to the text (the editor's Yjs relative
 * positions, opaque here), replies, resolve/reopen, delete, @mentions of team members. Everything is
 * the session's team's: another team's lesson answers 404, its comment 70100. Comments live in their
 * own tables, never in the lesson's content, so no reader or release can carry them.
 */
import {
  cleanText,
  Code,
  COMMENT_LIMITS,
  type CommentCourseList,
  type CommentThread,
  type CommentThreadList,
} from '@studio/contract';
import type { Db } from '../../db/client.ts';
import type { AppContext } from '../../platform/context.ts';
import type { ReleaseWarningSource } from '../../platform/providers.ts';
import type { LessonCommentRow } from '../../db/schema.ts';
import type { TeamCtx } from '../../platform/auth.ts';
import { AppError } from '../../platform/errors.ts';
import { authorize } from '../../platform/policy.ts';
import { courseDetail, requireCourse, lessonOwner } from '../courses/index.ts';
import { teamMemberIdsAmong } from '../teams/index.ts';
import { profilesOf } from '../users/index.ts';
import { toThread } from './comments.presenter.ts';
import {
  countReplies,
  type CommentWithPeople,
  countThreads,
  deleteComment,
  findTeamComment,
  insertComment,
  insertMentions,
  listMentioned,
  listReplies,
  listThreads,
  openCountsByLesson,
  setResolved,
} from './comments.repo.ts';

/** Unresolved threads are a release warning (never a refusal), with the lessons holding them. */
const unresolvedComments: ReleaseWarningSource = async (db: Db, course, lessons) => {
  const counts = await openCountsByLesson(db, course.teamId, course.courseId);
  if (counts.length === 0) return null;
  const byLesson = new Map(counts.map((c) => [c.lessonId, c.count]));
  return {
    key: 'unresolvedComments',
    count: counts.reduce((sum, c) => sum + c.count, 0),
    lessons: lessons
      .filter((l) => byLesson.has(l.lessonId))
      .map((l) => ({ ...l, count: byLesson.get(l.lessonId)! })),
  };
};
/** Unresolved threads join the release check of the app's courses (modules/comments/index.ts). */
export function provideReleaseWarnings(ctx: AppContext): void {
  ctx.providers.provide('courses.releaseWarnings', unresolvedComments);
}

/** Plain text only: markup and control characters removed (the web shows it as text anyway). */
const TAG = /<\/?[A-Za-z!][^<>]*>/g;
export function cleanBody(body: string): string {
  const text = cleanText(body).replace(TAG, '').trim();
  if (text.length === 0) throw new AppError(Code.COMMENT_EMPTY);
  return text;
}
const cutQuote = (quote: string) =>
  Array.from(cleanText(quote).replace(/\s+/g, ' ').trim()).slice(0, COMMENT_LIMITS.quoteMax).join('');

/** Mentions must be members of the team; the writer is never notified of their own comment. */
async function checkedMentions(c: TeamCtx, userIds: number[]): Promise<number[]> {
  const wanted = [...new Set(userIds)];
  const members = new Set(await teamMemberIdsAmong(c.ctx, c.membership.team.id, wanted));
  if (wanted.some((id) => !members.has(id))) throw new AppError(Code.COMMENT_MENTION_NOT_MEMBER);
  return wanted.filter((id) => id !== c.actor.user.id);
}

async function threadsOf(
  c: TeamCtx,
  by: { lessonId?: number; courseId?: number; ids?: number[]; openOnly: boolean },
  courseAuthorId: number,
): Promise<CommentThread[]> {
  const { db } = c.ctx;
  const teamId = c.membership.team.id;
  const threadRows = await listThreads(db, teamId, by);
  const replyRows = await listReplies(
    db,
    teamId,
    threadRows.map((t) => t.id),
  );
  const mentionRows = await listMentioned(
    db,
    [...threadRows, ...replyRows].map((r) => r.id),
  );
  const people = await profilesOf(db, [
    ...[...threadRows, ...replyRows].flatMap((r) => [r.authorId, r.resolvedBy]).filter((id) => id !== null),
    ...mentionRows.map((m) => m.userId),
  ]);
  const withPeople = (comment: LessonCommentRow): CommentWithPeople => ({
    comment,
    authorName: comment.authorId === null ? null : (people.get(comment.authorId)?.nickName ?? null),
    authorAvatar: comment.authorId === null ? null : (people.get(comment.authorId)?.headImage ?? null),
    resolverName: comment.resolvedBy === null ? null : (people.get(comment.resolvedBy)?.nickName ?? null),
  });
  // A mention of a user gone is not shown.
  const mentioned = mentionRows.flatMap((m) => {
    const p = people.get(m.userId);
    return p ? [{ ...m, nickName: p.nickName }] : [];
  });
  const replies = replyRows.map(withPeople);
  return threadRows.map((t) => toThread(c, withPeople(t), replies, courseAuthorId, mentioned));
}

async function oneThread(c: TeamCtx, threadId: number, courseAuthorId: number): Promise<CommentThread> {
  const [thread] = await threadsOf(c, { ids: [threadId], openOnly: false }, courseAuthorId);
  if (!thread) throw new AppError(Code.COMMENT_NOT_FOUND);
  return thread;
}

/** The team's thread (a first comment, not a reply) with its course's author; else 70100. */
async function requireThread(
  c: TeamCtx,
  threadId: number,
): Promise<{ row: LessonCommentRow; courseAuthorId: number }> {
  const row = await findTeamComment(c.ctx.db, c.membership.team.id, threadId);
  if (!row || row.threadId !== null) throw new AppError(Code.COMMENT_NOT_FOUND);
  const { authorId } = await lessonOwner(c, row.lessonId);
  return { row, courseAuthorId: authorId };
}

export async function lessonThreads(
  c: TeamCtx,
  q: { lessonId: number; status: 'open' | 'all' },
): Promise<CommentThreadList> {
  authorize(c, 'comment.view');
  const lesson = await lessonOwner(c, q.lessonId);
  return {
    list: await threadsOf(c, { lessonId: q.lessonId, openOnly: q.status === 'open' }, lesson.authorId),
  };
}

export async function courseThreads(c: TeamCtx, courseId: number): Promise<CommentCourseList> {
  authorize(c, 'comment.view');
  const course = await courseDetail(c, courseId);
  const list = await threadsOf(c, { courseId, openOnly: true }, course.authorId);
  const counts = new Map<number, number>();
  for (const t of list) counts.set(t.lessonId, (counts.get(t.lessonId) ?? 0) + 1);
  return {
    total: list.length,
    lessons: course.lessons
      .filter((l) => counts.has(l.lessonId))
      .map((l) => ({ lessonId: l.lessonId, title: l.title, openCount: counts.get(l.lessonId)! })),
    list,
  };
}

export async function createThread(
  c: TeamCtx,
  body: {
    lessonId: number;
    anchorStart: string;
    anchorEnd: string;
    quote: string;
    body: string;
    mentions: number[];
  },
): Promise<CommentThread> {
  authorize(c, 'comment.create');
  const lesson = await lessonOwner(c, body.lessonId);
  const text = cleanBody(body.body);
  const mentions = await checkedMentions(c, body.mentions);
  const teamId = c.membership.team.id;
  const id = await c.ctx.db.transaction(async (tx) => {
    if ((await countThreads(tx, teamId, lesson.lessonId)) >= COMMENT_LIMITS.threadsPerLesson)
      throw new AppError(Code.COMMENT_THREADS_LIMIT, { params: { max: COMMENT_LIMITS.threadsPerLesson } });
    const row = await insertComment(tx, {
      teamId,
      courseId: lesson.courseId,
      lessonId: lesson.lessonId,
      threadId: null,
      authorId: c.actor.user.id,
      body: text,
      anchorStart: body.anchorStart,
      anchorEnd: body.anchorEnd,
      quote: cutQuote(body.quote),
    });
    await insertMentions(tx, teamId, row.id, mentions);
    await c.ctx.domainEvents.publish(tx, {
      type: 'comment.posted',
      teamId,
      authorName: c.actor.user.nickName,
      courseId: lesson.courseId,
      lessonId: lesson.lessonId,
      threadId: row.id,
      mentionedIds: mentions.filter((id) => id !== c.actor.user.id),
      repliedIds: [],
    });
    return row.id;
  });
  return oneThread(c, id, lesson.authorId);
}

export async function replyToThread(
  c: TeamCtx,
  body: { threadId: number; body: string; mentions: number[] },
): Promise<CommentThread> {
  authorize(c, 'comment.create');
  const { row, courseAuthorId } = await requireThread(c, body.threadId);
  const text = cleanBody(body.body);
  const mentions = await checkedMentions(c, body.mentions);
  const teamId = c.membership.team.id;
  await c.ctx.db.transaction(async (tx) => {
    if ((await countReplies(tx, row.id)) >= COMMENT_LIMITS.repliesPerThread)
      throw new AppError(Code.COMMENT_REPLIES_LIMIT, { params: { max: COMMENT_LIMITS.repliesPerThread } });
    const reply = await insertComment(tx, {
      teamId,
      courseId: row.courseId,
      lessonId: row.lessonId,
      threadId: row.id,
      authorId: c.actor.user.id,
      body: text,
      anchorStart: '',
      anchorEnd: '',
      quote: '',
    });
    await insertMentions(tx, teamId, reply.id, mentions);
    // The thread's starter hears of each reply but their own.
    const self = c.actor.user.id;
    await c.ctx.domainEvents.publish(tx, {
      type: 'comment.posted',
      teamId,
      authorName: c.actor.user.nickName,
      courseId: row.courseId,
      lessonId: row.lessonId,
      threadId: row.id,
      mentionedIds: mentions.filter((id) => id !== self),
      repliedIds: row.authorId === self || row.authorId === null ? [] : [row.authorId],
    });
  });
  return oneThread(c, row.id, courseAuthorId);
}

/** Resolves (true) or reopens (false) a thread; doing it twice changes nothing. */
export async function resolveThread(c: TeamCtx, threadId: number, resolved: boolean): Promise<CommentThread> {
  const { row, courseAuthorId } = await requireThread(c, threadId);
  authorize(c, 'comment.resolve', { authorId: row.authorId, courseAuthorId });
  if (resolved !== (row.resolvedAt !== null))
    await setResolved(c.ctx.db, c.membership.team.id, row.id, resolved ? c.actor.user.id : null);
  return oneThread(c, row.id, courseAuthorId);
}

export async function removeComment(c: TeamCtx, commentId: number): Promise<void> {
  const teamId = c.membership.team.id;
  const row = await findTeamComment(c.ctx.db, teamId, commentId);
  if (!row) throw new AppError(Code.COMMENT_NOT_FOUND);
  const { authorId: courseAuthorId } = await requireCourse(c, row.courseId).then((m) => m.course);
  authorize(c, 'comment.delete', { authorId: row.authorId, courseAuthorId });
  await deleteComment(c.ctx.db, teamId, row.id);
}
