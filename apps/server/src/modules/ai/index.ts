/**
 * The AI module's face: what app.ts (and any other module) uses of it. Its rooms: jobs/ (course,
 * outline and lesson generation, their queues, state and stream, the editor assist), translate/
 * (translation jobs), documents/ (a document read into sections, sections into an outline and
 * lessons), cost/ (usage, estimates, budget holds) and shared/ (errors, events, the job presenter);
 * the routes and the restart, which span the rooms, stay here at the root.
 */
import type { AppContext } from '../../platform/context.ts';
import { writeLesson } from './jobs/ai.worker.ts';
import { translateLesson } from './translate/ai.translate-worker.ts';

export { aiRoutes } from './ai.routes.ts';
export { defineAiJobs } from './jobs/ai.jobs.ts';

/**
 * What the AI module offers through the context, at app build time: the lesson runner of each job
 * kind (the lesson queue, jobs/ai.jobs.ts, runs a job's lessons with its kind's runner, so jobs/
 * imports no runner of translate/). A new kind is a new entry here (the provider's type asks for one
 * per kind of the contract's AI_JOB_KINDS).
 */
export function register(ctx: AppContext): void {
  ctx.providers.provide(
    'ai.lessonRunners',
    Object.freeze({ generate: writeLesson, translate: translateLesson }),
  );
}
