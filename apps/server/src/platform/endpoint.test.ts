import { Code, endpoint } from '@studio/contract';
import Fastify, { type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { coded, serve } from './endpoint.ts';

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
