/**
 * The learning module's face: the only file other modules import from modules/learning. The store
 * revokes certificates a refund took away; the public pages show one by its code; learning tasks
 * (training) read which courses a team may assign and who completed them; a course exam (exams)
 * asks which release a team reads.
 */
import type { AppContext } from '../../platform/context.ts';
import { settleAfterExam } from './lesson-completion.ts';

export { revokeLostCertificates, viewCertificate } from './certificates.service.ts';
export { learnableRelease } from './learnable-course.ts';

/** A pass at a course's exam (exams' `exam.graded`) completes the course whose lessons were done. */
export function subscribeLearning(ctx: AppContext): void {
  ctx.domainEvents.on('exam.graded', (db, e) => settleAfterExam(ctx, db, e));
}
export {
  completedCourses,
  courseHoldingsOf,
  courseLessonProgress,
  teamCompletedCourses,
  type CourseHolding,
  type CourseLessonProgress,
} from './learning.service.ts';
