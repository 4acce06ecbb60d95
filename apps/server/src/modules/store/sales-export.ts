/**
 * The team's sales (its courses sold, by day and by course) and its paid orders as .xlsx or CSV:
 * the screens' services and rights (`team.sales`), headers in the asker's language, yuan as text
 * with two decimals (fen → yuan by price.ts, never floating arithmetic).
 */
import {
  chinaDateTime,
  fenToYuanText,
  TRAINING_EXPORT_COLUMNS,
  type ExportFormat,
  type UiLang,
} from '@studio/contract';
import type { AppContext } from '../../platform/context.ts';
import type { Membership } from '../../platform/membership.ts';
import { sheetFile, type SheetFile } from '../../platform/sheet-file.ts';
import { teamPurchases, teamSales } from './team-store.service.ts';

/** Orders in one export at most: a team's whole history fits; the screen pages the rest. */
export const ORDERS_EXPORT_MAX = 10_000;

export async function salesSheet(
  ctx: AppContext,
  membership: Membership,
  days: number,
  lang: UiLang,
): Promise<SheetFile> {
  const sales = await teamSales(ctx, membership, days);
  const col = TRAINING_EXPORT_COLUMNS[lang];
  return {
    header: [col.date, col.orders, col.revenue],
    rows: sales.series.map((p) => [p.date, p.orders, fenToYuanText(p.revenue)]),
  };
}

export async function ordersSheet(ctx: AppContext, membership: Membership, lang: UiLang): Promise<SheetFile> {
  const page = await teamPurchases(ctx, membership, 1, ORDERS_EXPORT_MAX);
  const col = TRAINING_EXPORT_COLUMNS[lang];
  return {
    header: [col.orderNo, col.items, col.amount, col.paidAt],
    rows: page.list.map((o) => [
      o.orderNo,
      o.items.map((i) => i.title).join('、'),
      fenToYuanText(o.amount),
      o.payTime === null ? null : chinaDateTime(o.payTime),
    ]),
  };
}

export const salesFile = async (
  ctx: AppContext,
  membership: Membership,
  q: { days: number; format: ExportFormat },
  lang: UiLang,
) => sheetFile(q.format, 'sales', 'sales', await salesSheet(ctx, membership, q.days, lang));

export const ordersFile = async (
  ctx: AppContext,
  membership: Membership,
  q: { format: ExportFormat },
  lang: UiLang,
) => sheetFile(q.format, 'orders', 'orders', await ordersSheet(ctx, membership, lang));
