/**
 * Registers a JSON route from its contract endpoint (`@studio/contract`'s `endpoints`): the method,
 * path, `config` (auth, rate limit), body limit and the schemas Fastify validates with and OpenAPI is
 * built from (summary, query string or body, the 200 envelope) all come from the one definition. The
 * handler reads typed input and hands back the envelope's `data`; serve wraps it (reply.ts `ok`). An
 * endpoint that reports progress gets its steps as NDJSON lines when the caller asks (progress-lines.ts).
 */
import {
  endpointNames,
  envelope,
  PROGRESS_LINES_TYPE,
  type EndpointDef,
  type ParsedInputOf,
  type ProgressOf,
  type ReplyOf,
} from '@studio/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { acceptsProgressLines, ProgressLines } from './progress-lines.ts';
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
  /** Reports a step done, for an endpoint that declares `progress` (a line when the caller asked). */
  report: (progress: ProgressOf<E>) => void,
) => Promise<ReplyOf<E> | Coded<ReplyOf<E>>>;

type ZodApp = FastifyInstance<
  FastifyInstance['server'],
  FastifyRequest['raw'],
  FastifyReply['raw'],
  FastifyInstance['log'],
  ZodTypeProvider
>;

/** The 200 answer's schema: the envelope, and for an endpoint with progress its NDJSON lines too. */
const answerSchema = ({ output, progress }: EndpointDef) =>
  progress
    ? {
        content: {
          'application/json': { schema: envelope(output) },
          [PROGRESS_LINES_TYPE]: { schema: z.union([z.object({ progress }), envelope(output)]) },
        },
      }
    : envelope(output);

const ignore = (): void => undefined;

export function serve<E extends EndpointDef>(app: ZodApp, endpoint: E, handler: EndpointHandler<E>): void {
  const { method, path, auth, summary, description, input, rateLimit, bodyLimit, multipart, progress } =
    endpoint;
  // The table's name of the endpoint: how the OpenAPI document (and app.test.ts) tells a route
  // registered from the table from one written by hand. An endpoint outside the table (a test's) has none.
  const operationId = endpointNames.get(endpoint);
  app.route({
    method,
    url: path,
    config: rateLimit === undefined ? { auth } : { auth, rateLimit },
    ...(bodyLimit === undefined ? {} : { bodyLimit }),
    schema: {
      ...(operationId === undefined ? {} : { operationId }),
      summary,
      ...(description === undefined ? {} : { description }),
      ...(input === undefined ? {} : method === 'GET' ? { querystring: input } : { body: input }),
      ...(multipart ? { consumes: ['multipart/form-data'] } : {}),
      response: { 200: answerSchema(endpoint) },
    },
    handler: async (request, reply) => {
      const lines = progress && acceptsProgressLines(request) ? new ProgressLines(request, reply) : null;
      let data: Awaited<ReturnType<EndpointHandler<E>>>;
      try {
        data = await handler(request as EndpointRequest<E>, reply, lines?.report ?? ignore);
      } catch (err) {
        if (!lines?.started) throw err;
        lines.fail(err);
        return reply;
      }
      const answer = () => (data instanceof Coded ? ok(data.data, data.code, data.msg) : ok(data));
      if (lines?.started) {
        lines.succeed(answer());
        return reply;
      }
      // A handler that answered itself (the store list's pre-serialised page) is done: wrapping what
      // it returned (the reply) would send twice, which Fastify refuses with a warning.
      if (reply.sent) return reply;
      return answer();
    },
  });
}
