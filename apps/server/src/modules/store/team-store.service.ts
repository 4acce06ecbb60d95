import type { Order, Page, StoreCard, TeamSales } from '@studio/contract';
import type { AppContext } from '../../platform/context.ts';
import { authorize } from '../../platform/policy.ts';
import type { Membership } from '../teams/teams.repo.ts';
import { toCard } from './catalog.service.ts';
import { attachItems } from './orders.repo.ts';
import { toOrder } from './orders.service.ts';
import { listSoldItems, pagePurchased, pageTeamPaidOrders } from './team-store.repo.ts';

const DAY_MS = 86_400_000;
const dayOf = (d: Date) => d.toISOString().slice(0, 10);

export async function purchasedCourses(
  ctx: AppContext,
  membership: Membership,
  pageNum: number,
  pageSize: number,
): Promise<Page<StoreCard>> {
  const { rows, total } = await pagePurchased(ctx.db, membership.team.id, pageSize, (pageNum - 1) * pageSize);
  return { list: rows.map(toCard), total, pageNum, pageSize };
}

/** Sales of the team's own courses over the last `days` days, with one point per day (UTC). */
export async function teamSales(ctx: AppContext, membership: Membership, days: number): Promise<TeamSales> {
  authorize(membership, 'team.sales');
  const since = new Date(Date.now() - days * DAY_MS);
  const items = await listSoldItems(ctx.db, membership.team.id, since);
  const series = Array.from({ length: days }, (_, i) => ({
    date: dayOf(new Date(since.getTime() + (i + 1) * DAY_MS)),
    orders: 0,
    revenue: 0,
  }));
  const byDate = new Map(series.map((p) => [p.date, p]));
  const perCourse = new Map<number, { courseId: number; title: string; sales: number; revenue: number }>();
  const ordersSeen = new Set<number>();
  for (const item of items) {
    const point = byDate.get(dayOf(item.paidAt!));
    if (point) {
      point.revenue += item.price;
      if (!ordersSeen.has(item.orderId)) point.orders += 1;
    }
    ordersSeen.add(item.orderId);
    const course = perCourse.get(item.courseId) ?? {
      courseId: item.courseId,
      title: item.title,
      sales: 0,
      revenue: 0,
    };
    course.sales += 1;
    course.revenue += item.price;
    perCourse.set(item.courseId, course);
  }
  return {
    orders: ordersSeen.size,
    revenue: items.reduce((sum, i) => sum + i.price, 0),
    buyers: new Set(items.map((i) => i.buyerTeam)).size,
    series,
    courses: [...perCourse.values()].sort((a, b) => b.revenue - a.revenue),
  };
}

export async function teamPurchases(
  ctx: AppContext,
  membership: Membership,
  pageNum: number,
  pageSize: number,
): Promise<Page<Order>> {
  authorize(membership, 'team.sales');
  const { rows, total } = await pageTeamPaidOrders(
    ctx.db,
    membership.team.id,
    pageSize,
    (pageNum - 1) * pageSize,
  );
  return { list: (await attachItems(ctx.db, rows)).map(toOrder), total, pageNum, pageSize };
}
