/**
 * With several processes (REDIS_URL), a lesson can be open live on a process other than the one
 * answering a release or a preview, and that process stores it on its own debounce. The reader asks
 * every process over Redis pub/sub to store what it holds of those lessons now and waits for each
 * answer (PUBLISH says how many processes heard the question), at most COLLAB_FLUSH_WAIT_MS: a process
 * that died or hangs delays the read by that much and no more. Pub/sub rather than a queue: only the
 * processes alive now can hold unsaved text, and every one of them must answer.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { z } from 'zod';

const question = z.object({
  from: z.string(),
  id: z.string(),
  lessonIds: z.array(z.number().int()).max(10_000),
});
const answer = z.object({ id: z.string() });

class Waiting {
  answers = 0;
  expected: number | null = null;
  readonly done: () => void;
  constructor(done: () => void) {
    this.done = done;
  }
  check() {
    if (this.expected !== null && this.answers >= this.expected) this.done();
  }
}

export class FlushBus {
  private readonly sub: Redis;
  private readonly asked: string;
  private readonly replies: string;
  /** Questions this process asked: answers so far, and how many processes heard it (once known). */
  private readonly waiting = new Map<string, Waiting>();
  private readonly ready: Promise<unknown>;

  private readonly pub: Redis;
  private readonly prefix: string;
  private readonly processId: string;
  private readonly flushHere: (lessonIds: readonly number[]) => Promise<void>;
  private readonly waitMs: number;
  private readonly log: FastifyBaseLogger;

  constructor(
    redisUrl: string,
    pub: Redis,
    prefix: string,
    processId: string,
    flushHere: (lessonIds: readonly number[]) => Promise<void>,
    waitMs: number,
    log: FastifyBaseLogger,
  ) {
    this.pub = pub;
    this.prefix = prefix;
    this.processId = processId;
    this.flushHere = flushHere;
    this.waitMs = waitMs;
    this.log = log;
    this.asked = `${prefix}collab:flush`;
    this.replies = `${prefix}collab:flushed:${processId}`;
    this.sub = new Redis(redisUrl, { maxRetriesPerRequest: 2 });
    this.sub.on('error', (err: Error) => log.warn({ err }, 'collab: flush bus Redis error'));
    this.sub.on('message', (channel: string, message: string) => void this.onMessage(channel, message));
    this.ready = this.sub.subscribe(this.asked, this.replies).catch((err: unknown) => {
      log.warn({ err }, 'collab: flush bus not subscribed');
    });
  }

  /** Every other process stores what it holds of these lessons; resolves when all said so, or on time. */
  async flushElsewhere(lessonIds: readonly number[]): Promise<void> {
    if (lessonIds.length === 0) return;
    await this.ready;
    const id = randomUUID();
    let done = () => {};
    const answered = new Promise<void>((resolve) => (done = resolve));
    const entry = new Waiting(done);
    this.waiting.set(id, entry);
    const timer = setTimeout(done, this.waitMs);
    try {
      const heard = await this.pub.publish(
        this.asked,
        JSON.stringify({ from: this.processId, id, lessonIds: [...lessonIds] }),
      );
      // This process heard its own question too; answers may have come before this count.
      entry.expected = heard - 1;
      entry.check();
      await answered;
    } catch (err) {
      this.log.warn({ err }, 'collab: flush question not sent');
    } finally {
      clearTimeout(timer);
      this.waiting.delete(id);
    }
  }

  private async onMessage(channel: string, message: string): Promise<void> {
    let parsed: unknown;
    try {
      parsed = JSON.parse(message);
    } catch {
      return;
    }
    if (channel === this.replies) {
      const reply = answer.safeParse(parsed);
      const entry = reply.success ? this.waiting.get(reply.data.id) : undefined;
      if (!entry) return;
      entry.answers++;
      entry.check();
      return;
    }
    const q = question.safeParse(parsed);
    if (!q.success || q.data.from === this.processId) return;
    try {
      await this.flushHere(q.data.lessonIds);
    } catch (err) {
      this.log.warn({ err }, 'collab: flush for another process failed');
    }
    await this.pub
      .publish(`${this.prefix}collab:flushed:${q.data.from}`, JSON.stringify({ id: q.data.id }))
      .catch(() => undefined);
  }

  close(): void {
    this.sub.disconnect();
  }
}
