/**
 * Durable background jobs on the same PostgreSQL (pg-boss): every process may send, every process
 * works, and a job survives a restart. Queues and their handlers are declared by the modules.
 */
import type { FastifyBaseLogger } from 'fastify';
import { PgBoss } from 'pg-boss';

export type JobHandler<T> = (data: T) => Promise<void>;

export class JobQueue {
  private readonly boss: PgBoss;
  private readonly log: FastifyBaseLogger;
  private shuttingDown = false;

  private constructor(boss: PgBoss, log: FastifyBaseLogger) {
    this.boss = boss;
    this.log = log;
  }

  static async start(connectionString: string, log: FastifyBaseLogger): Promise<JobQueue> {
    const boss = new PgBoss({ connectionString, schema: 'pgboss', max: 4, application_name: 'studio-jobs' });
    const queue = new JobQueue(boss, log);
    // Connections cut by a shutdown in progress are expected, not errors worth an alert.
    boss.on('error', (err) => (queue.shuttingDown ? undefined : log.error({ err }, 'job queue error')));
    await boss.start();
    return queue;
  }

  async define<T extends object>(
    name: string,
    handler: JobHandler<T>,
    options: { concurrency?: number } = {},
  ): Promise<void> {
    await this.boss.createQueue(name);
    await this.boss.work<T>(
      name,
      { batchSize: 1, localConcurrency: options.concurrency ?? 1 },
      async ([job]) => {
        if (!job) return;
        try {
          await handler(job.data);
        } catch (err) {
          this.log.error({ err, queue: name, jobId: job.id }, 'job failed');
          throw err; // pg-boss retries by the queue's policy
        }
      },
    );
  }

  /** Runs `name` with `data` as soon as a worker is free; one queued job per singleton key. */
  async send(name: string, data: object, singletonKey?: string): Promise<void> {
    await this.boss.send(name, data, { singletonKey, retryLimit: 3, retryDelay: 2 });
  }

  /** Runs `name` with `data` after `seconds`; one pending job per singleton key. */
  async sendAfter(name: string, data: object, seconds: number, singletonKey?: string): Promise<void> {
    await this.boss.sendAfter(name, data, { singletonKey, retryLimit: 3 }, seconds);
  }

  /** Called first on SIGTERM: the embedded database may already be stopping under us. */
  beginShutdown(): void {
    this.shuttingDown = true;
  }

  stop(): Promise<void> {
    this.shuttingDown = true;
    return this.boss.stop({ graceful: true, timeout: 10_000 });
  }
}
