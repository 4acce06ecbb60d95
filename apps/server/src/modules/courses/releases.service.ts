import {
  Code,
  COURSE_DEFAULT_TITLE,
  courseChanges,
  type CourseChanges,
  type Release,
  type ReleaseCheck,
} from '@studio/contract';
import type { LessonRow } from '../../db/schema.ts';
import { type TeamCtx } from '../../platform/auth.ts';
import { AppError } from '../../platform/errors.ts';
import { authorize } from '../../platform/policy.ts';
import { toPreview } from './course.presenter.ts';
import {
  findTeamCourse,
  lockCourse,
  setCourseFields,
  updateCourse,
  type CourseWithMeta,
} from './courses.repo.ts';
import { nickNamesOf } from '../users/index.ts';
import { requireCourse } from './courses.service.ts';
import { isEmptyDoc } from './lesson-content.ts';
import { checkpointCourse, checkpointLessons } from './lesson-history.repo.ts';
import { insertLesson, listLessons, setLessonFields, setPosition } from './lessons.repo.ts';
import { settleLiveCourse } from './live-text.ts';
import { checkedContent } from './lessons.service.ts';
import {
  findCourseRelease,
  insertNextRelease,
  listCourseReleases,
  type ReleaseRow,
} from './releases.repo.ts';
import { releaseAttachments } from '../attachments/index.ts';
import { releaseCourseExam } from '../exams/index.ts';

/** What the store would show must be complete: the 发布检查 items, in the order the page lists them. */
export function checkCourse({ course }: CourseWithMeta, lessons: LessonRow[]): ReleaseCheck {
  const title = course.title.trim();
  const empty = lessons.filter((l) => isEmptyDoc(l.content));
  const items: ReleaseCheck['items'] = [
    { key: 'title', ok: title.length > 0 && title !== COURSE_DEFAULT_TITLE },
    { key: 'cover', ok: course.cover.length > 0 },
    { key: 'summary', ok: course.summary.trim().length > 0 },
    { key: 'category', ok: course.category !== null },
    { key: 'lessons', ok: lessons.length > 0 },
    {
      key: 'emptyLessons',
      ok: empty.length === 0,
      lessons: empty.map((l) => ({ lessonId: l.id, title: l.title })),
    },
    { key: 'price', ok: course.price !== null },
  ];
  return { items, ready: items.every((i) => i.ok), warnings: [] };
}

export async function releaseCheck(c: TeamCtx, courseId: number): Promise<ReleaseCheck> {
  const meta = await requireCourse(c, courseId);
  await settleLiveCourse(c.ctx, c.ctx.db, courseId);
  const lessons = await listLessons(c.ctx.db, courseId);
  const titles = lessons.map((l) => ({ lessonId: l.id, title: l.title }));
  // Modules that know something the author should see first provide it (comments: unresolved threads).
  const found = await Promise.all(
    c.ctx.providers
      .all('courses.releaseWarnings')
      .map((source) => source(c.ctx.db, { teamId: c.membership.team.id, courseId }, titles)),
  );
  return { ...checkCourse(meta, lessons), warnings: found.filter((w) => w !== null) };
}

const toRelease = (r: ReleaseRow, releasedBy: string): Release => ({
  releaseId: r.id,
  versionNo: r.versionNo,
  notes: r.notes,
  changelog: r.changelog,
  price: r.price,
  lessonCount: r.snapshot.lessons.length,
  releasedBy,
  createTime: r.createdAt.getTime(),
});

/** Publishes an immutable, numbered snapshot; the draft stays editable and does not change it. */
/** A release's texts: the public line (更新说明) and the internal note (内部备注). */
type ReleaseTexts = { changelog: string; notes: string };

