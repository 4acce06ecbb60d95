/**
 * What courses answers modules below it about a team's lessons, courses and live shares (the
 * provider `courses.lessonGate`, platform/providers.ts): attachments and exams sit below courses (a
 * release copies their lists and its exam), so they ask here instead of importing courses.
 */
import type { AppContext } from '../../platform/context.ts';
import { requireCourse } from './courses.service.ts';
import { requireLesson } from './lessons.service.ts';
import { sharedCourse } from './shares.service.ts';

export function registerCourses(ctx: AppContext): void {
  ctx.providers.provide('courses.lessonGate', {
    async lessonOfTeam(c, lessonId) {
      const { course } = await requireLesson(c, lessonId);
      return { lessonId, course };
    },
    sharedCourse,
    async courseOfTeam(c, courseId) {
      return (await requireCourse(c, courseId)).course;
    },
  });
}
