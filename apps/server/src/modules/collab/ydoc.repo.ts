import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { lessonYdoc } from '../../db/schema.ts';

export async function findYState(db: Db, lessonId: number): Promise<Uint8Array | undefined> {
  const [row] = await db
    .select({ state: lessonYdoc.state })
    .from(lessonYdoc)
    .where(eq(lessonYdoc.lessonId, lessonId));
  return row?.state;
}

/**
 * Keeps the first seeded state of a lesson: false when another process (or connection) stored one
 * first, whose state is then the one to use.
 */
export async function insertSeedState(db: Db, lessonId: number, state: Uint8Array): Promise<boolean> {
  const rows = await db
    .insert(lessonYdoc)
    .values({ lessonId, state, size: state.byteLength })
    .onConflictDoNothing()
    .returning({ lessonId: lessonYdoc.lessonId });
  return rows.length > 0;
}

export async function upsertYState(db: Db, lessonId: number, state: Uint8Array): Promise<void> {
  await db
    .insert(lessonYdoc)
    .values({ lessonId, state, size: state.byteLength })
    .onConflictDoUpdate({
      target: lessonYdoc.lessonId,
      set: { state, size: state.byteLength, updatedAt: sql`now()` },
    });
}
