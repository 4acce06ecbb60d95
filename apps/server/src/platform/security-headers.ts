import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's security headers (CSP, HSTS, X-Frame-Options…) on every response, from one middleware
 * built at start. @fastify/helmet builds a new one, re-parsing the CSP directives, on every request:
 * about 8% of the server's CPU under load (V8 profiles, bench/RESULTS.md). The app sets no per-route
 * helmet options, so one middleware serves all; the embeddable previews loosen theirs in app.ts.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const setHeaders = helmet(options);
  app.addHook('onRequest', (request, reply, done) => {
    setHeaders(request.raw, reply.raw, (err?: unknown) => done(err instanceof Error ? err : undefined));
  });
}
