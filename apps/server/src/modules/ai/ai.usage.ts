/**
 * The team's AI use and its monthly budget (AI_TEAM_MONTHLY_TOKENS, 0 = unlimited). Every provider call
 * is a row of `ai_usage` (ai.usage.repo.ts), written in the transaction that changes its job's state
 * when there is one. A run is refused before it starts while the month's budget is used up (50060); a
 * running job that crosses it finishes the lessons it is on, and the lessons not begun stop (50061),
 * each resumable once the budget allows. The template generator calls no provider: it uses nothing
 * and no budget stops it.
 */
import { type AiBudget, type AiUsage, type AiUsageKind, Code } from '@studio/contract';
import type { Db } from '../../db/client.ts';
import { type TokenUsage, usedAny } from '../../platform/ai/usage.ts';
import type { TeamCtx } from '../../platform/auth.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { authorize, can } from '../../platform/policy.ts';
import { findUserById } from '../users/users.service.ts';
import { aiError } from './ai.errors.ts';
import { insertUsage, teamMonthTokens, teamUsageByMember, teamUsageByMonth } from './ai.usage.repo.ts';

/** Whose use a run is: the job's author (or the assist's asker) in its team. */
export type UsageOwner = { teamId: number; userId: number; jobId: number | null };

/** Records a run's tokens (nothing for a run that used none, e.g. the template's). */
export async function recordUsage(
  db: Db,
  owner: UsageOwner,
  kind: AiUsageKind,
  usage: TokenUsage | undefined,
): Promise<void> {
  if (usage && usedAny(usage)) await insertUsage(db, { ...owner, kind, usage });
}

export async function teamBudget(ctx: AppContext, db: Db, teamId: number): Promise<AiBudget> {
  const limit = ctx.config.AI_TEAM_MONTHLY_TOKENS || null;
  const { month, used } = await teamMonthTokens(db, teamId);
  return { month, limit, used, left: limit === null ? null : Math.max(0, limit - used) };
}

export const budgetUsedUp = (b: AiBudget): boolean => b.limit !== null && b.used >= b.limit;

/** Whether runs of the team would be refused now: only a provider's runs count against the budget. */
export async function budgetBlocks(ctx: AppContext, db: Db, teamId: number): Promise<AiBudget | null> {
  if (ctx.generator.kind !== 'ai' || !ctx.config.AI_TEAM_MONTHLY_TOKENS) return null;
  const budget = await teamBudget(ctx, db, teamId);
  return budgetUsedUp(budget) ? budget : null;
}

/** Refuses a run that would start with this month's budget used up (50060, with the limit). */
export async function assertBudget(ctx: AppContext, teamId: number): Promise<void> {
  const blocked = await budgetBlocks(ctx, ctx.db, teamId);
  if (blocked) throw new AppError(Code.AI_BUDGET_USED_UP, { params: { limit: blocked.limit! } });
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
