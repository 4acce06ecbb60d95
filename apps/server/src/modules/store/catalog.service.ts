import {
  Code,
  envelope,
  storeListPageSchema,
  storeSortOf,
  type StoreCard,
  type StoreChangelog,
  type StoreCourse,
  type StoreListPage,
  type StoreListQuery,
  type DocNode,
  stripQuizKeys,
} from '@studio/contract';
import { PgStoreSearch, type ListingSource, type StoreSearch } from '../search/index.ts';
import type { Actor } from '../../platform/auth.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { canReadLesson, canViewListing } from '../../platform/lesson-rights.ts';
import { ok } from '../../platform/reply.ts';
import type { Membership } from '../../platform/membership.ts';
import { TtlCache } from '../../platform/cache.ts';
import { findLatestRelease, isInCart, isOwned, listReleaseNotes, type ListedCourse } from './catalog.repo.ts';
import { cardsMediaMs, snapshotMediaIds, snapshotMediaMs } from './course-media.ts';

export const toCard = (l: ListedCourse): StoreCard => ({
  courseId: l.courseId,
  title: l.release.snapshot.title,
  subtitle: l.release.snapshot.subtitle,
  cover: l.release.snapshot.cover,
  category: l.category,
  teamName: l.teamName,
  price: l.release.price,
  lessonCount: l.release.snapshot.lessons.length,
  sales: l.sales,
  versionNo: l.release.versionNo,
  releaseTime: l.release.createdAt.getTime(),
});

type StoreQuery = StoreListQuery;

/** A course's store version as the search indexes it (app.ts hands it to modules/search). */
export const searchListing: ListingSource = async (db, courseId) => {
  const src = await findLatestRelease(db, courseId);
  if (!src) return undefined;
  const { release } = src;
  const { snapshot } = release;
  return {
    listed: src.listed,
    teamId: src.teamId,
    teamName: src.teamName,
    sales: src.sales,
    price: release.price,
    versionNo: release.versionNo,
    releasedAt: release.createdAt,
    title: snapshot.title,
    subtitle: snapshot.subtitle,
    cover: snapshot.cover,
    tags: snapshot.tags ?? [],
    category: snapshot.category ?? null,
    summary: snapshot.summary,
    lessonTitles: snapshot.lessons.map((l) => l.title),
    mediaIds: snapshotMediaIds(snapshot),
  };
};

const searches = new WeakMap<AppContext, StoreSearch>();
/** The store's search engine: PostgreSQL, reading where ctx.searchDb points (a replica, if set). */
export function storeSearch(ctx: AppContext): StoreSearch {
  let search = searches.get(ctx);
  if (!search) searches.set(ctx, (search = new PgStoreSearch(ctx.searchDb, ctx.searchGenericDb)));
  return search;
}

/** A page of the store: the search's cards, each with its course's duration (course-media.ts). */
export async function listStore(ctx: AppContext, q: StoreQuery): Promise<StoreListPage> {
  const page = await storeSearch(ctx).list({ ...q, sort: storeSortOf(q) });
  const mediaMs = await cardsMediaMs(ctx, page.list);
  return {
    ...page,
    list: page.list.map(({ teamId: _, mediaIds: __, ...card }) => ({
      ...card,
      mediaMs: mediaMs.get(card.courseId) ?? null,
    })),
  };
}

/**
 * The catalog is the same for every viewer: pages are kept a few seconds per process, as the
 * response body itself (checked against the response schema once, when made), and any release,
 * unrelease, sale, category or team-name change empties them everywhere (platform/cache.ts). The
 * search is built to answer fast without it (modules/search); the cache spares the popular pages.
 */
const STORE_CACHE = { ttlMs: 10_000, max: 2_000 };
const storeCaches = new WeakMap<AppContext, TtlCache<string>>();
const storeListResponse = envelope(storeListPageSchema);

