/**
 * Durable background jobs on the same PostgreSQL (pg-boss): every process may send, every process
 * works, and a job survives a restart. Queues and their handlers are declared by the modules.
 */
import type { FastifyBaseLogger } from 'fastify';
import { PgBoss } from 'pg-boss';

export type JobHandler<T> = (data: T) => Promise<void>;
/** Told of every finished job (the jobs_total metric). */
export type JobOutcomeListener = (queue: string, outcome: 'completed' | 'failed') => void;

const SUPERVISE_SECONDS = 5;
/** The shortest heartbeat pg-boss allows; workers refresh it every half. */
export const MIN_HEARTBEAT_SECONDS = 10;

export class JobQueue {
  private readonly boss: PgBoss;
  private readonly log: FastifyBaseLogger;
  private readonly onOutcome: JobOutcomeListener;
  private shuttingDown = false;

  private constructor(boss: PgBoss, log: FastifyBaseLogger, onOutcome: JobOutcomeListener) {
    this.boss = boss;
    this.log = log;
    this.onOutcome = onOutcome;
  }

  static async start(
    connectionString: string,
    log: FastifyBaseLogger,
    onOutcome: JobOutcomeListener = () => undefined,
  ): Promise<JobQueue> {
    const boss = new PgBoss({
      connectionString,
      schema: 'pgboss',
      max: 4,
      application_name: 'studio-jobs',
      // How soon a job of a killed process is noticed (its heartbeat stops) and retried elsewhere.
      superviseIntervalSeconds: SUPERVISE_SECONDS,
      monitorIntervalSeconds: SUPERVISE_SECONDS,
      // A new job wakes an idle worker at once (NOTIFY) instead of at its next 2-second poll.
      useListenNotify: true,
    });
    const queue = new JobQueue(boss, log, onOutcome);
    // Connections cut by a shutdown in progress are expected, not errors worth an alert.
    boss.on('error', (err) => (queue.shuttingDown ? undefined : log.error({ err }, 'job queue error')));
    await boss.start();
    return queue;
  }

  async define<T extends object>(
    name: string,
    handler: JobHandler<T>,
    options: { concurrency?: number; heartbeatSeconds?: number } = {},
  ): Promise<void> {
    // A heartbeat lets a long job of a crashed process be retried within seconds, not after the
    // 15-minute expiry; updateQueue applies the options to queues made by an older version too.
    const { heartbeatSeconds } = options;
    const queueOptions = { notify: true, ...(heartbeatSeconds ? { heartbeatSeconds } : {}) };
    await this.boss.createQueue(name, queueOptions);
    await this.boss.updateQueue(name, queueOptions);
    // One pg-boss worker per slot (none: this process only queues the jobs), each knowing its own id: after a job it asks for the next one at
    // once. Otherwise a backlog (a course's lessons, all queued together) would wait out the idle poll
    // between jobs, which is 30 s while NOTIFY is on (NOTIFY only wakes workers for new jobs).
    for (let slot = 0; slot < (options.concurrency ?? 1); slot++) {
      let workerId = '';
      workerId = await this.boss.work<T>(name, { batchSize: 1, localConcurrency: 1 }, async ([job]) => {
        if (!job) return;
        try {
          await handler(job.data);
          this.onOutcome(name, 'completed');
        } catch (err) {
          this.onOutcome(name, 'failed');
          this.log.error({ err, queue: name, jobId: job.id }, 'job failed');
          throw err; // pg-boss retries by the queue's policy
        } finally {
          if (workerId) this.boss.notifyWorker(workerId);
        }
      });
    }
  }

  /** Runs `name` with `data` as soon as a worker is free; one queued job per singleton key. */
  async send(name: string, data: object, singletonKey?: string): Promise<void> {
    await this.boss.send(name, data, { singletonKey, retryLimit: 3, retryDelay: 2 });
  }

  /** Runs `name` with `data` after `seconds`; one pending job per singleton key. */
  async sendAfter(name: string, data: object, seconds: number, singletonKey?: string): Promise<void> {
    await this.boss.sendAfter(name, data, { singletonKey, retryLimit: 3 }, seconds);
  }

  /** Runs `name` on a cron schedule (UTC); pg-boss keeps one schedule per name across processes. */
  async schedule(name: string, cron: string): Promise<void> {
    await this.boss.schedule(name, cron, {}, { tz: 'UTC' });
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
