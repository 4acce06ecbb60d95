/**
 * POST /api/ai/assist: continue / rewrite / summarize / quiz for the lesson editor, streamed as
 * server-sent events (the contract's aiAssistEventSchema: text deltas, then done or a failure's code,
 * which the editor says in its reader's language). The text
 * is Markdown, and for quiz one quiz block per JSON line (platform/ai/assist-quiz.ts).
 * Nothing is stored but the tokens it used (ai_usage): the editor inserts the result as one undoable step.
 */
import { Code, type AiAssistAction, type AiAssistEvent } from '@studio/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../../platform/context.ts';
import { metered, noUsage } from '../../../platform/ai/usage.ts';
import { aiError } from '../shared/ai.errors.ts';
import { type UsageOwner, recordUsage } from '../cost/index.ts';
import { openEventStream } from '../../../platform/event-stream.ts';

export async function streamAssist(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  body: { action: AiAssistAction; text: string; language: 'zh-CN' | 'en-US' },
  owner: UsageOwner,
  /** The estimate it holds of the budget, replaced by its real count at the end (ai.usage.ts). */
  hold: number | null = null,
) {
  const res = openEventStream(reply);
  ctx.metrics?.sseConnections.inc();
  res.on('close', () => ctx.metrics?.sseConnections.dec());
  const cancel = new AbortController();
  // The response's close, not the request's: a request closes as soon as its body has been read.
  res.on('close', () => {
    if (!res.writableFinished) cancel.abort(new Error('client left'));
  });
  let seq = 0;
  const send = (data: AiAssistEvent) => res.write(`id: ${++seq}\ndata: ${JSON.stringify(data)}\n\n`);
  const usage = noUsage();
  try {
    await metered(usage, () =>
      ctx.generator.assist(
        body.action,
        body.text,
        body.language,
        (text) => send({ type: 'text-delta', text }),
        cancel.signal,
      ),
    );
    send({ type: 'done' });
  } catch (err) {
    if (!cancel.signal.aborted) {
      request.log.warn({ err }, 'assist failed');
      send({ type: 'error', error: aiError(Code.AI_ASSIST_UNAVAILABLE) });
    }
  } finally {
    // Spent whether it succeeded, failed or was left: the tokens went through the provider. Recorded
    // before the end, so the editor's next look at the budget counts it.
    await recordUsage(ctx.db, owner, 'assist', usage, hold).catch((err: unknown) =>
      request.log.warn({ err }, 'assist usage not recorded'),
    );
    res.end();
  }
}
