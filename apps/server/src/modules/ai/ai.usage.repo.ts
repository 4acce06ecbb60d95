/** SQL of `ai_usage`: one row per provider call, summed by month and member. */
import type { AiUsageKind } from '@studio/contract';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { aiUsage } from '../../db/schema.ts';
import type { TokenUsage } from '../../platform/ai/usage.ts';

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
    sql`select to_char(now() at time zone 'Asia/Shanghai', 'YYYY-MM') as month`,
  );
  return rows.rows[0]!.month;
}

const input = sql<number>`coalesce(sum(${aiUsage.inputTokens}), 0)`.mapWith(Number);
const output = sql<number>`coalesce(sum(${aiUsage.outputTokens}), 0)`.mapWith(Number);

/** Tokens (input + output) the team used in this month so far, and the month. */
export async function teamMonthTokens(db: Db, teamId: number): Promise<{ month: string; used: number }> {
  const rows = await db.execute<{ month: string; used: string }>(sql`
    select m.month, coalesce(sum(u.input_tokens + u.output_tokens), 0) as used
    from (select to_char(now() at time zone 'Asia/Shanghai', 'YYYY-MM') as month) m
    left join ai_usage u on u.team_id = ${teamId} and u.month = m.month
    group by m.month`);
  const row = rows.rows[0]!;
  return { month: row.month, used: Number(row.used) };
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
