/**
 * The store module's face: the only file other modules import from modules/store. Courses asks
 * whether a course is paid before a share may copy it, and what a course's deletion must withdraw;
 * the public pages render the store's pages; the notification centre (which handles the store's
 * events, so cannot import it) asks who bought a course through `register`'s provider.
 */
import type { AppContext } from '../../platform/context.ts';
import { courseBuyers } from './course-buyers.ts';

export { isPaidCourse } from './pricing.ts';
export { ordersOfCourse, withdrawFromCarts } from './course-deletion.service.ts';
export { releasedLessonFacts, storeCourse, storeListJson } from './catalog.service.ts';

/** The store's providers: a sold course's buyers, for notices of its new releases. */
export function register(ctx: AppContext): void {
  ctx.providers.provide('store.courseBuyers', (tx, courseId) => courseBuyers(tx, courseId));
}
