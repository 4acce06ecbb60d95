/**
 * Copying a course, written once. Duplicating one of the team's courses (/course/duplicate) and saving
 * a copy from a share (/share/copy) both come here, so a copy is made the same way whichever path made it:
 *
 * - a new draft of the target team, written by the actor, with the source's details, completion
 *   settings and lessons (in order, free-preview flags kept);
 * - the title (with the caller's suffix, " 副本" for a duplicate) cut to the course title limit (60),
 *   the most the course form accepts, so the copy can be edited and saved as it is;
 * - the source's draft price. A duplicate stays the seller's own course at the price they set (a draft
 *   sells nothing until released). A share is copied only when the course is free (`isPaidCourse`
 *   refuses a draft or released price above 0), so a share copy's price is always free as well: nobody
 *   receives a priced course from a share, and pricing it is the new team's own decision.
 */
import { COURSE_LIMITS } from '@studio/contract';
import type { Db } from '../../db/client.ts';
import type { CourseRow } from '../../db/schema.ts';
import { insertCourse } from './courses.repo.ts';
import { insertLesson, listLessons } from './lessons.repo.ts';

/** Cut to `max` UTF-16 units without leaving half of a surrogate pair (an emoji) at the end. */
export function cutTitle(title: string, max: number = COURSE_LIMITS.titleMax): string {
  if (title.length <= max) return title;
  const cut = title.slice(0, max);
  return /[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut;
}

export async function copyCourse(
  db: Db,
  source: CourseRow,
  into: { teamId: number; authorId: number },
  titleSuffix = '',
): Promise<{ course: CourseRow; lessonCount: number }> {
  return db.transaction(async (tx) => {
    const lessons = await listLessons(tx, source.id);
    const course = await insertCourse(tx, {
      teamId: into.teamId,
      authorId: into.authorId,
      title: cutTitle(`${source.title}${titleSuffix}`),
      subtitle: source.subtitle,
      summary: source.summary,
      cover: source.cover,
      category: source.category,
      tags: source.tags,
      price: source.price,
      completion: source.completion,
    });
    for (const l of lessons) {
      await insertLesson(tx, {
        courseId: course.id,
        title: l.title,
        content: l.content,
        durationMin: l.durationMin,
        freePreview: l.freePreview,
      });
    }
    return { course, lessonCount: lessons.length };
  });
}
