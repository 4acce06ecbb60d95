/**
 * Registers a JSON route from its contract endpoint (`@studio/contract`'s `endpoints`): the method,
 * path, `config` (auth, rate limit), body limit and the schemas Fastify validates with and OpenAPI is
 * built from (summary, query string or body, the 200 envelope) all come from the one definition. The
 * handler reads typed input and hands back the envelope's `data`; serve wraps it (reply.ts `ok`).
 */
import { envelope, type EndpointDef, type ParsedInputOf, type ReplyOf } from '@studio/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from './reply.ts';

/** A success answered with a code other than 0 (10005, 20014…), or a message of its own. */
export class Coded<T> {
  readonly data: T;
  readonly code: number;
  readonly msg?: string;
  constructor(data: T, code: number, msg?: string) {
    this.data = data;
    this.code = code;
    this.msg = msg;
  }
}
export const coded = <T>(data: T, code: number, msg?: string): Coded<T> => new Coded(data, code, msg);

/** The request as the endpoint's handler sees it: its input validated, as the body or the query. */
export type EndpointRequest<E extends EndpointDef> = FastifyRequest<{
  Body: E['method'] extends 'POST' ? ParsedInputOf<E> : unknown;
  Querystring: E['method'] extends 'GET' ? ParsedInputOf<E> : unknown;
}>;

export type EndpointHandler<E extends EndpointDef> = (
  request: EndpointRequest<E>,
  reply: FastifyReply,
) => Promise<ReplyOf<E> | Coded<ReplyOf<E>>>;

type ZodApp = FastifyInstance<
  FastifyInstance['server'],
  FastifyRequest['raw'],
  FastifyReply['raw'],
  FastifyInstance['log'],
  ZodTypeProvider
>;

export function serve<E extends EndpointDef>(app: ZodApp, endpoint: E, handler: EndpointHandler<E>): void {
  const { method, path, auth, summary, description, input, output, rateLimit, bodyLimit, multipart } =
    endpoint;
  app.route({
    method,
    url: path,
    config: rateLimit === undefined ? { auth } : { auth, rateLimit },
    ...(bodyLimit === undefined ? {} : { bodyLimit }),
    schema: {
      summary,
      ...(description === undefined ? {} : { description }),
      ...(input === undefined ? {} : method === 'GET' ? { querystring: input } : { body: input }),
      ...(multipart ? { consumes: ['multipart/form-data'] } : {}),
      response: { 200: envelope(output) },
    },
    handler: async (request, reply) => {
      const data = await handler(request as EndpointRequest<E>, reply);
      // A handler that answered itself (the store list's pre-serialised page) is done: wrapping what
      // it returned (the reply) would send twice, which Fastify refuses with a warning.
      if (reply.sent) return reply;
      return data instanceof Coded ? ok(data.data, data.code, data.msg) : ok(data);
    },
  });
}
