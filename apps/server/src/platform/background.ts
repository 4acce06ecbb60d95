/**
 * Work a request starts and does not wait for, when there is no job queue (JOBS_ENABLED=false: tests,
 * a single small process). Closing the app waits for it (bounded), so nothing still running uses
 * the database pool after it has been closed.
 */
import type { FastifyBaseLogger } from 'fastify';

export class BackgroundTasks {
  private readonly running = new Set<Promise<void>>();

  run(task: () => Promise<unknown>, log: FastifyBaseLogger): void {
    const done: Promise<void> = task()
      .then(() => undefined)
      .catch((err: unknown) => log.error({ err }, 'background task failed'))
      .finally(() => this.running.delete(done));
    this.running.add(done);
  }

  /** Resolves once every task has ended, or after `timeoutMs` (a stalled task must not hold a shutdown). */
  async drain(timeoutMs = 10_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (this.running.size > 0 && Date.now() < deadline) {
      let timer: ReturnType<typeof setTimeout> | undefined;
      await Promise.race([
        Promise.allSettled([...this.running]),
        new Promise((resolve) => (timer = setTimeout(resolve, deadline - Date.now()))),
      ]);
      clearTimeout(timer);
    }
  }
}
