/**
 * The per-IP request limits of @fastify/rate-limit, shared through Redis when REDIS_URL is set
 * (platform/redis.ts). API calls count toward RATE_LIMIT_PER_MINUTE; the web app's files and its
 * HTML count apart, toward the far larger PAGE_RATE_LIMIT_PER_MINUTE, so loading pages (50–80 files
 * each when cold) never uses up the API allowance of an address, e.g. an office behind one IP.
 */
import fastifyRateLimit, { normalizeIP } from '@fastify/rate-limit';
import { API_BASE, Code } from '@studio/contract';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import { AppError } from './errors.ts';
import { connectRedis } from './redis.ts';

export const isApiPath = (url: string): boolean => {
  const pathOnly = url.split('?')[0]!;
  return pathOnly === API_BASE || pathOnly.startsWith(`${API_BASE}/`);
};

export async function registerRequestLimits(
  app: FastifyInstance,
  config: Config,
  logger: FastifyBaseLogger,
): Promise<void> {
  const redis = config.REDIS_URL ? connectRedis(config.REDIS_URL, logger) : undefined;
  if (redis) app.addHook('onClose', async () => void (await redis.quit().catch(() => redis.disconnect())));
  await app.register(fastifyRateLimit, {
    max: config.RATE_LIMIT_PER_MINUTE,
    timeWindow: '1 minute',
    // One count per IP across every process when Redis is there; a Redis outage lets requests through.
    ...(redis ? { redis, nameSpace: `${config.REDIS_KEY_PREFIX}rl:`, skipOnError: true } : {}),
    global: false,
    errorResponseBuilder: () => new AppError(Code.TOO_MANY_REQUESTS, { status: 429 }),
  });
  // Both limits run as the first app-level hook, so before authentication (a route-level hook would
  // run after it: floods of bad tokens would reach the database unlimited). Routes with a limit of
  // their own (or `rateLimit: false`) are left to the plugin's route hook.
  const apiLimit = app.rateLimit();
  const pageLimit = app.rateLimit({
    max: config.PAGE_RATE_LIMIT_PER_MINUTE,
    keyGenerator: (request: FastifyRequest) => `pages:${normalizeIP(request.ip)}`,
  });
  app.addHook('onRequest', async (request, reply) => {
    if (request.routeOptions.config.rateLimit !== undefined) return;
    await (isApiPath(request.url) ? apiLimit : pageLimit).call(app, request, reply);
  });
}
