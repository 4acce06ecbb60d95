/**
 * Reads of a lesson's text that must see what was just typed in the live editor: the live document is
 * stored COLLAB_STORE_DEBOUNCE_MS after typing stops, so a release, its check, a preview or a detail
 * read first has the processes that hold those documents store them (`liveLessons.flush`: this one,
 * and with Redis the others, asked over pub/sub). Collab provides them (`collab.liveLessons`, its
 * face's `register`): collab reads lessons, so lessons cannot import it.
 */
import type { Db } from '../../db/client.ts';
import type { AppContext } from '../../platform/context.ts';
import { listLessons } from './lessons.repo.ts';

export async function settleLiveLessons(ctx: AppContext, lessonIds: readonly number[]): Promise<void> {
  const live = ctx.providers.one('collab.liveLessons');
  if (live && lessonIds.length > 0) await live.flush(lessonIds);
}

/** The course's lessons open live (here, or on another process), stored now; no query while none is. */
export async function settleLiveCourse(ctx: AppContext, db: Db, courseId: number): Promise<void> {
  const live = ctx.providers.one('collab.liveLessons');
  if (!live) return;
  const open = new Set([...live.openLessonIds(), ...(await live.openElsewhere(courseId))]);
  if (open.size === 0) return;
  const ids = (await listLessons(db, courseId)).map((l) => l.id).filter((id) => open.has(id));
  await settleLiveLessons(ctx, ids);
}
