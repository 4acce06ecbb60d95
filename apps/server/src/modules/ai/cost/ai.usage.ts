/**
 * The team's AI use and its monthly budget (AI_TEAM_MONTHLY_TOKENS, 0 = unlimited). Every provider call
 * is a row of `ai_usage` (ai.usage.repo.ts), written in the transaction that changes its job's state
 * when there is one. A run is refused before it starts while the month's budget is used up (50060); a
 * running job's lessons not begun stop (50061) once it is, each resumable once the budget allows.
 *
 * Runs in flight reserve: before a lesson, a translated lesson or an assist starts, it holds its
 * estimate (ai.estimate.ts) in `ai_budget_holds`, under the team's budget lock (an advisory lock,
 * the same in every process), and starts only while the month's use plus the holds leaves something.
 * Its real count replaces the hold when it ends, fails or is cancelled, in one transaction. So lessons
 * running side by side (AI_CONCURRENCY, several processes) pass the budget by at most the last
 * starter's overrun, as one lesson at a time would. The template generator calls no provider: it uses
 * nothing, holds nothing, and no budget stops it.
 */
import { type AiBudget, type AiUsage, type AiUsageKind, Code } from '@studio/contract';
import type { Db } from '../../../db/client.ts';
import { type TokenUsage, usedAny } from '../../../platform/ai/usage.ts';
import type { TeamCtx } from '../../../platform/auth.ts';
import type { AppContext } from '../../../platform/context.ts';
import { AppError } from '../../../platform/errors.ts';
import { authorize, can } from '../../../platform/policy.ts';
import { findUserById } from '../../users/index.ts';
import { aiError } from '../shared/ai.errors.ts';
import {
  deleteHold,
  insertHold,
  insertUsage,
  lockTeamBudget,
  teamMonthTokens,
  teamUsageByMember,
  teamUsageByMonth,
} from './ai.usage.repo.ts';

/** Whose use a run is: the job's author (or the assist's asker) in its team. */
export type UsageOwner = { teamId: number; userId: number; jobId: number | null };

/**
 * Records a run's tokens (nothing for a run that used none, e.g. the template's) and drops the hold
 * they replace, together (a transaction of its own, or a savepoint in the caller's).
 */
export async function recordUsage(
  db: Db,
  owner: UsageOwner,
  kind: AiUsageKind,
  usage: TokenUsage | undefined,
  hold?: number | null,
): Promise<void> {
  if (!hold) {
    if (usage && usedAny(usage)) await insertUsage(db, { ...owner, kind, usage });
    return;
  }
  await db.transaction(async (tx) => {
    if (usage && usedAny(usage)) await insertUsage(tx, { ...owner, kind, usage });
    await deleteHold(tx, hold);
  });
}

/** The month's budget; `left` is what neither the use so far nor the runs in flight have taken. */
export async function teamBudget(ctx: AppContext, db: Db, teamId: number): Promise<AiBudget> {
  const limit = ctx.config.AI_TEAM_MONTHLY_TOKENS || null;
  const { month, used, held } = await teamMonthTokens(db, teamId);
  return { month, limit, used, left: limit === null ? null : Math.max(0, limit - used - held) };
}

export const budgetUsedUp = (b: AiBudget): boolean => b.left !== null && b.left <= 0;

const budgeted = (ctx: AppContext) =>
  ctx.generator.kind === 'ai' && Boolean(ctx.config.AI_TEAM_MONTHLY_TOKENS);

/** Whether runs of the team would be refused now: only a provider's runs count against the budget. */
export async function budgetBlocks(ctx: AppContext, db: Db, teamId: number): Promise<AiBudget | null> {
  if (!budgeted(ctx)) return null;
  const budget = await teamBudget(ctx, db, teamId);
  return budgetUsedUp(budget) ? budget : null;
}

/** Refuses a run that would start with this month's budget used up (50060, with the limit). */
export async function assertBudget(ctx: AppContext, teamId: number): Promise<void> {
  const blocked = await budgetBlocks(ctx, ctx.db, teamId);
  if (blocked) throw usedUp(blocked);
}

const usedUp = (b: AiBudget) => new AppError(Code.AI_BUDGET_USED_UP, { params: { limit: b.limit! } });

export type Hold = { blocked: AiBudget; hold?: undefined } | { blocked?: undefined; hold: number | null };

/**
 * A run about to start holds its estimate, in `tx` (whose end releases the lock): `blocked` when the
 * budget has nothing left, else the hold's id (null when no budget applies: nothing to hold).
 */
export async function holdBudget(
  ctx: AppContext,
  tx: Db,
  run: { teamId: number; jobId: number | null; idx: number | null },
  tokens: { inputTokens: number; outputTokens: number },
): Promise<Hold> {
  if (!budgeted(ctx)) return { hold: null };
  await lockTeamBudget(tx, run.teamId);
  const budget = await teamBudget(ctx, tx, run.teamId);
  if (budgetUsedUp(budget)) return { blocked: budget };
  return { hold: await insertHold(tx, { ...run, tokens: tokens.inputTokens + tokens.outputTokens }) };
}

/** An assist holds its estimate before it streams, or is refused (50060) with nothing streamed. */
export async function holdAssist(
  ctx: AppContext,
  teamId: number,
  tokens: { inputTokens: number; outputTokens: number },
): Promise<number | null> {
  const held = await ctx.db.transaction((tx) =>
    holdBudget(ctx, tx, { teamId, jobId: null, idx: null }, tokens),
  );
  if (held.blocked) throw usedUp(held.blocked);
  return held.hold;
}

/** What a lesson the budget stopped holds as its error (resumable). */
export const budgetStopped = (budget: AiBudget) => aiError(Code.AI_BUDGET_STOPPED, { limit: budget.limit! });

const MONTHS_SHOWN = 12;
const totals = (r: { inputTokens: number; outputTokens: number }) => ({
  inputTokens: r.inputTokens,
  outputTokens: r.outputTokens,
  totalTokens: r.inputTokens + r.outputTokens,
});

/**
 * The team centre's AI use: this month against the budget, the months before, and (OWNER/ADMIN only,
 * `ai.usageByMember`) each member's use in a month. Only the session's team is ever read.
 */
export async function teamUsage(c: TeamCtx, month: string | undefined): Promise<AiUsage> {
  authorize(c, 'ai.usage');
  const teamId = c.membership.team.id;
  const budget = await teamBudget(c.ctx, c.ctx.db, teamId);
  const rows = await teamUsageByMonth(c.ctx.db, teamId, MONTHS_SHOWN);
  const months = rows.map((r) => ({ month: r.month, ...totals(r) }));
  if (!months.some((m) => m.month === budget.month))
    months.unshift({ month: budget.month, inputTokens: 0, outputTokens: 0, totalTokens: 0 });
  const shown = month ?? budget.month;
  let members: AiUsage['members'] = null;
  if (can(c, 'ai.usageByMember')) {
    const byMember = await teamUsageByMember(c.ctx.db, teamId, shown);
    members = await Promise.all(
      byMember.map(async (r) => {
        const user = await findUserById(c.ctx.db, r.userId);
        return { userId: r.userId, name: user?.nickName ?? `#${r.userId}`, ...totals(r) };
      }),
    );
  }
  return { budget, months: months.slice(0, MONTHS_SHOWN), month: shown, members };
}
