/**
 * Reads of a lesson's text that must see what was just typed in the live editor: the live document is
 * stored COLLAB_STORE_DEBOUNCE_MS after typing stops, so a release, its check, a preview or a detail
 * read first has this process store what its open documents hold (`liveLessons.flush`). A document open
 * only in another process (several processes with Redis) is stored by that process on its own clock.
 */
import type { Db } from '../../db/client.ts';
import type { AppContext } from '../../platform/context.ts';
import { listLessons } from './lessons.repo.ts';

export async function settleLiveLessons(ctx: AppContext, lessonIds: readonly number[]): Promise<void> {
  if (ctx.liveLessons && lessonIds.length > 0) await ctx.liveLessons.flush(lessonIds);
}

/** The course's lessons open live in this process, stored now; no query while none is open. */
export async function settleLiveCourse(ctx: AppContext, db: Db, courseId: number): Promise<void> {
  const open = new Set(ctx.liveLessons?.openLessonIds());
  if (open.size === 0) return;
  const ids = (await listLessons(db, courseId)).map((l) => l.id).filter((id) => open.has(id));
  await settleLiveLessons(ctx, ids);
}
