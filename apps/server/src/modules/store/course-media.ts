/**
 * A course's total duration in the store (共 1 小时 20 分钟 on its card and buy page): the durations of
 * the video and audio its released lessons hold, each media once, the course's own team's only
 * (a block naming another team's media plays nothing, so counts nothing). The media module answers
 * the durations through the `media.durations` provider (platform/providers.ts). Which media a release
 * names never changes (a release is never edited): the store's listing hands them to the search with
 * the rest of the card (`searchListing`), so a page of cards brings its media ids with it.
 */
import { mediaIdsOf, type CoursePreview } from '@studio/contract';
import type { AppContext } from '../../platform/context.ts';

/** The sum of the media's durations, or null when the course has no media with a known duration. */
async function totalOf(ctx: AppContext, teamId: number, ids: number[]): Promise<number | null> {
  if (ids.length === 0) return null;
  const durations = (await ctx.providers.one('media.durations')?.(teamId, ids)) ?? new Map<number, number>();
  if (durations.size === 0) return null;
  return [...durations.values()].reduce((a, b) => a + b, 0);
}

/** The media a release's lessons show, each once. */
export const snapshotMediaIds = (snapshot: CoursePreview): number[] => [
  ...new Set(snapshot.lessons.flatMap((l) => mediaIdsOf(l.content))),
];

/** The buy page's course: its snapshot is at hand. */
export function snapshotMediaMs(ctx: AppContext, teamId: number, snapshot: CoursePreview) {
  return totalOf(ctx, teamId, snapshotMediaIds(snapshot));
}

/** Each card's course duration (by course id), from the media ids its search document carries. */
export async function cardsMediaMs(
  ctx: AppContext,
  cards: readonly { courseId: number; teamId: number; mediaIds: number[] }[],
): Promise<Map<number, number | null>> {
  const totals = await Promise.all(
    cards.map(async (card) => [card.courseId, await totalOf(ctx, card.teamId, card.mediaIds)] as const),
  );
  return new Map(totals);
}
