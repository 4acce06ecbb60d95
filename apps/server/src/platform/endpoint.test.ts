import { Code, endpoint } from '@studio/contract';
import Fastify, { type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { coded, serve } from './endpoint.ts';
import { errorHandler } from './error-handler.ts';
import { AppError } from './errors.ts';

const search = endpoint({
  method: 'GET',
  path: '/thing/search',
  auth: 'team',
  summary: 'Search things',
  input: z.object({ keyword: z.string().max(5) }),
  output: z.object({ found: z.array(z.string()) }),
  rateLimit: { max: 3, timeWindow: '1 minute' },
});
const save = endpoint({
  method: 'POST',
  path: '/thing/save',
  auth: 'public',
  summary: 'Save a thing',
  input: z.object({ name: z.string() }),
  output: z.null(),
  bodyLimit: 1024,
});

const appWith = () => {
  const app = Fastify().withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const routes: RouteOptions[] = [];
  // Fastify adds a HEAD route for each GET: only the routes serve asked for.
  app.addHook('onRoute', (route) => void (route.method !== 'HEAD' && routes.push(route)));
  serve(app, search, async (r) => ({ found: [r.query.keyword] }));
  serve(app, save, async (r) => (r.body.name === 'again' ? coded(null, Code.ALREADY_MEMBER) : null));
  return { app, routes };
};

describe('serve: a route from its contract endpoint', () => {
  it('registers the method, path, config, body limit and schemas of the endpoint', () => {
    const { routes } = appWith();
    const [get, post] = routes;
    expect(get).toMatchObject({
      method: 'GET',
      url: '/thing/search',
      config: { auth: 'team', rateLimit: { max: 3, timeWindow: '1 minute' } },
      schema: { summary: 'Search things', querystring: search.input },
    });
    expect(get?.schema).not.toHaveProperty('body');
    expect(post).toMatchObject({
      method: 'POST',
      config: { auth: 'public' },
      bodyLimit: 1024,
      schema: { summary: 'Save a thing', body: save.input },
    });
    expect(post?.config).not.toHaveProperty('rateLimit');
  });

  it('answers the envelope of what the handler hands back, with its code when coded', async () => {
    const { app } = appWith();
    const found = await app.inject({ method: 'GET', url: '/thing/search?keyword=ab' });
    expect(found.json()).toEqual({ code: Code.OK, msg: '成功', data: { found: ['ab'] } });
    const saved = await app.inject({ method: 'POST', url: '/thing/save', payload: { name: 'again' } });
    expect(saved.json()).toMatchObject({ code: Code.ALREADY_MEMBER, data: null });
  });

  it('validates the input with the endpoint schema', async () => {
    const { app } = appWith();
    expect((await app.inject({ method: 'GET', url: '/thing/search?keyword=toolong' })).statusCode).toBe(400);
    expect((await app.inject({ method: 'POST', url: '/thing/save', payload: {} })).statusCode).toBe(400);
  });

  it('leaves a reply the handler sent itself as it is, sending nothing twice', async () => {
    // Fastify logs a second send as a warning ("Reply was already sent") and carries on.
    const warnings: string[] = [];
    const app = Fastify({
      logger: { level: 'warn', stream: { write: (line: string) => void warnings.push(line) } },
    }).withTypeProvider<ZodTypeProvider>();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    serve(app, search, async (_r, reply) =>
      reply.type('application/json; charset=utf-8').send('{"code":0,"msg":"ok","data":{"found":["pre"]}}'),
    );
    const res = await app.inject({ method: 'GET', url: '/thing/search?keyword=a' });
    expect(res.json()).toEqual({ code: 0, msg: 'ok', data: { found: ['pre'] } });
    expect(warnings).toEqual([]);
    expect(res.statusCode).toBe(200);
  });
});

const read = endpoint({
  method: 'POST',
  path: '/thing/read',
  auth: 'public',
  summary: 'Read a thing in pages',
  input: z.object({ pages: z.number().int().min(0).max(9), refuseAt: z.number().int().min(0).max(9) }),
  output: z.object({ pages: z.number().int() }),
  progress: z.object({ done: z.number().int(), total: z.number().int() }),
});

const reading = () => {
  const app = Fastify().withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(errorHandler);
  serve(app, read, async (r, _reply, report) => {
    const { pages, refuseAt } = r.body;
    for (let done = 1; done <= pages; done++) {
      if (done === refuseAt) throw new AppError(Code.AI_DOC_CORRUPT);
      report({ done, total: pages });
    }
    if (refuseAt > pages) throw new AppError(Code.AI_DOC_CORRUPT);
    return { pages };
  });
  const send = (body: object, accept?: string) =>
    app.inject({ method: 'POST', url: '/thing/read', payload: body, headers: accept ? { accept } : {} });
  return { app, send };
};
const linesOf = (body: string) =>
  body
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as unknown);

describe('serve: an endpoint that reports its progress', () => {
  const NDJSON = 'application/x-ndjson, application/json';

  it('sends each step as a line, then the envelope, to a caller that accepts NDJSON', async () => {
    const res = await reading().send({ pages: 2, refuseAt: 0 }, NDJSON);
    expect(res.headers['content-type']).toContain('application/x-ndjson');
    expect(linesOf(res.body)).toEqual([
      { progress: { done: 1, total: 2 } },
      { progress: { done: 2, total: 2 } },
      { code: Code.OK, msg: '成功', data: { pages: 2 } },
    ]);
  });

  it('answers the envelope alone to any other caller', async () => {
    const res = await reading().send({ pages: 2, refuseAt: 0 });
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.json()).toEqual({ code: Code.OK, msg: '成功', data: { pages: 2 } });
  });

  it("ends with a refusal's envelope once lines went out; before any, the refusal is the usual JSON", async () => {
    const late = await reading().send({ pages: 3, refuseAt: 2 }, NDJSON);
    expect(late.statusCode).toBe(200);
    expect(linesOf(late.body)).toEqual([
      { progress: { done: 1, total: 3 } },
      { code: Code.AI_DOC_CORRUPT, msg: expect.any(String) as string, data: null },
    ]);
    const early = await reading().send({ pages: 0, refuseAt: 1 }, NDJSON);
    expect(early.headers['content-type']).toContain('application/json');
    expect(early.json()).toMatchObject({ code: Code.AI_DOC_CORRUPT, data: null });
  });
});
