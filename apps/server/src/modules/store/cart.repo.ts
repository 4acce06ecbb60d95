import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { cartItems } from '../../db/schema.ts';

const mine = (userId: number, teamId: number) =>
  and(eq(cartItems.userId, userId), eq(cartItems.teamId, teamId));

export async function cartRows(db: Db, userId: number, teamId: number) {
  return db.select().from(cartItems).where(mine(userId, teamId)).orderBy(cartItems.createdAt);
}

export async function addCartItem(db: Db, userId: number, teamId: number, courseId: number): Promise<void> {
  await db.insert(cartItems).values({ userId, teamId, courseId }).onConflictDoNothing();
}

export async function removeCartItems(
  db: Db,
  userId: number,
  teamId: number,
  courseIds: number[],
): Promise<void> {
  if (courseIds.length === 0) return;
  await db.delete(cartItems).where(and(mine(userId, teamId), inArray(cartItems.courseId, courseIds)));
}

/** A course deleted by its team leaves every cart. */
export async function removeCourseFromCarts(db: Db, courseId: number): Promise<void> {
  await db.delete(cartItems).where(eq(cartItems.courseId, courseId));
}

export async function selectCartItems(
  db: Db,
  userId: number,
  teamId: number,
  courseIds: number[],
  selected: boolean,
) {
  if (courseIds.length === 0) return;
  await db
    .update(cartItems)
    .set({ selected })
    .where(and(mine(userId, teamId), inArray(cartItems.courseId, courseIds)));
}