export async function storeListJson(ctx: AppContext, q: StoreQuery): Promise<string> {
  let cache = storeCaches.get(ctx);
  if (!cache) storeCaches.set(ctx, (cache = new TtlCache(ctx.db, 'store', STORE_CACHE)));
  const key = [q.keyword, q.category ?? '', storeSortOf(q), q.pageNum, q.pageSize].join('\u0000');
  return cache.get(key, async () => JSON.stringify(storeListResponse.parse(ok(await listStore(ctx, q)))));
}

/**
 * The buy page of the latest release, for anyone (the embeddable preview works logged out). Locked
 * lessons come without content unless the viewer's current team owns the course. Once unlisted (下架)
 * only the course's own team and the teams that bought it still see it (they keep what they bought);
 * anyone else gets 404.
 */
type Viewer = { actor: Actor; membership: Membership } | null;

/** The latest release when the viewer may see the course's buy page (else 404), and what they hold. */
async function viewableRelease(ctx: AppContext, viewer: Viewer, courseId: number) {
  const listed = await findLatestRelease(ctx.db, courseId);
  if (!listed) throw new AppError(Code.NOT_FOUND);
  const teamId = viewer?.membership.team.id;
  const ownTeam = teamId !== undefined && listed.teamId === teamId;
  const owned = ownTeam || (teamId !== undefined && (await isOwned(ctx.db, teamId, courseId)));
  if (!canViewListing({ listed: listed.listed, entitled: owned })) throw new AppError(Code.NOT_FOUND);
  return { listed, teamId, ownTeam, owned };
}

export async function storeCourse(ctx: AppContext, viewer: Viewer, courseId: number): Promise<StoreCourse> {
  const { listed, teamId, ownTeam, owned } = await viewableRelease(ctx, viewer, courseId);
  const { snapshot } = listed.release;
  return {
    ...snapshot,
    price: listed.release.price,
    versionNo: listed.release.versionNo,
    sales: listed.sales,
    lessons: snapshot.lessons.map((l) => ({
      ...l,
      content: canReadLesson({ entitled: owned, freePreview: l.freePreview })
        ? stripQuizKeys(l.content)
        : null,
    })),
    owned,
    ownTeam,
    listed: listed.listed,
    inCart:
      viewer !== null &&
      teamId !== undefined &&
      (await isInCart(ctx.db, viewer.actor.user.id, teamId, courseId)),
    mediaMs: await snapshotMediaMs(ctx, listed.teamId, snapshot),
  };
}

/**
 * A lesson of a course's latest release as the media player needs it: the course's team, whether it is
 * listed, whether the viewer's team holds it (own or bought; a refund takes that away at once) and the
 * lesson's content and free preview. The policy decides from these (`lessonRights`, through assets' `releasedLessonAccess`).
 */
export async function releasedLessonFacts(
  ctx: AppContext,
  teamId: number | undefined,
  courseId: number,
  lessonId: number,
): Promise<{
  courseTeamId: number;
  /** The latest release: what the store and buyers read (attachments are listed per release). */
  releaseId: number;
  listed: boolean;
  entitled: boolean;
  freePreview: boolean;
  content: DocNode;
} | null> {
  const listed = await findLatestRelease(ctx.db, courseId);
  const lesson = listed?.release.snapshot.lessons.find((l) => l.lessonId === lessonId);
  if (!listed || !lesson) return null;
  const entitled =
    teamId !== undefined && (listed.teamId === teamId || (await isOwned(ctx.db, teamId, courseId)));
  return {
    courseTeamId: listed.teamId,
    releaseId: listed.release.id,
    listed: listed.listed,
    entitled,
    freePreview: lesson.freePreview,
    content: lesson.content,
  };
}

/** 更新日志: who may see the buy page (buyers included after 下架) reads its public lines (更新说明). */
export async function storeChangelog(
  ctx: AppContext,
  viewer: Viewer,
  courseId: number,
): Promise<StoreChangelog> {
  await viewableRelease(ctx, viewer, courseId);
  const rows = await listReleaseNotes(ctx.db, courseId);
  return {
    list: rows.map((r) => ({
      versionNo: r.versionNo,
      changelog: r.changelog,
      createTime: r.createdAt.getTime(),
    })),
  };
}
