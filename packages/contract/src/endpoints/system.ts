import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { Routes } from '../routes.ts';

export const system = {
  health: endpoint({
    method: 'GET',
    path: Routes.health,
    auth: 'public',
    summary: 'Liveness',
    output: z.object({ status: z.literal('ok') }),
    rateLimit: false,
  }),
  ready: endpoint({
    method: 'GET',
    path: Routes.ready,
    auth: 'public',
    summary: 'Readiness: the database answers',
    output: z.object({ status: z.literal('ready') }),
    rateLimit: false,
  }),
};
