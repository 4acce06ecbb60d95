/**
 * The store module's face: the only file other modules import from modules/store (modules/media and
 * modules/attachments still reach catalog.service.ts until their rework). Courses asks whether a
 * course is paid before a share may copy it, and what a course's deletion must withdraw; the public
 * pages render the store's pages.
 */
export { isPaidCourse } from './pricing.ts';
export { ordersOfCourse, withdrawFromCarts } from './course-deletion.service.ts';
export { releasedLessonFacts, storeCourse, storeListJson } from './catalog.service.ts';
export { courseBuyers } from './course-buyers.ts';
