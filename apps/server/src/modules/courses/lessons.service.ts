import {
  cleanText,
  Code,
  sanitizeDoc,
  COURSE_LIMITS,
  emptyDoc,
  type DocNode,
  type Lesson,
} from '@studio/contract';
import type { Db } from '../../db/client.ts';
import { type TeamCtx } from '../../platform/auth.ts';
import { AppError } from '../../platform/errors.ts';
import { authorize } from '../../platform/policy.ts';
import { toLessonSummary } from './course.presenter.ts';
import { lockCourse, updateCourse } from './courses.repo.ts';
import { checkpointLesson } from './lesson-history.repo.ts';
import { requireCourse } from './courses.service.ts';
import { settleLiveLessons } from './live-text.ts';
import {
  deleteLesson,
  findTeamLesson,
  findTeamLessonOwner,
  findTeamLessonPlaces,
  insertLesson,
  listLessons,
  saveLessonAt,
  setLessonContent,
  setPosition,
} from './lessons.repo.ts';

export async function requireLesson(c: TeamCtx, lessonId: number) {
  const found = await findTeamLesson(c.ctx.db, c.membership.team.id, lessonId);
  if (!found) throw new AppError(Code.NOT_FOUND);
  return found;
}

const toLesson = (found: Awaited<ReturnType<typeof requireLesson>>): Lesson => ({
  ...toLessonSummary(found.lesson),
  courseId: found.course.id,
  content: found.lesson.content,
});

/** Content over the size limit; the AI worker tells it apart from a provider failure. */
export class LessonTooLargeError extends AppError {
  constructor() {
    super(Code.LESSON_CONTENT_TOO_LARGE, { params: { kb: COURSE_LIMITS.contentMaxBytes / 1024 } });
  }
}

/**
 * The one rule for content the server stores, whoever wrote it (a person's save or a generated
 * lesson): the sanitizer's whitelist, then the size limit measured on what would be stored.
 */
export function checkedContent(content: DocNode): DocNode {
  const clean = sanitizeDoc(content);
  if (Buffer.byteLength(JSON.stringify(clean)) > COURSE_LIMITS.contentMaxBytes) {
    throw new LessonTooLargeError();
  }
  return clean;
}

/**
 * Writes generated content into a lesson the AI job created, as a new version. AI output is untrusted
 * input, so it passes the same check as a person's save; an oversized lesson throws
 * LessonTooLargeError and nothing is written.
 */
export async function writeGeneratedLesson(db: Db, lessonId: number, content: DocNode): Promise<void> {
  const clean = checkedContent(content);
  await db.transaction(async (tx) => {
    await setLessonContent(tx, lessonId, clean);
    await checkpointLesson(tx, lessonId, null, 'generated');
  });
}

export async function createLesson(c: TeamCtx, courseId: number, title = '新课时'): Promise<Lesson> {
  const { course } = await requireCourse(c, courseId);
  authorize(c, 'course.edit', course);
  const lesson = await c.ctx.db.transaction(async (tx) => {
    await lockCourse(tx, courseId);
    if ((await listLessons(tx, courseId)).length >= COURSE_LIMITS.lessonsMax) {
      throw new AppError(Code.LESSONS_LIMIT, { params: { max: COURSE_LIMITS.lessonsMax } });
    }
    const created = await insertLesson(tx, { courseId, title: cleanText(title), content: emptyDoc() });
    await updateCourse(tx, courseId, {});
    return created;
  });
  return toLesson({ lesson, course });
}

/** The team's lesson's course and the course's author (else 404), without reading its content. */
export async function lessonOwner(
  c: TeamCtx,
  lessonId: number,
): Promise<{ lessonId: number; courseId: number; authorId: number }> {
  const found = await findTeamLessonOwner(c.ctx.db, c.membership.team.id, lessonId);
  if (!found) throw new AppError(Code.NOT_FOUND);
  return { lessonId, ...found };
}

/** Titles of the team's lessons and their courses, by lesson id (others' and deleted ones left out). */
export const lessonPlaces = (c: TeamCtx, lessonIds: number[]) =>
  lessonIds.length === 0
    ? Promise.resolve([])
    : findTeamLessonPlaces(c.ctx.db, c.membership.team.id, lessonIds);

export async function lessonDetail(c: TeamCtx, lessonId: number): Promise<Lesson> {
  // Storing a pending live text early is harmless whoever asks; the read below decides what they see.
  await settleLiveLessons(c.ctx, [lessonId]);
  return toLesson(await requireLesson(c, lessonId));
}

/** Saves on the version the editor started from; a stale version answers 409 and changes nothing. */
export async function saveLesson(
  c: TeamCtx,
  body: {
    lessonId: number;
    version: number;
    title?: string;
    content?: DocNode;
    durationMin?: number;
    freePreview?: boolean;
  },
) {
  const owner = await findTeamLessonOwner(c.ctx.db, c.membership.team.id, body.lessonId);
  if (!owner) throw new AppError(Code.NOT_FOUND);
  authorize(c, 'course.edit', owner);
  const { lessonId, version, ...fields } = body;
  const patch = {
    ...fields,
    ...(fields.title !== undefined ? { title: cleanText(fields.title) } : {}),
    ...(fields.content !== undefined ? { content: checkedContent(fields.content) } : {}),
  };
  // The save and its revision (the author's open one, or a new one): one statement.
  const row = await saveLessonAt(c.ctx.db, lessonId, owner.courseId, version, patch, c.actor.user.id);
  if (!row) throw new AppError(Code.CONFLICT);
  // Editors connected live get the saved text as an ordinary change (their next store keeps it).
  if (patch.content) await c.ctx.providers.one('collab.liveLessons')?.replaceContent(lessonId, patch.content);
  return { version: row.version, updateTime: row.updatedAt.getTime() };
}

export async function reorderLessons(c: TeamCtx, courseId: number, lessonIds: number[]) {
  const { course } = await requireCourse(c, courseId);
  authorize(c, 'course.edit', course);
  await c.ctx.db.transaction(async (tx) => {
    await lockCourse(tx, courseId);
    const current = (await listLessons(tx, courseId)).map((l) => l.id);
    const same =
      current.length === lessonIds.length &&
      new Set(lessonIds).size === lessonIds.length &&
      lessonIds.every((id) => current.includes(id));
    if (!same) throw new AppError(Code.LESSON_LIST_CHANGED);
    for (const [i, id] of lessonIds.entries()) await setPosition(tx, id, i + 1);
    await updateCourse(tx, courseId, {});
  });
  return (await listLessons(c.ctx.db, courseId)).map(toLessonSummary);
}

export async function duplicateLesson(c: TeamCtx, lessonId: number): Promise<Lesson> {
  const found = await requireLesson(c, lessonId);
  authorize(c, 'course.edit', found.course);
  const { lesson } = found;
  const copy = await insertLesson(c.ctx.db, {
    courseId: found.course.id,
    title: `${lesson.title} 副本`.slice(0, COURSE_LIMITS.lessonTitleMax),
    content: lesson.content,
    durationMin: lesson.durationMin,
    freePreview: lesson.freePreview,
  });
  return toLesson({ lesson: copy, course: found.course });
}

export async function removeLesson(c: TeamCtx, lessonId: number): Promise<void> {
  const found = await requireLesson(c, lessonId);
  authorize(c, 'course.edit', found.course);
  await deleteLesson(c.ctx.db, lessonId);
  await updateCourse(c.ctx.db, found.course.id, {});
}
