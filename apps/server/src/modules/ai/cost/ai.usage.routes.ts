/** Cost in the open: the estimate before a run, and the team's use against its monthly budget. */
import { endpoints } from '@studio/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { teamCtxOf } from '../../../platform/auth.ts';
import { estimateRun } from './ai.estimate.ts';
import { teamUsage } from './ai.usage.ts';
import { serve } from '../../../platform/endpoint.ts';

export const aiUsageRoutes: FastifyPluginAsyncZod = async (app) => {
  serve(app, endpoints.ai.estimate, async (r) => estimateRun(teamCtxOf(r), r.body));
  serve(app, endpoints.ai.usage, async (r) => teamUsage(teamCtxOf(r), r.query.month));
};
