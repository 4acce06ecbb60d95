/**
 * The store's side of a seller deleting a course (courses.service `removeCourse`), so the courses
 * module reaches the store's tables only through here: whether orders name the course, and its carts.
 */
import type { Db } from '../../db/client.ts';
import { removeCourseFromCarts } from './cart.repo.ts';
import { courseOrderState } from './orders.repo.ts';

/** Whether any order names the course, and whether one of them awaits payment now. */
export function ordersOfCourse(
  db: Db,
  courseId: number,
): Promise<{ ordered: boolean; awaitingPayment: boolean }> {
  return courseOrderState(db, courseId);
}

/** A deleted course leaves every cart (its orders keep their lines). */
export function withdrawFromCarts(db: Db, courseId: number): Promise<void> {
  return removeCourseFromCarts(db, courseId);
}
