import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { errorHandler } from './error-handler.ts';

type SetHeaders = ReturnType<typeof helmet>;

/**
 * Helmet's security headers (CSP, HSTS, X-Frame-Options…) on every response, from one middleware
 * built at start. @fastify/helmet builds a new one, re-parsing the CSP directives, on every request:
 * about 8% of the server's CPU under load (V8 profiles, bench/RESULTS.md). The app sets no per-route
 * helmet options, so one middleware serves all; the embeddable previews loosen theirs in app.ts.
 */
export function securityHeaders(options: HelmetOptions): SetHeaders {
  return helmet(options);
}

export function registerSecurityHeaders(app: FastifyInstance, setHeaders: SetHeaders): void {
  app.addHook('onRequest', (request, reply, done) => {
    setHeaders(request.raw, reply.raw, (err?: unknown) => done(err instanceof Error ? err : undefined));
  });
}

/**
 * Fastify's `frameworkErrors`: a URL the router cannot read (a bad `%` escape) is refused before any
 * hook runs. Its 400 still carries the security headers (a page nobody may frame) and the envelope.
 */
export const refuseWithSecurityHeaders =
  (setHeaders: SetHeaders) =>
  (error: Error, request: FastifyRequest, reply: FastifyReply): void => {
    setHeaders(request.raw, reply.raw, () => {
      void errorHandler(error, request, reply);
    });
  };
