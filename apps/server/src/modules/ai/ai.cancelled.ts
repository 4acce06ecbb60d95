/**
 * A cancelled job's lessons: those not yet written are marked so they can be retried one by one
 * (ai.service.ts `retryLesson`); 重新开始 is ai.restart.ts.
 */
import type { AppContext } from '../../platform/context.ts';
import { emit } from './ai.events.ts';
import { markUnwrittenLessons } from './ai.repo.ts';

export const CANCELLED_LESSON_ERROR = '任务取消时尚未生成，可单独重试';

/**
 * After a cancel: lessons not yet written are failed with a reason (a retry writes them), so the job
 * shows what was written and what was not, and a retried job settles (done or failed) once its lessons
 * have. Each one is told to the progress pages that follow the job.
 */
export async function settleCancelledLessons(ctx: AppContext, jobId: number): Promise<void> {
  const marked = await markUnwrittenLessons(ctx.db, jobId, CANCELLED_LESSON_ERROR);
  for (const idx of marked) await emit(ctx, jobId, { type: 'error', idx, message: CANCELLED_LESSON_ERROR });
}
