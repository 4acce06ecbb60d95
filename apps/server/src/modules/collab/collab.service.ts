import type { LessonPresence } from '@studio/contract';
import type { TeamCtx } from '../../platform/auth.ts';
import { courseLessonIds } from '../courses/index.ts';
import type { PresenceStore } from './presence.ts';

/** The course's lessons with someone connected (another team's course: not found). */
export async function coursePresence(
  c: TeamCtx,
  presence: PresenceStore,
  courseId: number,
): Promise<LessonPresence> {
  const ids = await courseLessonIds(c, courseId);
  const byLesson = await presence.ofCourse(courseId);
  return {
    lessons: ids
      .filter((id) => (byLesson.get(id)?.length ?? 0) > 0)
      .map((lessonId) => ({ lessonId, users: byLesson.get(lessonId)! })),
  };
}
