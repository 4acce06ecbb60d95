/**
 * What courses answers modules below it about a team's lessons and live shares (the provider
 * `courses.lessonGate`, platform/providers.ts): attachments sits below courses (a release copies its
 * list), so it asks here instead of importing courses.
 */
import type { AppContext } from '../../platform/context.ts';
import { requireLesson } from './lessons.service.ts';
import { sharedCourse } from './shares.service.ts';

export function registerCourses(ctx: AppContext): void {
  ctx.providers.provide('courses.lessonGate', {
    async lessonOfTeam(c, lessonId) {
      const { course } = await requireLesson(c, lessonId);
      return { lessonId, course };
    },
    sharedCourse,
  });
}
