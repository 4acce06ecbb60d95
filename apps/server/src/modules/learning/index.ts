/**
 * The learning module's face: the only file other modules import from modules/learning. The store
 * revokes certificates a refund took away; the public pages show one by its code; learning tasks
 * (training) read which courses a team may assign and who completed them.
 */
export { revokeLostCertificates, viewCertificate } from './certificates.service.ts';
export {
  completedCourses,
  courseHoldingsOf,
  courseLessonProgress,
  teamCompletedCourses,
  type CourseHolding,
  type CourseLessonProgress,
} from './learning.service.ts';
