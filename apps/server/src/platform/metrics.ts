/**
 * Prometheus metrics at /metrics: requests, latency by route, and process figures. Serve it to the
 * scraper only (the deploy guide keeps it off the public proxy).
 */
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

export type Metrics = { registry: Registry; sseConnections: Gauge; jobs: Counter };

export function registerMetrics(app: FastifyInstance): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests by method, route and status',
    labelNames: ['method', 'route', 'status'],
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request latency by method and route',
    labelNames: ['method', 'route'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const sseConnections = new Gauge({
    name: 'sse_connections',
    help: 'Open server-sent-event streams',
    registers: [registry],
  });
  const jobs = new Counter({
    name: 'jobs_total',
    help: 'Background jobs by queue and outcome',
    labelNames: ['queue', 'outcome'],
    registers: [registry],
  });

  app.addHook('onResponse', async (request, reply) => {
    // The route pattern, never the raw URL: ids in paths would explode the label set.
    const route = request.routeOptions.url ?? 'unmatched';
    requests.inc({ method: request.method, route, status: String(reply.statusCode) });
    latency.observe({ method: request.method, route }, reply.elapsedTime / 1000);
  });
  app.get('/metrics', { schema: { hide: true }, config: { rateLimit: false } }, async (_request, reply) =>
    reply.type(registry.contentType).send(await registry.metrics()),
  );
  return { registry, sseConnections, jobs };
}
