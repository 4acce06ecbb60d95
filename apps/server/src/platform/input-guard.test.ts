import {
  epochMsSchema,
  idSchema,
  INPUT_LIMITS,
  pageQuerySchema,
  queryIdSchema,
  VALIDATION_MESSAGES,
} from '@studio/contract';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { errorHandler } from './error-handler.ts';
import { findBadInput, registerInputGuard, schemaProblems } from './input-guard.ts';

const nested = (levels: number): unknown => {
  let node: unknown = { type: 'text', text: 'x' };
  for (let i = 0; i < levels; i++) node = { type: 'paragraph', content: [node] };
  return node;
};

describe('findBadInput', () => {
  it('finds a NUL or a lone surrogate in any value or key, with its path', () => {
    expect(findBadInput({ a: [{ b: 'ok' }, { c: 'x\u0000y' }] })).toEqual({
      path: ['a', 1, 'c'],
      rule: 'nulCharacter',
    });
    expect(findBadInput({ tags: ['fine', '\ud800'] })).toEqual({
      path: ['tags', 1],
      rule: 'loneSurrogate',
    });
    expect(findBadInput({ attrs: { 'k\udc00': 1 } })).toEqual({
      path: ['attrs'],
      rule: 'loneSurrogate',
    });
    // A pair is one character (an emoji), Chinese and every other text is fine.
    expect(findBadInput({ nickName: '🀄️👨‍👩‍👧 中文 ṡ̴̡̛̖̙', n: 1, b: true, z: null })).toBeNull();
  });

  it('refuses nesting past the limit, named by the top-level field, without recursion', () => {
    const limit = INPUT_LIMITS.jsonDepthMax;
    expect(findBadInput({ content: nested(limit / 2 - 2) })).toBeNull();
    expect(findBadInput({ content: nested(limit) })).toEqual({
      path: ['content'],
      rule: 'tooDeep',
      max: limit,
    });
    // Far deeper than any call stack: still answered.
    let deep: unknown = [];
    for (let i = 0; i < 200_000; i++) deep = [deep];
    expect(findBadInput({ x: deep })?.path).toEqual(['x']);
  });
});

describe('route input schemas', () => {
  it('refuses coercion and numbers without bounds within PostgreSQL integer', () => {
    expect(schemaProblems(z.object({ id: z.coerce.number().int().min(1).max(5) }))).toEqual([
      'id: coerces (z.coerce); a query string reads digits with queryNumber',
    ]);
    expect(schemaProblems(z.object({ version: z.number().int().min(1) }))[0]).toMatch(/^version: a number/);
    expect(schemaProblems(z.object({ ids: z.array(z.number().int().positive()).optional() }))[0]).toMatch(
      /^ids\.\[\]: a number/,
    );
    expect(schemaProblems(z.object({ n: z.union([z.string(), z.number()]) }))).toHaveLength(1);
    expect(
      schemaProblems(
        z.object({
          id: idSchema,
          at: epochMsSchema.nullable(),
          p: z.number().min(0).max(1),
        }),
      ),
    ).toEqual([]);
    expect(schemaProblems(pageQuerySchema.extend({ q: queryIdSchema }), 'query')).toEqual([]);
    // A query string's digits are no JSON number.
    expect(schemaProblems(z.object({ revisionId: queryIdSchema }))).toEqual([
      "revisionId: reads a query string's digits (queryNumber); a JSON body takes a number",
    ]);
  });

  const app = () => {
    const a = Fastify().withTypeProvider<ZodTypeProvider>();
    a.setValidatorCompiler(validatorCompiler);
    a.setSerializerCompiler(serializerCompiler);
    a.setErrorHandler(errorHandler);
    registerInputGuard(a);
    return a;
  };

  it('makes the app refuse to start with such a route', async () => {
    const a = app();
    expect(() =>
      a.post('/x', { schema: { body: z.object({ id: z.coerce.number() }) } }, async () => 'ok'),
    ).toThrow(/POST \/x: input schema refused:\n {2}body id: coerces/);
  });

  it('answers 400 naming the field, before validation, in body, query and params', async () => {
    const a = app();
    a.post('/b', { schema: { body: z.object({ name: z.string(), content: z.unknown() }) } }, async () => ({
      msg: 'ok',
    }));
    a.get('/api/q/:slug', { schema: { querystring: z.object({ keyword: z.string() }) } }, async () => 'ok');
    // A page (outside /api) reads its address leniently: a parameter it cannot read is dropped.
    a.get('/page', async (r) => ({ query: r.query }));
    const body = async (payload: unknown) => {
      const res = await a.inject({ method: 'POST', url: '/b', payload: payload as object });
      return [res.statusCode, res.json().msg] as const;
    };
    expect(await body({ name: 'a\u0000b' })).toEqual([400, `name: ${VALIDATION_MESSAGES.nulCharacter}`]);
    expect(await body({ name: 'a', content: { text: '\ud800' } })).toEqual([
      400,
      `content.text: ${VALIDATION_MESSAGES.loneSurrogate}`,
    ]);
    expect(await body({ name: 'a', content: nested(1000) })).toEqual([
      400,
      `content: ${VALIDATION_MESSAGES.tooDeep(INPUT_LIMITS.jsonDepthMax)}`,
    ]);
    expect(await body({ name: 'fine 🀄️', content: nested(10) })).toEqual([200, 'ok']);
    const q = await a.inject({ method: 'GET', url: '/api/q/x?keyword=a%00b' });
    expect([q.statusCode, q.json().msg]).toEqual([400, `keyword: ${VALIDATION_MESSAGES.nulCharacter}`]);
    const p = await a.inject({ method: 'GET', url: '/api/q/a%00b?keyword=a' });
    expect([p.statusCode, p.json().msg]).toEqual([400, `slug: ${VALIDATION_MESSAGES.nulCharacter}`]);
    // An English asker (the web's language cookie) reads the rule in English.
    const en = await a.inject({
      method: 'POST',
      url: '/b',
      payload: { name: 'a\u0000b' },
      headers: { cookie: 'lang=en-US' },
    });
    expect([en.statusCode, en.json().msg]).toEqual([400, 'name: must not contain a NUL character (U+0000)']);
    const page = await a.inject({ method: 'GET', url: '/page?keyword=a%00b&sort=new' });
    expect([page.statusCode, page.json()]).toEqual([200, { query: { sort: 'new' } }]);
  });
});
