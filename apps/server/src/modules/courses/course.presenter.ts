import type { Course, CoursePreview, LessonSummary } from '@studio/contract';
import type { LessonRow } from '../../db/schema.ts';
import { type Who } from '../../platform/policy.ts';
import { courseAbilitiesOf } from '../../platform/abilities.ts';
import type { CourseWithMeta } from './courses.repo.ts';

export const toLessonSummary = (l: LessonRow): LessonSummary => ({
  lessonId: l.id,
  title: l.title,
  position: l.position,
  durationMin: l.durationMin,
  freePreview: l.freePreview,
  version: l.version,
  updateTime: l.updatedAt.getTime(),
});

export function toCourse({ course, authorName, lessonCount }: CourseWithMeta, who: Who): Course {
  return {
    courseId: course.id,
    teamId: course.teamId,
    title: course.title,
    subtitle: course.subtitle,
    summary: course.summary,
    cover: course.cover,
    category: course.category,
    tags: course.tags,
    price: course.price,
    completion: course.completion,
    status: course.status,
    version: course.version,
    releasedVersion: course.releasedVersion,
    unreleasedChanges:
      course.releasedVersion !== null &&
      (course.releasedAt === null || course.updatedAt.getTime() > course.releasedAt.getTime()),
    authorId: course.authorId,
    authorName,
    lessonCount,
    createTime: course.createdAt.getTime(),
    updateTime: course.updatedAt.getTime(),
    abilities: courseAbilitiesOf(who, course),
  };
}

export function toPreview(meta: CourseWithMeta, teamName: string, lessons: LessonRow[]): CoursePreview {
  const { course } = meta;
  return {
    courseId: course.id,
    title: course.title,
    subtitle: course.subtitle,
    summary: course.summary,
    cover: course.cover,
    category: course.category,
    tags: course.tags,
    price: course.price,
    completion: course.completion,
    teamName,
    authorName: meta.authorName,
    lessons: lessons.map((l) => ({ ...toLessonSummary(l), content: l.content })),
  };
}
