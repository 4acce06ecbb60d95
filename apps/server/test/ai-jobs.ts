/** Waits on an AI job through the API, as the web app's progress page does, for tests. */
import type { AiAssistAction, AiJob } from '@studio/contract';
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

/** `POST /api/ai/assist` with a rewrite of `text`; its body is the streamed answer. */
export const rewriteAssist = (t: TestApp, token: string, text: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/ai/assist',
    headers: { 'x-request-tkForm': 'pc', 'x-request-tkToken': token },
    payload: { action: 'rewrite' satisfies AiAssistAction, text },
  });

/** Retries each of the job's stopped lessons (`/ai/job/retry`), then waits for the job to end. */
export async function retryLessons(t: TestApp, token: string, job: AiJob, idxs: number[]): Promise<AiJob> {
  for (const idx of idxs) {
    const retried = await call(t, 'POST', '/ai/job/retry', { token, body: { jobId: job.jobId, idx } });
    if (retried.code !== 200) throw new Error(`retry of lesson ${idx}: ${retried.code} ${retried.msg}`);
  }
  return waitForJob(t, token, job.jobId, (j) => j.status !== 'generating', 30_000);
}
