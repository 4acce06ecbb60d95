/** Waits on an AI job through the API, as the web app's progress page does, for tests. */
import type { AiJob } from '@studio/contract';
import { call } from './factories.ts';
import type { TestApp } from './test-app.ts';

/** The job once `ok` holds for it; throws after `ms` naming the status it was stuck in. */
export async function waitForJob(
  t: TestApp,
  token: string,
  jobId: number,
  ok: (j: AiJob) => boolean,
  ms = 20_000,
): Promise<AiJob> {
  const deadline = Date.now() + ms;
  for (;;) {
    const job = (await call<AiJob>(t, 'GET', '/ai/job/detail', { token, query: { jobId: String(jobId) } }))
      .data;
    if (ok(job)) return job;
    if (Date.now() > deadline) throw new Error(`job ${jobId} stuck in ${job.status}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
