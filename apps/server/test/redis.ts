/**
 * Redis for the tests that need one (CI has it; a fresh machine may not). `redisFor(what)` answers
 * whether Redis answers PING at TEST_REDIS_URL (REDIS_URL, default redis://127.0.0.1:6379): when it
 * does not, the file's Redis tests skip with a line saying why, unless REQUIRE_REDIS=1 (CI), which
 * makes the absence a failure at once instead of a minute of timeouts.
 */
import { Redis } from 'ioredis';

export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

async function answersPing(url: string): Promise<boolean> {
  const probe = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 1000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  probe.on('error', () => undefined); // the outcome is the answer below, not an unhandled event
  try {
    await probe.connect();
    return (await probe.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}

/** Whether `what` (the tests of one file) can run; throws when REQUIRE_REDIS is set and there is no Redis. */
export async function redisFor(what: string): Promise<boolean> {
  if (await answersPing(TEST_REDIS_URL)) return true;
  if (process.env.REQUIRE_REDIS)
    throw new Error(`REQUIRE_REDIS is set but ${TEST_REDIS_URL} answers no PING (${what})`);
  console.warn(
    `skipping ${what}: no Redis answers at ${TEST_REDIS_URL} (set REDIS_URL, or REQUIRE_REDIS=1 to fail)`,
  );
  return false;
}
