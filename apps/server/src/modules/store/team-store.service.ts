import {
  chinaDay,
  chinaDayStart,
  lastChinaDays,
  type Order,
  type Page,
  type StoreCard,
  type TeamSales,
} from '@studio/contract';
import type { AppContext } from '../../platform/context.ts';
import { authorize } from '../../platform/policy.ts';
import type { Membership } from '../../platform/membership.ts';
import { toCard } from './catalog.service.ts';
import { attachItems } from './orders.repo.ts';
import { toOrder } from './orders.service.ts';
import { linesTotal } from './pricing.ts';
import { listSoldItems, pagePurchased, pageTeamPaidOrders, type SoldItem } from './team-store.repo.ts';

export async function purchasedCourses(
  ctx: AppContext,
  membership: Membership,
  pageNum: number,
  pageSize: number,
): Promise<Page<StoreCard>> {
  const { rows, total } = await pagePurchased(ctx.db, membership.team.id, pageSize, (pageNum - 1) * pageSize);
  return { list: rows.map(toCard), total, pageNum, pageSize };
}

function groupBy<T, K>(items: T[], key: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const group = groups.get(key(item));
    if (group) group.push(item);
    else groups.set(key(item), [item]);
  }
  return groups;
}

const orderCount = (items: SoldItem[]) => new Set(items.map((i) => i.orderId)).size;

/**
 * Sales of the team's own courses over the last `days` days, with one point per China day (today
 * included, as the learning report counts China weeks). Every
 * revenue figure is the total of the sold lines' prices (pricing.ts), as an order's amount is.
 */
export async function teamSales(ctx: AppContext, membership: Membership, days: number): Promise<TeamSales> {
  authorize(membership, 'team.sales');
  const dates = lastChinaDays(days);
  const items = await listSoldItems(ctx.db, membership.team.id, chinaDayStart(dates[0]!));
  const byDay = groupBy(items, (i) => chinaDay(i.paidAt!));
  const series = dates.map((date) => {
    const sold = byDay.get(date) ?? [];
    return { date, orders: orderCount(sold), revenue: linesTotal(sold) };
  });
  const courses = [...groupBy(items, (i) => i.courseId).values()].map((sold) => ({
    courseId: sold[0]!.courseId,
    title: sold[0]!.title,
    sales: sold.length,
    revenue: linesTotal(sold),
  }));
  return {
    orders: orderCount(items),
    revenue: linesTotal(items),
    buyers: new Set(items.map((i) => i.buyerTeam)).size,
    series,
    courses: courses.sort((a, b) => b.revenue - a.revenue),
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
