/**
 * Each class of input refused at the edge (docs/security.md), tried on every operation, field and
 * query parameter /api/openapi.json lists: a NUL in any text, a lone surrogate in any JSON text, JSON
 * nested 1,000 levels, and for every number a boolean, an array, numeric strings and values past its
 * bounds (2^31 for ids and versions). Each answers 400 naming the field, never 5xx.
 */
import { EPOCH_MS_MAX, INPUT_LIMITS, INT32_MAX, VALIDATION_MESSAGES } from '@studio/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCourse, createLesson, createTeam, createUser } from './factories.ts';
import { readOperations, urlOf, type Operation, type Schema } from './openapi-operations.ts';
import { createTestApp, type TestApp } from './test-app.ts';

let t: TestApp;
let token: string;
let ops: Awaited<ReturnType<typeof readOperations>>;
let operations: Operation[];
const resolve = (s: Schema | undefined) => ops.resolve(s);
const concrete = (s: Schema | undefined) => ops.concrete(s);
const sample = (s: Schema | undefined) => ops.sample(s);

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '1000000' });
  const user = await createUser(t);
  await createTeam(t, user.token);
  token = user.token;
  ops = await readOperations(t);
  operations = ops.operations;
});
afterAll(() => t.close());

type Answer = { status: number; code: unknown; msg: string };
let address = 0;
/** Every 5xx met, by operation: none is allowed. */
const serverErrors = new Set<string>();

/** One request as the fuzzing user, each from its own address (route rate limits never answer first). */
async function send(
  op: Operation,
  input: { query?: Record<string, string | string[]>; body?: unknown; pathValue?: string },
): Promise<Answer> {
  address++;
  const res = await t.app.inject({
    method: op.method,
    url: urlOf(op, input.pathValue),
    remoteAddress: `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`,
    headers: { 'x-request-tkForm': 'pc', 'x-request-tkToken': token },
    ...(input.query ? { query: input.query } : {}),
    ...(input.body !== undefined ? { payload: input.body as object } : {}),
  });
  if (res.statusCode >= 500)
    serverErrors.add(`${op.method} ${op.path} → ${res.statusCode}: ${res.body.slice(0, 120)}`);
  const body = (res.headers['content-type']?.toString().includes('json') ? res.json() : {}) as {
    code?: unknown;
    msg?: unknown;
  };
  return { status: res.statusCode, code: body.code, msg: typeof body.msg === 'string' ? body.msg : '' };
}

const NUL = 'a\u0000b';
const SURROGATE = 'a\ud800b';
const nested = (levels: number): unknown => {
  let node: unknown = { type: 'text', text: 'x' };
  for (let i = 0; i < levels; i++) node = { type: 'paragraph', content: [node] };
  return node;
};
const isNumber = (s: Schema | undefined) => s?.type === 'integer' || s?.type === 'number';
/** What the document must say of a number: both bounds, within PostgreSQL integer but for a time in ms. */
const boundsOk = (s: Schema) =>
  s.minimum !== undefined &&
  s.maximum !== undefined &&
  s.minimum >= -(2 ** 31) &&
  (s.maximum <= INT32_MAX || s.maximum === EPOCH_MS_MAX);

/** What a JSON number field must refuse: never coerced, never past its bounds. */
function badNumbers(s: Schema): [string, unknown][] {
  return [
    ['true', true],
    ['[1]', [1]],
    ['"1"', '1'],
    ['"0x10"', '0x10'],
    ['2^53', 2 ** 53],
    ['1e300', 1e300],
    ...(s.maximum !== undefined ? [[`max+1 (${s.maximum + 1})`, s.maximum + 1] as [string, unknown]] : []),
    // Ids, versions and counts: past PostgreSQL integer (only a time in ms goes above it).
    ...(s.type === 'integer' && s.maximum !== EPOCH_MS_MAX ? [['2^31', 2 ** 31] as [string, unknown]] : []),
    ...(s.type === 'integer' ? [['1.5', 1.5] as [string, unknown]] : []),
  ];
}
/** What a number in a query string must refuse: digits only (`?id=12`), within its bounds. */
function badQueryNumbers(s: Schema): [string, string | string[]][] {
  return [
    ['0x10', '0x10'],
    ['true', 'true'],
    ['1e3', '1e3'],
    ['" 1"', ' 1'],
    ['empty', ''],
    ['repeated', ['1', '1']],
    ['2^53', String(2 ** 53)],
    ...(s.maximum !== undefined ? [['max+1', String(s.maximum + 1)] as [string, string]] : []),
    ...(s.type === 'integer' ? [['1.5', '1.5'] as [string, string]] : []),
  ];
}

