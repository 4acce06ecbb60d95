import type { AiEvent } from '@studio/contract';
import type { AppContext } from '../../platform/context.ts';
import { insertEvent } from './ai.repo.ts';

export const jobKey = (jobId: number) => `ai-job:${jobId}`;

/** Appends an event to the job's log and tells every process that follows the job. */
export async function emit(ctx: AppContext, jobId: number, event: AiEvent): Promise<void> {
  const { type, ...data } = event;
  await insertEvent(ctx.db, jobId, type, data);
  await ctx.events?.publish(ctx.db, jobKey(jobId));
}

/**
 * Text deltas come a few characters at a time; this batches them into one event per ~150 ms so the
 * log stays small while the page still sees text appear as it is written.
 */
export function deltaBuffer(ctx: AppContext, jobId: number, idx: number, flushMs = 150) {
  let pending = '';
  let timer: NodeJS.Timeout | null = null;
  let chain = Promise.resolve();
  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    if (!pending) return chain;
    const text = pending;
    pending = '';
    chain = chain.then(() => emit(ctx, jobId, { type: 'text-delta', idx, text }));
    return chain;
  };
  return {
    push(text: string) {
      pending += text;
      timer ??= setTimeout(() => void flush(), flushMs);
    },
    flush,
    drop() {
      if (timer) clearTimeout(timer);
      pending = '';
    },
  };
}
