import {
  Code,
  type Course,
  type DocNode,
  type Share,
  type ShareList,
  type ShareView,
  stripQuizKeys,
  WebPaths,
} from '@studio/contract';
import { type TeamCtx } from '../../platform/auth.ts';
import type { AppContext } from '../../platform/context.ts';
import { randomToken } from '../../platform/crypto.ts';
import { AppError } from '../../platform/errors.ts';
import { authorize } from '../../platform/policy.ts';
import { lessonRights } from '../../platform/lesson-rights.ts';
import { nickNamesOf } from '../users/index.ts';
import { isPaidCourse } from '../store/index.ts';
import type { CourseRow } from '../../db/schema.ts';
import { copyCourse } from './course-copy.ts';
import { toCourse, toPreview } from './course.presenter.ts';
import { requireCourse } from './courses.service.ts';
import { findCourseLesson, listLessons } from './lessons.repo.ts';
import {
  findShareForView,
  findTeamShare,
  insertShare,
  latestReleasePrice,
  listCourseShares,
  revokeShareRow,
  type ShareRow,
} from './shares.repo.ts';

const isPaid = (course: CourseRow, releasePrice: number | null) => isPaidCourse(course.price, releasePrice);

/** A share's visitor, as the policy sees them: the link opens what it opens, whoever holds it. */
const NOT_HELD = { ownTeam: false, bought: false, listed: false };

const isLive = (s: ShareRow) => !s.revokedAt && (!s.expiresAt || s.expiresAt.getTime() > Date.now());

const toShare = (origin: string, s: ShareRow, createdBy: string): Share => ({
  shareId: s.id,
  courseId: s.courseId,
  url: `${origin}${WebPaths.share(s.id)}`,
  allowCopy: s.allowCopy,
  expireTime: s.expiresAt ? s.expiresAt.getTime() : null,
  revoked: s.revokedAt !== null,
  createTime: s.createdAt.getTime(),
  createdBy,
});

export async function createShare(
  c: TeamCtx,
  body: { courseId: number; expireHours?: number; allowCopy: boolean },
): Promise<Share> {
  const { course } = await requireCourse(c, body.courseId);
  authorize(c, 'course.share', course);
  if (body.allowCopy && isPaid(course, await latestReleasePrice(c.ctx.db, course.id))) {
    throw new AppError(Code.SHARE_PAID_NO_COPY);
  }
  const row = await insertShare(c.ctx.db, {
    id: randomToken(12),
    courseId: course.id,
    createdBy: c.actor.user.id,
    allowCopy: body.allowCopy,
    expiresAt: body.expireHours ? new Date(Date.now() + body.expireHours * 3_600_000) : null,
  });
  return toShare(c.actor.origin, row, c.actor.user.nickName);
}

export async function listShares(c: TeamCtx, courseId: number): Promise<ShareList> {
  const { course } = await requireCourse(c, courseId);
  const [rows, releasePrice] = await Promise.all([
    listCourseShares(c.ctx.db, courseId),
    latestReleasePrice(c.ctx.db, courseId),
  ]);
  const names = await nickNamesOf(
    c.ctx.db,
    rows.map((r) => r.createdBy),
  );
  return {
    // A share whose author is gone is not listed (as the join it replaces had it).
    list: rows
      .filter((r) => names.has(r.createdBy))
      .map((r) => toShare(c.actor.origin, r, names.get(r.createdBy)!)),
    paid: isPaid(course, releasePrice),
  };
}

async function teamShare(c: TeamCtx, shareId: string) {
  const found = await findTeamShare(c.ctx.db, c.membership.team.id, shareId);
  if (!found) throw new AppError(Code.NOT_FOUND);
  return found;
}

export async function revokeShare(c: TeamCtx, shareId: string): Promise<void> {
  const { course } = await teamShare(c, shareId);
  authorize(c, 'course.share', course);
  await revokeShareRow(c.ctx.db, shareId);
}

/** Loads a live share with its course and team, for anyone holding the link. */
async function liveShare(ctx: AppContext, shareId: string) {
  const row = await findShareForView(ctx.db, shareId);
  if (!row) throw new AppError(Code.NOT_FOUND);
  if (!isLive(row.share)) throw new AppError(Code.SHARE_EXPIRED);
  return row;
}

/** The shared course, read-only; a paid course shows the content of its free-preview lessons only. */
export async function viewShare(ctx: AppContext, shareId: string): Promise<ShareView> {
  const row = await liveShare(ctx, shareId);
  const lessons = await listLessons(ctx.db, row.course.id);
  const course = toPreview(
    { course: row.course, authorName: row.authorName, lessonCount: lessons.length },
    row.teamName,
    lessons,
  );
  const paid = isPaid(row.course, row.releasePrice);
  return {
    share: {
      shareId: row.share.id,
      allowCopy: row.share.allowCopy && !paid,
      expireTime: row.share.expiresAt?.getTime() ?? null,
      paid,
      listed: row.course.status === 'released',
    },
    course: {
      ...course,
      // A share hands out a free course whole; of a paid one, what anyone may read.
      lessons: course.lessons.map((l) => ({
        ...l,
        content: lessonRights({ ...NOT_HELD, freePreview: l.freePreview, share: { paid } }).read
          ? stripQuizKeys(l.content)
          : null,
      })),
    },
  };
}

/** The course of a live share (its team's, for the attachments' names); 404 or 30xxx expired as `viewShare`. */
export async function sharedCourse(
  ctx: AppContext,
  shareId: string,
): Promise<{ courseId: number; teamId: number }> {
  const { course } = await liveShare(ctx, shareId);
  return { courseId: course.id, teamId: course.teamId };
}

/**
 * A lesson as a live share shows it (the draft, as `viewShare` does), for the media player's policy
 * (`lessonRights` through a share): the course's team, whether it is paid, the lesson's free preview
 * and content. Null when the share is unknown, revoked or
 * expired, or the lesson is not of its course.
 */
export async function sharedLessonFacts(
  ctx: AppContext,
  shareId: string,
  courseId: number,
  lessonId: number,
): Promise<{ courseTeamId: number; paid: boolean; freePreview: boolean; content: DocNode } | null> {
  const row = await findShareForView(ctx.db, shareId);
  if (!row || !isLive(row.share) || row.course.id !== courseId) return null;
  const lesson = await findCourseLesson(ctx.db, courseId, lessonId);
  return lesson
    ? {
        courseTeamId: row.course.teamId,
        paid: isPaid(row.course, row.releasePrice),
        freePreview: lesson.freePreview,
        content: lesson.content,
      }
    : null;
}

/** Saves a copy of a shared course into the visitor's current team, when the sharer allowed it. */
export async function copyShare(c: TeamCtx, shareId: string): Promise<Course> {
  authorize(c, 'course.create');
  const row = await liveShare(c.ctx, shareId);
  if (isPaid(row.course, row.releasePrice)) throw new AppError(Code.SHARE_PAID_NO_COPY);
  if (!row.share.allowCopy) throw new AppError(Code.SHARE_COPY_NOT_ALLOWED);
  // The same copy as a duplicate (course-copy.ts), without the " 副本" suffix: it lands in another team.
  const copy = await copyCourse(c.ctx.db, row.course, {
    teamId: c.membership.team.id,
    authorId: c.actor.user.id,
  });
  return toCourse({ ...copy, authorName: c.actor.user.nickName }, c);
}