describe('each class refused at the edge, on every operation of the OpenAPI document', () => {
  const failures: string[] = [];
  const counts: Record<string, number> = {};
  const expectRefused = (answer: Answer, what: string, field: string, rule: string | null) => {
    const klass = what.split(' ')[0]!;
    counts[klass] = (counts[klass] ?? 0) + 1;
    const ok =
      answer.status === 400 &&
      answer.code === 400 &&
      (rule ? answer.msg === `${field}: ${rule}` : answer.msg.includes(`${field}: `));
    if (!ok)
      failures.push(`${what} ${field}: ${answer.status} ${String(answer.code)} ${answer.msg.slice(0, 160)}`);
  };

  it('answers 400 naming the field for NUL, lone surrogates, deep JSON and every malformed number', async () => {
    const bodyOps = operations.filter((op) => op.body);
    expect(bodyOps.length).toBeGreaterThan(50);
    for (const op of operations) {
      const name = `${op.method} ${op.path}`;
      // JSON body: every top-level field (a union's fields with the rest of the option holding them).
      const root = resolve(op.body);
      const shapes = root ? (root.anyOf ?? root.oneOf ?? [root]).map(resolve) : [];
      for (const shape of shapes) {
        for (const [field, prop] of Object.entries(shape?.properties ?? {})) {
          const base = sample(shape) as Record<string, unknown>;
          const withField = (value: unknown) => ({ ...base, [field]: value });
          expectRefused(
            await send(op, { body: withField(NUL) }),
            `nul ${name}`,
            field,
            VALIDATION_MESSAGES.nulCharacter,
          );
          expectRefused(
            await send(op, { body: withField(SURROGATE) }),
            `surrogate ${name}`,
            field,
            VALIDATION_MESSAGES.loneSurrogate,
          );
          expectRefused(
            await send(op, { body: withField(nested(1000)) }),
            `depth ${name}`,
            field,
            VALIDATION_MESSAGES.tooDeep(INPUT_LIMITS.jsonDepthMax),
          );
          const s = concrete(prop);
          if (isNumber(s) && !boundsOk(s!)) failures.push(`unbounded in the document: ${name} ${field}`);
          if (isNumber(s))
            for (const [label, value] of badNumbers(s!))
              expectRefused(
                await send(op, { body: withField(value) }),
                `number ${name} ${label}`,
                field,
                null,
              );
          const items = s?.type === 'array' ? concrete(s.items) : undefined;
          if (isNumber(items))
            for (const [label, value] of badNumbers(items!))
              expectRefused(
                await send(op, { body: withField([value]) }),
                `number ${name} [${label}]`,
                `${field}.0`,
                null,
              );
        }
      }
      // Query string and path: every parameter.
      const query = Object.fromEntries(
        op.params
          .filter((p) => p.in === 'query' && p.required)
          .map((p) => [p.name, String(sample(p.schema))]),
      );
      for (const p of op.params) {
        if (p.in === 'path') {
          expectRefused(
            await send(op, { pathValue: '%00' }),
            `nul ${name}`,
            p.name,
            VALIDATION_MESSAGES.nulCharacter,
          );
          continue;
        }
        expectRefused(
          await send(op, { query: { ...query, [p.name]: NUL } }),
          `nul ${name}`,
          p.name,
          VALIDATION_MESSAGES.nulCharacter,
        );
        const s = concrete(p.schema);
        if (!isNumber(s)) continue;
        if (!boundsOk(s!)) failures.push(`unbounded in the document: ${name} ?${p.name}`);
        for (const [label, value] of badQueryNumbers(s!))
          expectRefused(
            await send(op, { query: { ...query, [p.name]: value } }),
            `number ${name} ?${label}`,
            p.name,
            null,
          );
        // Coercion belongs to query strings: digits are the number.
        const digits = await send(op, { query: { ...query, [p.name]: String(sample(s)) } });
        if (digits.status === 400 && digits.msg.includes(`${p.name}: `))
          failures.push(`query digits refused: ${name} ${p.name}: ${digits.msg}`);
      }
    }
    console.log(`edge classes across ${operations.length} operations: ${JSON.stringify(counts)}`);
    expect([...serverErrors]).toEqual([]);
    expect(failures).toEqual([]);
  }, 300_000);

  it('refuses integers past 2^31 − 1 where PostgreSQL would fail: versions of own course and lesson, AI job ids', async () => {
    const op = (path: string) => operations.find((o) => o.path === `/api${path}`)!;
    const course = await createCourse(t, token, '边界课程');
    const lesson = await createLesson(t, token, course.courseId);
    const outline = { title: 't', summary: 's', lessons: [{ title: 'l' }] };
    const cases: [string, unknown, string][] = [
      ['/course/modify', { courseId: course.courseId, version: 2 ** 31, title: 'x' }, 'version'],
      ['/lesson/save', { lessonId: lesson.lessonId, version: 2 ** 31, title: 'x' }, 'version'],
      ['/ai/job/outline', { jobId: 2 ** 31, outline }, 'jobId'],
      ['/ai/job/retry', { jobId: 2 ** 31, idx: 0 }, 'jobId'],
      ['/cart/add', { courseId: 2 ** 31 }, 'courseId'],
    ];
    for (const [path, body, field] of cases) {
      const answer = await send(op(path), { body });
      expect([path, answer.status, answer.msg]).toEqual([
        path,
        400,
        expect.stringMatching(new RegExp(`^${field}: `)),
      ]);
    }
    expect([...serverErrors]).toEqual([]);
  });

  it('names the fields the issue found: tags, lesson content text and alt, the AI reference and outline', async () => {
    const op = (path: string) => operations.find((o) => o.path === `/api${path}`)!;
    const cases: [string, unknown, string, string][] = [
      [
        '/course/modify',
        { courseId: 1, version: 1, tags: ['ok', SURROGATE] },
        'tags.1',
        VALIDATION_MESSAGES.loneSurrogate,
      ],
      [
        '/lesson/save',
        {
          lessonId: 1,
          version: 1,
          content: {
            type: 'doc',
            content: [{ type: 'paragraph', content: [{ type: 'text', text: SURROGATE }] }],
          },
        },
        'content.content.0.content.0.text',
        VALIDATION_MESSAGES.loneSurrogate,
      ],
      [
        '/lesson/save',
        {
          lessonId: 1,
          version: 1,
          content: { type: 'doc', content: [{ type: 'image', attrs: { src: '/files/a.png', alt: NUL } }] },
        },
        'content.content.0.attrs.alt',
        VALIDATION_MESSAGES.nulCharacter,
      ],
      [
        '/ai/job/create',
        { topic: 'Topic', reference: SURROGATE },
        'reference',
        VALIDATION_MESSAGES.loneSurrogate,
      ],
      [
        '/ai/job/outline',
        { jobId: 1, outline: { title: 't', summary: 's', lessons: [{ title: NUL }] } },
        'outline.lessons.0.title',
        VALIDATION_MESSAGES.nulCharacter,
      ],
      ['/user/modify', { nickName: NUL }, 'nickName', VALIDATION_MESSAGES.nulCharacter],
      ['/course/release', { courseId: 1, notes: NUL }, 'notes', VALIDATION_MESSAGES.nulCharacter],
    ];
    for (const [path, body, field, rule] of cases) {
      const answer = await send(op(path), { body });
      expect([path, answer.status, answer.msg]).toEqual([path, 400, `${field}: ${rule}`]);
    }
    const keyword = await send(op('/store/list'), { query: { keyword: NUL } });
    expect([keyword.status, keyword.msg]).toEqual([400, `keyword: ${VALIDATION_MESSAGES.nulCharacter}`]);
    const courseId = await send(op('/cart/add'), { body: { courseId: true } });
    expect([courseId.status, courseId.msg]).toEqual([400, expect.stringMatching(/^courseId: /)]);
  });
});
