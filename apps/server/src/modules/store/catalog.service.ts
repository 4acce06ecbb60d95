import { Code, type CourseCategory, type Page, type StoreCard, type StoreCourse } from '@studio/contract';
import type { Actor } from '../../platform/auth.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import type { Membership } from '../teams/teams.repo.ts';
import { findListed, isInCart, isOwned, pageListed, type ListedCourse } from './catalog.repo.ts';

export const toCard = (l: ListedCourse): StoreCard => ({
  courseId: l.courseId,
  title: l.release.snapshot.title,
  subtitle: l.release.snapshot.subtitle,
  cover: l.release.snapshot.cover,
  category: l.category as CourseCategory | null,
  teamName: l.teamName,
  price: l.release.price,
  lessonCount: l.release.snapshot.lessons.length,
  sales: l.sales,
  versionNo: l.release.versionNo,
  releaseTime: l.release.createdAt.getTime(),
});

export async function listStore(
  ctx: AppContext,
  q: {
    keyword: string;
    category?: CourseCategory;
    sort: 'newest' | 'price_asc' | 'price_desc' | 'sales';
    pageNum: number;
    pageSize: number;
  },
): Promise<Page<StoreCard>> {
  const { rows, total } = await pageListed(ctx.db, q);
  return { list: rows.map(toCard), total, pageNum: q.pageNum, pageSize: q.pageSize };
}

/**
 * The buy page of the latest release, for anyone (the embeddable preview works logged out). Locked
 * lessons come without content unless the viewer's current team owns the course.
 */
export async function storeCourse(
  ctx: AppContext,
  viewer: { actor: Actor; membership: Membership } | null,
  courseId: number,
): Promise<StoreCourse> {
  const listed = await findListed(ctx.db, courseId);
  if (!listed) throw new AppError(Code.NOT_FOUND);
  const teamId = viewer?.membership.team.id;
  const ownTeam = teamId !== undefined && listed.teamId === teamId;
  const owned = ownTeam || (teamId !== undefined && (await isOwned(ctx.db, teamId, courseId)));
  const { snapshot } = listed.release;
  return {
    ...snapshot,
    price: listed.release.price,
    versionNo: listed.release.versionNo,
    sales: listed.sales,
    lessons: snapshot.lessons.map((l) => ({ ...l, content: owned || l.freePreview ? l.content : null })),
    owned,
    ownTeam,
    inCart:
      viewer !== null &&
      teamId !== undefined &&
      (await isInCart(ctx.db, viewer.actor.user.id, teamId, courseId)),
  };
}