export async function releaseCourse(
  c: TeamCtx,
  courseId: number,
  { changelog, notes }: ReleaseTexts,
): Promise<Release> {
  const first = await requireCourse(c, courseId);
  authorize(c, 'course.release', first.course);
  // The release holds what the authors see: text typed a moment ago is stored first.
  await settleLiveCourse(c.ctx, c.ctx.db, courseId);
  return c.ctx.db.transaction(async (tx) => {
    await lockCourse(tx, courseId);
    const meta = (await findTeamCourse(tx, c.membership.team.id, courseId))!;
    const lessons = await listLessons(tx, courseId);
    if (!checkCourse(meta, lessons).ready) throw new AppError(Code.COURSE_NOT_READY);
    const snapshot = toPreview(meta, c.membership.team.teamName, lessons);
    const row = await insertNextRelease(tx, {
      courseId,
      snapshot,
      notes,
      changelog,
      price: meta.course.price!,
      releasedBy: c.actor.user.id,
    });
    // The draft as of now is the store's version: a later change of it is 有未发布的修改.
    const now = new Date();
    await updateCourse(tx, courseId, {
      status: 'released',
      releasedVersion: row.versionNo,
      releasedAt: now,
      updatedAt: now,
    });
    // The release's attachments are copied with it (modules/attachments sits below courses).
    await releaseAttachments(tx, { courseId, releaseId: row.id });
    // And its exam (课程考试) as it stands: edits after this reach learners with the next release.
    await releaseCourseExam(tx, { courseId, releaseId: row.id });
    await c.ctx.domainEvents.publish(tx, { type: 'course.released', courseId, releaseId: row.id });
    // Each lesson's history keeps the text as released.
    await checkpointCourse(tx, courseId, c.actor.user.id, 'release');
    return toRelease(row, c.actor.user.nickName);
  });
}

export async function unreleaseCourse(c: TeamCtx, courseId: number): Promise<void> {
  const { course } = await requireCourse(c, courseId);
  authorize(c, 'course.release', course);
  if (course.status !== 'released') throw new AppError(Code.COURSE_NOT_RELEASED);
  await c.ctx.db.transaction(async (tx) => {
    await updateCourse(tx, courseId, { status: 'unreleased' });
    await c.ctx.domainEvents.publish(tx, { type: 'course.unreleased', courseId });
  });
}

export async function listReleases(c: TeamCtx, courseId: number): Promise<{ list: Release[] }> {
  await requireCourse(c, courseId);
  const rows = await listCourseReleases(c.ctx.db, courseId);
  const names = await nickNamesOf(
    c.ctx.db,
    rows.map((r) => r.releasedBy),
  );
  // A release whose author is gone is not listed (as the join it replaces had it).
  return {
    list: rows.filter((r) => names.has(r.releasedBy)).map((r) => toRelease(r, names.get(r.releasedBy)!)),
  };
}

async function requireRelease(c: TeamCtx, courseId: number, releaseId: number): Promise<ReleaseRow> {
  const row = await findCourseRelease(c.ctx.db, courseId, releaseId);
  if (!row) throw new AppError(Code.NOT_FOUND);
  return row;
}

/** What changed from one release to another, or to the draft (no `toReleaseId`). */
export async function releaseDiff(
  c: TeamCtx,
  q: { courseId: number; fromReleaseId: number; toReleaseId?: number | undefined },
): Promise<CourseChanges> {
  const meta = await requireCourse(c, q.courseId);
  const from = await requireRelease(c, q.courseId, q.fromReleaseId);
  if (!q.toReleaseId) await settleLiveCourse(c.ctx, c.ctx.db, q.courseId);
  const to = q.toReleaseId
    ? (await requireRelease(c, q.courseId, q.toReleaseId)).snapshot
    : toPreview(meta, c.membership.team.teamName, await listLessons(c.ctx.db, q.courseId));
  return courseChanges(from.snapshot, to);
}

/**
 * Publishes an earlier release again as a new numbered release (releases never change); the store
 * and buyers follow it as any release. The draft is left as it is. Buyers read no line about it
 * unless the author wrote one (`changelog`); the old release's texts are not copied.
 */
