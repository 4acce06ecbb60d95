/**
 * Optional Redis (REDIS_URL): the shared store of the per-IP request limit, so the limit holds across
 * every server process. Without it each process counts alone; account limits (SMS, login tries) are
 * always shared, in PostgreSQL.
 */
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

export function connectRedis(url: string, log: FastifyBaseLogger): Redis {
  const redis = new Redis(url, {
    // A request must not wait long on a slow or absent Redis: the limiter then lets it through.
    connectTimeout: 2_000,
    commandTimeout: 500,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: true,
  });
  let reported = false;
  redis.on('error', (err: Error) => {
    if (!reported)
      log.warn({ err }, 'Redis unavailable: request limits are counted per process until it is back');
    reported = true;
  });
  redis.on('ready', () => (reported = false));
  return redis;
}
