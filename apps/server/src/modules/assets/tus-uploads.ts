/**
 * What media's and attachments' resumable uploads share (both over tus, `@tus/server`): a hook's
 * refusal in our envelope, and the routes that hand a team member's requests to a tus server with
 * the member's team context at hand (the session token header, as every API call). The upload stores
 * themselves are in tus-stores.ts.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { ServerResponse } from 'node:http';
import { type CodeValue, messageFor } from '@studio/contract';
import type { Server } from '@tus/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { teamCtxOf, type TeamCtx } from '../../platform/auth.ts';

export type TusRefusal = { status_code: number; body: string };

/** A tus hook's refusal: the HTTP status tus sends and our envelope as its body. */
export const refuse = (status: number, code: CodeValue, params?: Record<string, number>): TusRefusal => ({
  status_code: status,
  body: JSON.stringify({ code, msg: messageFor(code, params), data: params ?? null }),
});

/** Whether a thrown value is such a refusal (a hook passes it on as it is). */
export const isRefusal = (err: unknown): err is TusRefusal =>
  typeof err === 'object' && err !== null && 'status_code' in err && 'body' in err;

/** The member and the raw response of the request a tus hook runs for. */
export type TusRequest = { c: TeamCtx; res: ServerResponse };

/**
 * Routes `route` and `route/:uploadId` (POST, HEAD, PATCH, DELETE, OPTIONS) to the tus server made
 * by `make`, whose hooks read the current request's member through `current.getStore()`. Register it
 * in a plugin of its own: the content type parsers below would otherwise reach JSON routes.
 */
export function serveTus(
  app: FastifyInstance,
  route: string,
  make: (current: AsyncLocalStorage<TusRequest>) => Server,
  label: string,
): void {
  const current = new AsyncLocalStorage<TusRequest>();
  const tus = make(current);
  // The bytes go to tus as they arrive: Fastify does not read the body.
  app.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => done(null));
  // Whatever type a client declares on creation, tus decides: the bytes are judged when they are all
  // stored, and a PATCH of another type gets tus's own 415.
  app.addContentTypeParser('*', (_request, _payload, done) => done(null));
  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const c = teamCtxOf(request);
    reply.hijack();
    try {
      await current.run({ c, res: reply.raw }, () => tus.handle(request.raw, reply.raw));
    } catch (err) {
      request.log.error({ err }, label);
      if (!reply.raw.headersSent) reply.raw.writeHead(500).end();
    }
  };
  for (const url of [route, `${route}/:uploadId`])
    app.route({
      method: ['POST', 'HEAD', 'PATCH', 'DELETE', 'OPTIONS'],
      url,
      config: { auth: 'team' },
      schema: { hide: true },
      handler,
    });
}