export async function rollbackRelease(
  c: TeamCtx,
  body: { courseId: number; releaseId: number } & ReleaseTexts,
): Promise<Release> {
  const { course } = await requireCourse(c, body.courseId);
  authorize(c, 'course.release', course);
  const old = await requireRelease(c, body.courseId, body.releaseId);
  return c.ctx.db.transaction(async (tx) => {
    await lockCourse(tx, body.courseId);
    const row = await insertNextRelease(tx, {
      courseId: body.courseId,
      snapshot: old.snapshot,
      notes: body.notes,
      changelog: body.changelog,
      price: old.price,
      releasedBy: c.actor.user.id,
    });
    // The store's version is now older text than the draft's: 有未发布的修改 until the next release.
    const { updatedAt } = course;
    await updateCourse(tx, body.courseId, {
      status: 'released',
      releasedVersion: row.versionNo,
      releasedAt: null,
      updatedAt,
    });
    await releaseAttachments(tx, { courseId: body.courseId, releaseId: row.id, fromReleaseId: old.id });
    await releaseCourseExam(tx, { courseId: body.courseId, releaseId: row.id, fromReleaseId: old.id });
    await c.ctx.domainEvents.publish(tx, {
      type: 'course.released',
      courseId: body.courseId,
      releaseId: row.id,
      fromReleaseId: old.id,
    });
    return toRelease(row, c.actor.user.nickName);
  });
}

/**
 * Resets the draft to a release: the course's details and, for each of the release's lessons, its
 * title, text, settings and place (a lesson deleted since is added again). Each lesson's history
 * keeps the draft as it was, and the reset text as a `restore` revision; the draft's lessons that the
 * release does not have are kept after them (nothing is deleted). Everything becomes a new version,
 * so an editor still open on the old text gets 409.
 */
export async function resetDraft(c: TeamCtx, body: { courseId: number; releaseId: number }): Promise<void> {
  const { course } = await requireCourse(c, body.courseId);
  authorize(c, 'course.edit', course);
  const { snapshot, versionNo } = await requireRelease(c, body.courseId, body.releaseId);
  const released = snapshot.lessons.map((l) => ({ ...l, content: checkedContent(l.content) }));
  await c.ctx.db.transaction(async (tx) => {
    await lockCourse(tx, body.courseId);
    await checkpointCourse(tx, body.courseId, c.actor.user.id, 'edit');
    const { title, subtitle, summary, cover, category, tags, price, completion } = snapshot;
    await setCourseFields(tx, body.courseId, {
      title,
      subtitle,
      summary,
      cover,
      category,
      tags,
      price,
      ...(completion ? { completion } : {}),
    });
    const draft = await listLessons(tx, body.courseId);
    const reset: number[] = [];
    for (const [i, l] of released.entries()) {
      const fields = {
        title: l.title,
        content: l.content,
        durationMin: l.durationMin,
        freePreview: l.freePreview,
      };
      if (draft.some((d) => d.id === l.lessonId)) {
        await setLessonFields(tx, l.lessonId, { ...fields, position: i + 1 });
        reset.push(l.lessonId);
      } else {
        const added = await insertLesson(tx, { courseId: body.courseId, ...fields });
        await setPosition(tx, added.id, i + 1);
        reset.push(added.id);
      }
    }
    const kept = draft.filter((d) => !reset.includes(d.id));
    for (const [i, d] of kept.entries()) await setPosition(tx, d.id, released.length + i + 1);
    await checkpointLessons(tx, reset, c.actor.user.id, 'restore');
    // Reset to the store's own version with no extra lesson, the draft is that version again: no
    // 有未发布的修改.
    if (versionNo === course.releasedVersion && kept.length === 0) {
      const now = new Date();
      await updateCourse(tx, body.courseId, { releasedAt: now, updatedAt: now });
    }
  });
}
