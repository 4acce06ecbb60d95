/**
 * Cost in the open: what an AI run is expected to use before it starts (POST /ai/estimate), and what the
 * team has used by month and by member against its monthly budget (GET /ai/usage). Tokens are input +
 * output as the provider reports them; money is in fen (分), only when the server has a price.
 */
import { z } from 'zod';
import { aiAssistBody, aiCreateBody } from './ai.ts';
import { aiTranslateBody } from './ai-translate.ts';

/** What used tokens: a job's outline, a generated lesson, a translated lesson, the editor's assist. */
export const AI_USAGE_KINDS = ['outline', 'lesson', 'translate', 'assist'] as const;
export type AiUsageKind = (typeof AI_USAGE_KINDS)[number];

/** A month as `YYYY-MM` (China Standard Time: the month the team's budget counts in). */
export const USAGE_MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
export const usageMonthSchema = z.string().regex(USAGE_MONTH, { error: '月份格式为 YYYY-MM' });

const tokens = z.number().int().min(0);

/** The team's budget this month: `limit` null when unlimited (AI_TEAM_MONTHLY_TOKENS 0 or unset). */
export const aiBudgetSchema = z.object({
  month: z.string(),
  limit: tokens.nullable(),
  used: tokens,
  /** What is left this month, less what runs in flight hold (their estimates); null when unlimited. */
  left: tokens.nullable(),
});
export type AiBudget = z.infer<typeof aiBudgetSchema>;

export const aiEstimateBody = z.discriminatedUnion('kind', [
  aiCreateBody.extend({ kind: z.literal('create') }),
  aiTranslateBody.extend({ kind: z.literal('translate') }),
  aiAssistBody.extend({ kind: z.literal('assist') }),
]);
export type AiEstimateRequest = z.input<typeof aiEstimateBody>;

export const aiEstimateSchema = z.object({
  /** `template`: the built-in generator calls no provider and uses no tokens. */
  generator: z.enum(['ai', 'template']),
  inputTokens: tokens,
  outputTokens: tokens,
  totalTokens: tokens,
  /** Fen, rounded up; null when no price is configured (or nothing is spent). */
  costFen: z.number().int().min(0).nullable(),
  budget: aiBudgetSchema,
  /** False when the budget is used up: the run would be refused (code 50060). */
  allowed: z.boolean(),
});
export type AiEstimate = z.infer<typeof aiEstimateSchema>;

export const aiUsageQuery = z.object({ month: usageMonthSchema.optional() });

const usageTotals = { inputTokens: tokens, outputTokens: tokens, totalTokens: tokens };

export const aiUsageSchema = z.object({
  budget: aiBudgetSchema,
  /** This month and the earlier months with use, newest first (at most 12). */
  months: z.array(z.object({ month: z.string(), ...usageTotals })),
  /** The month `members` is about (the asked one, else this month). */
  month: z.string(),
  /** Use by member in `month`, most first; null for those who may not see it (not OWNER/ADMIN). */
  members: z.array(z.object({ userId: z.number().int(), name: z.string(), ...usageTotals })).nullable(),
});
export type AiUsage = z.infer<typeof aiUsageSchema>;
