/** Cost in the open: the estimate before a run, and the team's use against its monthly budget. */
import {
  aiEstimateBody,
  aiEstimateSchema,
  aiUsageQuery,
  aiUsageSchema,
  envelope,
  Routes,
} from '@studio/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { teamCtxOf } from '../../../platform/auth.ts';
import { ok } from '../../../platform/reply.ts';
import { estimateRun } from './ai.estimate.ts';
import { teamUsage } from './ai.usage.ts';

const team = { auth: 'team' } as const;

export const aiUsageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    Routes.ai.estimate,
    {
      config: { ...team, rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        summary: 'Tokens (and money, when priced) a creation, translation or assist is expected to use',
        description:
          '`kind` create (the /ai/job/create body), translate (courseId, language) or assist (the ' +
          '/ai/assist body). Input tokens are counted from the text sent, output from what is asked for; ' +
          '`costFen` is set when AI_PRICE_PER_MILLION_INPUT_TOKENS / _OUTPUT_TOKENS are (fen). ' +
          '`allowed` is false while the team’s monthly budget (AI_TEAM_MONTHLY_TOKENS) is used up: the run ' +
          'would be refused with code 50060. The template generator uses no tokens.',
        body: aiEstimateBody,
        response: { 200: envelope(aiEstimateSchema) },
      },
    },
    async (r) => ok(await estimateRun(teamCtxOf(r), r.body)),
  );
  app.get(
    Routes.ai.usage,
    {
      config: team,
      schema: {
        summary: "The team's AI use by month (and by member for OWNER/ADMIN) against its monthly budget",
        description:
          'Months in China Standard Time, this month first. `members` is null for a MEMBER. Only the ' +
          'session’s team is read.',
        querystring: aiUsageQuery,
        response: { 200: envelope(aiUsageSchema) },
      },
    },
    async (r) => ok(await teamUsage(teamCtxOf(r), r.query.month)),
  );
};
