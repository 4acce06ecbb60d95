/**
 * Who is connected to which lesson, for the lesson list (`GET /lesson/presence`). Each process
 * publishes its own connections every re-check tick; readers keep entries younger than a few ticks.
 * With REDIS_URL a hash per course in Redis (every process's connections); without, this process's.
 */
import type { PresenceUser } from '@studio/contract';
import type { Redis } from 'ioredis';

export type PresenceEntry = { courseId: number; lessonId: number; user: PresenceUser };

/**
 * How long a published entry counts: three re-check ticks, and never under 5 s. A tick can come
 * late on a busy machine (a full event loop, a slow re-check query); with the tests' 100 ms ticks an
 * entry lived 300 ms, and a reader between two late ticks found nobody in a lesson two people were
 * editing. An entry of a process that died still goes within that time.
 */
export const presenceTtlMs = (recheckMs: number): number => Math.max(recheckMs * 3, 5_000);

/** Deletes each field whose value is still the one read (ARGV: field, value, …). */
const DELETE_IF_UNCHANGED = `for i = 1, #ARGV, 2 do
  if redis.call('hget', KEYS[1], ARGV[i]) == ARGV[i + 1] then redis.call('hdel', KEYS[1], ARGV[i]) end
end`;

export interface PresenceStore {
  /** Replaces this process's entries. */
  publish(entries: readonly PresenceEntry[]): Promise<void>;
  /** Everyone connected to the course's lessons, on any process, by lesson. */
  ofCourse(courseId: number): Promise<Map<number, PresenceUser[]>>;
}

const group = (entries: Iterable<{ lessonId: number; user: PresenceUser }>) => {
  const out = new Map<number, PresenceUser[]>();
  for (const { lessonId, user } of entries) {
    const users = out.get(lessonId) ?? [];
    if (!users.some((u) => u.id === user.id)) users.push(user);
    out.set(lessonId, users);
  }
  return out;
};

export class MemoryPresence implements PresenceStore {
  private entries: readonly PresenceEntry[] = [];
  async publish(entries: readonly PresenceEntry[]) {
    this.entries = entries;
  }
  async ofCourse(courseId: number) {
    return group(this.entries.filter((e) => e.courseId === courseId));
  }
}

export class RedisPresence implements PresenceStore {
  private published = new Map<number, Set<string>>();
  private readonly redis: Redis;
  private readonly prefix: string;
  private readonly processId: string;
  private readonly ttlMs: number;

  constructor(redis: Redis, prefix: string, processId: string, ttlMs: number) {
    this.redis = redis;
    this.prefix = prefix;
    this.processId = processId;
    this.ttlMs = ttlMs;
  }

  private key = (courseId: number) => `${this.prefix}collab:presence:${courseId}`;

  async publish(entries: readonly PresenceEntry[]) {
    const expires = Date.now() + this.ttlMs;
    const next = new Map<number, Map<string, string>>();
    for (const e of entries) {
      const field = `${this.processId}:${e.lessonId}:${e.user.id}`;
      const fields = next.get(e.courseId) ?? new Map<string, string>();
      fields.set(field, JSON.stringify({ lessonId: e.lessonId, user: e.user, expires }));
      next.set(e.courseId, fields);
    }
    const multi = this.redis.multi();
    for (const [courseId, fields] of this.published) {
      const gone = [...fields].filter((f) => !next.get(courseId)?.has(f));
      if (gone.length > 0) multi.hdel(this.key(courseId), ...gone);
    }
    for (const [courseId, fields] of next) {
      multi.hset(this.key(courseId), Object.fromEntries(fields));
      multi.pexpire(this.key(courseId), this.ttlMs * 4);
    }
    await multi.exec();
    this.published = new Map([...next].map(([c, f]) => [c, new Set(f.keys())]));
  }

  async ofCourse(courseId: number) {
    const all = await this.redis.hgetall(this.key(courseId));
    const now = Date.now();
    const live: { lessonId: number; user: PresenceUser }[] = [];
    const stale: string[] = [];
    for (const [field, value] of Object.entries(all)) {
      const entry = JSON.parse(value) as { lessonId: number; user: PresenceUser; expires: number };
      if (entry.expires > now) live.push(entry);
      else stale.push(field, value);
    }
    // A process that died leaves entries behind: whoever reads them after they expire removes them,
    // unless the process published the field again since the read (a late tick, not a death).
    if (stale.length > 0) await this.redis.eval(DELETE_IF_UNCHANGED, 1, this.key(courseId), ...stale);
    return group(live);
  }
}
