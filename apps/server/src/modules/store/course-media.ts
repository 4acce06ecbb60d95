/**
 * A course's total duration in the store (共 1 小时 20 分钟 on its card and buy page): the durations of
 * the video and audio its released lessons hold, each media once, the course's own team's only
 * (a block naming another team's media plays nothing, so counts nothing). The media module answers
 * the durations through the `media.durations` provider (platform/providers.ts). Which media a release names never changes (a
 * release is never edited), so it is kept in memory by course and version.
 */
import { LRUCache } from 'lru-cache';
import { mediaIdsOf, type CoursePreview } from '@studio/contract';
import type { AppContext } from '../../platform/context.ts';
import { releaseMediaIds } from './catalog.repo.ts';

type ReleaseMedia = { teamId: number; mediaIds: number[] };

/** Tests run several apps on several databases in one process: course ids repeat between them. */
const caches = new WeakMap<AppContext, LRUCache<string, ReleaseMedia>>();
const cacheOf = (ctx: AppContext) => {
  let cache = caches.get(ctx);
  if (!cache) caches.set(ctx, (cache = new LRUCache<string, ReleaseMedia>({ max: 5_000 })));
  return cache;
};
const keyOf = (r: { courseId: number; versionNo: number }) => `${r.courseId}:${r.versionNo}`;

/** The sum of the media's durations, or null when the course has no media with a known duration. */
async function totalOf(ctx: AppContext, teamId: number, ids: number[]): Promise<number | null> {
  if (ids.length === 0) return null;
  const durations = (await ctx.providers.one('media.durations')?.(teamId, ids)) ?? new Map<number, number>();
  if (durations.size === 0) return null;
  return [...durations.values()].reduce((a, b) => a + b, 0);
}

/** The buy page's course: its snapshot is at hand. */
export function snapshotMediaMs(ctx: AppContext, teamId: number, snapshot: CoursePreview) {
  const ids = [...new Set(snapshot.lessons.flatMap((l) => mediaIdsOf(l.content)))];
  return totalOf(ctx, teamId, ids);
}

/** Each card's course duration (by course id), the cards' releases read once and then kept. */
export async function cardsMediaMs(
  ctx: AppContext,
  cards: readonly { courseId: number; versionNo: number }[],
): Promise<Map<number, number | null>> {
  const cache = cacheOf(ctx);
  const missing = cards.filter((c) => !cache.has(keyOf(c)));
  for (const r of await releaseMediaIds(
    ctx.db,
    missing.map(({ courseId, versionNo }) => ({ courseId, versionNo })),
  )) {
    cache.set(keyOf(r), { teamId: r.teamId, mediaIds: r.mediaIds });
  }
  const totals = await Promise.all(
    cards.map(async (card) => {
      const media = cache.get(keyOf(card));
      return [card.courseId, media ? await totalOf(ctx, media.teamId, media.mediaIds) : null] as const;
    }),
  );
  return new Map(totals);
}
