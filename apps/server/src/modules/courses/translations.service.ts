/**
 * Translations of a course (AI 翻译): what a translation job reads of its source (a snapshot and its
 * hash), the translated course's texts it writes, and the links both ways the course pages show.
 */
import { createHash } from 'node:crypto';
import { cleanText, type DocNode } from '@studio/contract';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { courses, lessons } from '../../db/schema.ts';
import { listLessons } from './lessons.repo.ts';

export type CourseContent = {
  title: string;
  subtitle: string;
  summary: string;
  lessons: { title: string; content: DocNode }[];
};

/** A course's texts and lessons in order, as a translation starts from them. */
export async function readCourseContent(db: Db, courseId: number): Promise<CourseContent | undefined> {
  const [course] = await db.select().from(courses).where(eq(courses.id, courseId));
  if (!course) return undefined;
  const rows = await listLessons(db, courseId);
  return {
    title: course.title,
    subtitle: course.subtitle,
    summary: course.summary,
    lessons: rows.map((l) => ({ title: l.title, content: l.content })),
  };
}

/** What "the source changed after the translation" compares: its texts and lessons, not its settings. */
export const contentHash = (content: CourseContent): string =>
  createHash('sha256').update(JSON.stringify(content)).digest('hex');

/** The translated course's own title, subtitle and summary (written with its first lesson). */
export async function writeTranslatedCourseTexts(
  db: Db,
  courseId: number,
  texts: { title: string; subtitle: string; summary: string },
): Promise<void> {
  const title = cleanText(texts.title).slice(0, 120);
  await db
    .update(courses)
    .set({
      ...(title ? { title } : {}),
      subtitle: cleanText(texts.subtitle).slice(0, 240),
      summary: cleanText(texts.summary),
      updatedAt: new Date(),
    })
    .where(eq(courses.id, courseId));
}

/** A translated lesson's title (a language may need more characters than the source: cut at the column's). */
export async function writeTranslatedLessonTitle(db: Db, lessonId: number, title: string): Promise<void> {
  const clean = cleanText(title).trim().slice(0, 120);
  if (clean) await db.update(lessons).set({ title: clean }).where(eq(lessons.id, lessonId));
}

export type TranslationRow = {
  courseId: number;
  title: string;
  language: string;
  createdAt: Date;
  sourceHash: string;
};

/** The team's live translations of a course, oldest first. */
export async function translationsOf(db: Db, teamId: number, courseId: number): Promise<TranslationRow[]> {
  const rows = await db
    .select({
      courseId: courses.id,
      title: courses.title,
      language: courses.translationLanguage,
      createdAt: courses.createdAt,
      sourceHash: courses.translationSourceHash,
    })
    .from(courses)
    .where(
      and(
        eq(courses.translatedFromCourseId, courseId),
        eq(courses.teamId, teamId),
        isNull(courses.deletedAt),
      ),
    )
    .orderBy(asc(courses.id));
  return rows.map((r) => ({ ...r, language: r.language ?? '', sourceHash: r.sourceHash ?? '' }));
}
