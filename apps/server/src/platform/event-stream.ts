/**
 * A Server-Sent Events answer (AI job progress, the editor's AI assist, the notice stream): the reply
 * is taken over from Fastify and its headers written at once; no proxy may buffer or transform it.
 */
import type { ServerResponse } from 'node:http';
import type { FastifyReply } from 'fastify';

export function openEventStream(reply: FastifyReply): ServerResponse {
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  return res;
}
