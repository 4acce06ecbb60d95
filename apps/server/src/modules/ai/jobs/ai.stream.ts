/**
 * GET /api/ai/job/stream: the job's events as server-sent events. Replays the log after
 * Last-Event-ID (header) or ?lastEventId, then follows new events as every process writes them.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../../platform/context.ts';
import { jobKey } from '../shared/ai.events.ts';
import { eventsAfter } from './ai.repo.ts';
import { openEventStream } from '../../../platform/event-stream.ts';

const KEEPALIVE_MS = 15_000;
const POLL_MS = 1_000; // a safety net under LISTEN/NOTIFY, and the only source when there is no bus

export async function streamJob(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  jobId: number,
  fromId: number,
) {
  const res = openEventStream(reply);
  let lastId = fromId;
  let pumping = false;
  let again = false;
  let closed = false;
  const pump = async () => {
    if (pumping) return void (again = true);
    pumping = true;
    try {
      do {
        again = false;
        const events = await eventsAfter(ctx.db, jobId, lastId);
        for (const e of events) {
          if (closed) return;
          res.write(`id: ${e.id}\ndata: ${JSON.stringify({ type: e.type, ...e.data })}\n\n`);
          lastId = e.id;
        }
        if (events.length === 500) again = true;
      } while (again && !closed);
    } catch (err) {
      request.log.warn({ err, jobId }, 'event stream read failed');
    } finally {
      pumping = false;
    }
  };
  ctx.metrics?.sseConnections.inc();
  const unsubscribe = ctx.events
    ? await ctx.events.subscribe(jobKey(jobId), () => void pump())
    : () => undefined;
  const poll = setInterval(() => void pump(), POLL_MS);
  const keepalive = setInterval(() => res.write(`data: {"type":"keepalive"}\n\n`), KEEPALIVE_MS);
  res.on('close', () => {
    closed = true;
    clearInterval(poll);
    clearInterval(keepalive);
    unsubscribe();
    ctx.metrics?.sseConnections.dec();
  });
  await pump();
}
