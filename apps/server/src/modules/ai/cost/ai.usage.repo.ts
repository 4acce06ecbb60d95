/** SQL of `ai_usage` (one row per provider call, summed by month and member) and of the budget's holds. */
import { CHINA_TIME_ZONE, type AiUsageKind } from '@studio/contract';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { aiBudgetHolds, aiUsage } from '../../../db/schema.ts';
import type { TokenUsage } from '../../../platform/ai/usage.ts';

export type UsageRecord = {
  teamId: number;
  userId: number;
  jobId: number | null;
  kind: AiUsageKind;
  usage: TokenUsage;
};

export async function insertUsage(db: Db, r: UsageRecord): Promise<void> {
  await db.insert(aiUsage).values({
    teamId: r.teamId,
    userId: r.userId,
    jobId: r.jobId,
    kind: r.kind,
    inputTokens: r.usage.inputTokens,
    outputTokens: r.usage.outputTokens,
    estimated: r.usage.estimated,
  });
}

/** This month as the rows count it (China Standard Time), from the database's clock. */
export async function currentMonth(db: Db): Promise<string> {
  const rows = await db.execute<{ month: string }>(
    sql`select to_char(now() at time zone ${CHINA_TIME_ZONE}, 'YYYY-MM') as month`,
  );
  return rows.rows[0]!.month;
}

const input = sql<number>`coalesce(sum(${aiUsage.inputTokens}), 0)`.mapWith(Number);
const output = sql<number>`coalesce(sum(${aiUsage.outputTokens}), 0)`.mapWith(Number);

/**
 * Tokens (input + output) the team used in this month so far, the month, and the tokens its runs in
 * flight hold (their estimates, until their real counts replace them; lapsed holds are not counted).
 */
export async function teamMonthTokens(
  db: Db,
  teamId: number,
): Promise<{ month: string; used: number; held: number }> {
  const rows = await db.execute<{ month: string; used: string; held: string }>(sql`
    select m.month,
      (select coalesce(sum(u.input_tokens + u.output_tokens), 0) from ai_usage u
        where u.team_id = ${teamId} and u.month = m.month) as used,
      (select coalesce(sum(h.tokens), 0) from ai_budget_holds h
        where h.team_id = ${teamId} and h.expires_at > now()) as held
    from (select to_char(now() at time zone ${CHINA_TIME_ZONE}, 'YYYY-MM') as month) m`);
  const row = rows.rows[0]!;
  return { month: row.month, used: Number(row.used), held: Number(row.held) };
}

/** The advisory-lock class of a team's budget; negative, so never an id pair of another lock. */
const BUDGET_LOCK = -36;

/**
 * Serializes the team's budget checks until the transaction ends: every process takes the same lock,
 * so two runs starting side by side cannot both see the same tokens left. Only holding takes it;
 * recording usage and releasing a hold (which only swap a hold for its count, or lower the sum) do not.
 */
export async function lockTeamBudget(tx: Db, teamId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${BUDGET_LOCK}, ${teamId})`);
}

/** How long a hold counts at most: a run outlives no stall this long; a crashed process's hold lapses. */
const HOLD_TTL = sql`interval '1 hour'`;

/** Sets tokens aside for a run (a lesson's replaces its earlier hold, e.g. a redelivery's); its id. */
export async function insertHold(
  tx: Db,
  h: { teamId: number; jobId: number | null; idx: number | null; tokens: number },
): Promise<number> {
  const expiresAt = sql`now() + ${HOLD_TTL}`;
  const [row] = await tx
    .insert(aiBudgetHolds)
    .values({ ...h, expiresAt })
    .onConflictDoUpdate({
      target: [aiBudgetHolds.jobId, aiBudgetHolds.idx],
      set: { tokens: h.tokens, expiresAt },
    })
    .returning({ id: aiBudgetHolds.id });
  // Lapsed holds are dropped as new ones are taken (they no longer count either way).
  await tx.delete(aiBudgetHolds).where(sql`${aiBudgetHolds.expiresAt} < now() - ${HOLD_TTL}`);
  return row!.id;
}

export async function deleteHold(db: Db, id: number): Promise<void> {
  await db.delete(aiBudgetHolds).where(eq(aiBudgetHolds.id, id));
}

/** The team's use by month, newest first. */
export async function teamUsageByMonth(db: Db, teamId: number, limit: number) {
  return db
    .select({ month: aiUsage.month, inputTokens: input, outputTokens: output })
    .from(aiUsage)
    .where(eq(aiUsage.teamId, teamId))
    .groupBy(aiUsage.month)
    .orderBy(desc(aiUsage.month))
    .limit(limit);
}

/** The team's use in a month by member, most first. */
export async function teamUsageByMember(db: Db, teamId: number, month: string) {
  return db
    .select({ userId: aiUsage.userId, inputTokens: input, outputTokens: output })
    .from(aiUsage)
    .where(and(eq(aiUsage.teamId, teamId), eq(aiUsage.month, month)))
    .groupBy(aiUsage.userId)
    .orderBy(desc(sql`sum(${aiUsage.inputTokens} + ${aiUsage.outputTokens})`), aiUsage.userId);
}
