/**
 * Store rules other modules apply without calling a store service (eslint: another module is reached
 * through its services or this index). Courses asks whether a course is paid before a share may copy it.
 */
export { isPaidCourse } from './pricing.ts';
