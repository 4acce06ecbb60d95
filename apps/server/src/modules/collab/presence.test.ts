/**
 * Presence across processes (Redis): an entry lives at least 5 s whatever the re-check tick; a reader
 * removes what a dead process left, but never an entry its process published again since the read.
 */
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { redisFor, TEST_REDIS_URL } from '../../../test/redis.ts';
import { presenceTtlMs, RedisPresence, type PresenceEntry } from './presence.ts';

const haveRedis = await redisFor('collab presence (Redis)');
const redis = haveRedis ? new Redis(TEST_REDIS_URL) : null;
afterAll(() => redis?.disconnect());

const prefix = `t${randomBytes(4).toString('hex')}:`;
const entry: PresenceEntry = { courseId: 7, lessonId: 70, user: { id: 1, name: '甲', color: '#123456' } };
const key = `${prefix}collab:presence:7`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

it('an entry counts for three ticks, and at least 5 s', () => {
  expect(presenceTtlMs(100)).toBe(5_000);
  expect(presenceTtlMs(3_000)).toBe(9_000);
});

describe.skipIf(!haveRedis)('RedisPresence', () => {
  it('a reader removes the entries of a process that stopped publishing', async () => {
    const dead = new RedisPresence(redis!, prefix, 'dead', 30);
    await dead.publish([entry]);
    await sleep(60);
    const reader = new RedisPresence(redis!, prefix, 'reader', 30);
    expect((await reader.ofCourse(7)).size).toBe(0);
    expect(await redis!.hlen(key)).toBe(0);
  });

  it('keeps an entry its process published again between the read and the removal', async () => {
    const late = new RedisPresence(redis!, prefix, 'late', 30);
    await late.publish([entry]);
    await sleep(60);
    // The reader's snapshot holds the expired entry; the process publishes afresh right after it.
    const racing = Object.create(redis!) as Redis;
    racing.hgetall = (async (k: string) => {
      const snapshot = await redis!.hgetall(k);
      await late.publish([entry]);
      return snapshot;
    }) as Redis['hgetall'];
    const reader = new RedisPresence(racing, prefix, 'reader', 30);
    expect((await reader.ofCourse(7)).size).toBe(0); // the snapshot's entry had expired
    expect(await redis!.hkeys(key)).toEqual(['late:70:1']);
    await redis!.del(key);
  });
});
