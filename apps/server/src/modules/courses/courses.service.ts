import {
  cleanText,
  Code,
  COURSE_DEFAULT_TITLE,
  type Course,
  type CourseDetail,
  type CoursePreview,
  emptyDoc,
  type CourseStatus,
} from '@studio/contract';
import type { Db } from '../../db/client.ts';
import type { z } from 'zod';
import type { courseModifyBody } from '@studio/contract';
import { type TeamCtx } from '../../platform/auth.ts';
import { AppError, invalidInput } from '../../platform/errors.ts';
import { authorize } from '../../platform/policy.ts';
import { isOwnFileUrl } from '../files/index.ts';
import { toCourse, toLessonSummary, toPreview } from './course.presenter.ts';
import {
  deleteCourse,
  findTeamCourse,
  lockCourse,
  markCourseDeleted,
  insertCourse,
  pageTeamCourses,
  updateCourseAt,
  type CourseWithMeta,
} from './courses.repo.ts';
import { insertLesson, listLessons } from './lessons.repo.ts';
import { settleLiveCourse } from './live-text.ts';
import { ordersOfCourse, withdrawFromCarts } from '../store/index.ts';
import { copyCourse } from './course-copy.ts';

export async function requireCourse({ ctx, membership }: TeamCtx, courseId: number): Promise<CourseWithMeta> {
  const found = await findTeamCourse(ctx.db, membership.team.id, courseId);
  if (!found) throw new AppError(Code.NOT_FOUND);
  return found;
}

export async function listCourses(
  c: TeamCtx,
  q: { tab: 'mine' | 'all'; keyword: string; status?: CourseStatus; pageNum: number; pageSize: number },
) {
  const { rows, total } = await pageTeamCourses(c.ctx.db, c.membership.team.id, {
    ...q,
    authorId: q.tab === 'mine' ? c.actor.user.id : undefined,
  });
  return {
    list: rows.map((r) => toCourse(r, c)),
    total,
    pageNum: q.pageNum,
    pageSize: q.pageSize,
  };
}

export async function createCourse(c: TeamCtx, title: string = COURSE_DEFAULT_TITLE): Promise<Course> {
  authorize(c, 'course.create');
  const course = await insertCourse(c.ctx.db, {
    teamId: c.membership.team.id,
    authorId: c.actor.user.id,
    title: cleanText(title),
  });
  return toCourse({ course, authorName: c.actor.user.nickName, lessonCount: 0 }, c);
}

/**
 * The draft course an AI job writes into: the outline's details and one empty lesson per entry,
 * cleaned as a person's create is. Runs in the caller's transaction (the job's status changes with it);
 * the job's author is checked by the caller. Returns the lesson ids in outline order.
 */
export async function createDraftCourseForAi(
  db: Db,
  draft: {
    teamId: number;
    authorId: number;
    title: string;
    subtitle: string;
    summary: string;
    lessonTitles: string[];
    /** A translation's link to its source (AI 翻译). */
    translation?: { fromCourseId: number; language: string; sourceHash: string };
  },
): Promise<{ courseId: number; lessonIds: number[] }> {
  const course = await insertCourse(db, {
    teamId: draft.teamId,
    authorId: draft.authorId,
    title: cleanText(draft.title),
    subtitle: cleanText(draft.subtitle),
    summary: cleanText(draft.summary),
    ...(draft.translation && {
      translatedFromCourseId: draft.translation.fromCourseId,
      translationLanguage: draft.translation.language,
      translationSourceHash: draft.translation.sourceHash,
    }),
  });
  const lessonIds = [];
  for (const title of draft.lessonTitles) {
    const lesson = await insertLesson(db, {
      courseId: course.id,
      title: cleanText(title),
      content: emptyDoc(),
    });
    lessonIds.push(lesson.id);
  }
  return { courseId: course.id, lessonIds };
}

export async function courseDetail(c: TeamCtx, courseId: number): Promise<CourseDetail> {
  const meta = await requireCourse(c, courseId);
  const lessons = await listLessons(c.ctx.db, courseId);
  return { ...toCourse(meta, c), lessons: lessons.map(toLessonSummary) };
}

export async function modifyCourse(c: TeamCtx, body: z.infer<typeof courseModifyBody>): Promise<Course> {
  const meta = await requireCourse(c, body.courseId);
  authorize(c, 'course.edit', meta.course);
  if (body.cover !== undefined && !isOwnFileUrl(c.ctx.config, body.cover)) {
    throw invalidInput('cover', 'uploadedImageOnly');
  }
  const { courseId, version, ...fields } = body;
  const patch = {
    ...fields,
    ...(fields.title !== undefined ? { title: cleanText(fields.title) } : {}),
    ...(fields.subtitle !== undefined ? { subtitle: cleanText(fields.subtitle) } : {}),
    ...(fields.summary !== undefined ? { summary: cleanText(fields.summary) } : {}),
    ...(fields.tags !== undefined ? { tags: [...new Set(fields.tags.map(cleanText))] } : {}),
  };
  const row = await updateCourseAt(c.ctx.db, c.membership.team.id, courseId, version, patch);
  if (!row) throw new AppError(Code.CONFLICT);
  return toCourse({ ...meta, course: row }, c);
}

/** A new draft with the same details, price and lessons, written by the actor (course-copy.ts). */
export async function duplicateCourse(c: TeamCtx, courseId: number, titleSuffix = ' 副本'): Promise<Course> {
  authorize(c, 'course.create');
  const { course } = await requireCourse(c, courseId);
  const copy = await copyCourse(
    c.ctx.db,
    course,
    { teamId: c.membership.team.id, authorId: c.actor.user.id },
    titleSuffix,
  );
  return toCourse({ ...copy, authorName: c.actor.user.nickName }, c);
}

export async function removeCourse(c: TeamCtx, courseId: number): Promise<void> {
  const meta = await requireCourse(c, courseId);
  authorize(c, 'course.delete', meta.course);
  await c.ctx.db.transaction(async (tx) => {
    // Two deletions at once: the second waits, then finds no course (404 from requireCourse next time).
    await lockCourse(tx, courseId);
    const orders = await ordersOfCourse(tx, courseId);
    if (orders.awaitingPayment) throw new AppError(Code.COURSE_DELETE_AWAITING_PAYMENT);
    // Never ordered: gone outright. Ordered: it leaves the team's lists and the store, and stays for
    // its buyers (entitlements, releases) and for the orders and invoices naming it.
    if (!orders.ordered) await deleteCourse(tx, c.membership.team.id, courseId);
    else {
      await markCourseDeleted(tx, c.membership.team.id, courseId);
      await withdrawFromCarts(tx, courseId);
    }
    await c.ctx.domainEvents.publish(tx, { type: 'course.deleted', courseId });
  });
}

export async function previewCourse(c: TeamCtx, courseId: number): Promise<CoursePreview> {
  const meta = await requireCourse(c, courseId);
  await settleLiveCourse(c.ctx, c.ctx.db, courseId);
  return toPreview(meta, c.membership.team.teamName, await listLessons(c.ctx.db, courseId));
}
