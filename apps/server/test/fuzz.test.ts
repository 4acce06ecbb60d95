/**
 * Drives every operation of /api/openapi.json with generated bad input (wrong types, missing fields,
 * huge strings, unicode edge cases, negative and huge numbers, bad ids), logged in and logged out.
 * Never a 5xx, never a hang, always the envelope. Seeded, so a failure replays with the same seed.
 * (Each class of bad input refused at the edge, field by field: `edge-refusals.test.ts`.)
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTeam, createUser } from './factories.ts';
import { readOperations, urlOf, type Operation } from './openapi-operations.ts';
import { createTestApp, type TestApp } from './test-app.ts';

const SEED = Number(process.env.FUZZ_SEED ?? 20261122);
const RUNS_PER_OPERATION = Number(process.env.FUZZ_RUNS ?? 60);

let t: TestApp;
let token: string;
let operations: Operation[];

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '1000000' });
  const user = await createUser(t);
  await createTeam(t, user.token);
  token = user.token;
  ({ operations } = await readOperations(t));
});
afterAll(() => t.close());

const nasty = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '0',
    '-1',
    'NaN',
    'null',
    'true',
    '[]',
    '{}',
    '%00',
    '\u0000',
    '\ud800',
    '🀄️👨‍👩‍👧',
    'ṡ̴̡̛̖̙',
    '<script>alert(1)</script>',
    "' or 1=1 --",
    '../../etc/passwd',
    '１３８００００００００',
  ),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.constant('x'.repeat(70_000)),
);
const badValue = fc.oneof(
  nasty,
  fc.integer(),
  fc.constantFrom(-1, 0, 2 ** 31, 2 ** 53, -(2 ** 53), 1e308, Number.MIN_VALUE, 0.5),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.oneof(fc.integer(), nasty), { maxLength: 5 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.integer(), { maxKeys: 3 }),
);

const input = (fields: string[]) =>
  fc.oneof(
    fc.record(Object.fromEntries(fields.map((f) => [f, badValue])), { requiredKeys: [] }),
    fc.dictionary(fc.string({ maxLength: 8 }), badValue, { maxKeys: 4 }),
    fc.constant({}),
  );

const asQuery = (obj: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(obj).map(([k, v]) => [k, typeof v === 'string' ? v : (JSON.stringify(v) ?? '')]),
  );

describe('fuzzing every endpoint of the OpenAPI document', () => {
  it('never answers 5xx and always answers the envelope', async () => {
    expect(operations.length).toBeGreaterThan(40);
    let cases = 0;
    for (const op of operations) {
      const url = urlOf(op);
      await fc.assert(
        fc.asyncProperty(input(op.fields), fc.boolean(), async (payload, loggedIn) => {
          cases++;
          const res = await t.app.inject({
            method: op.method,
            url,
            headers: { 'x-request-tkForm': 'pc', ...(loggedIn ? { 'x-request-tkToken': token } : {}) },
            ...(op.method === 'GET' ? { query: asQuery(payload) } : { payload }),
          });
          if (res.statusCode >= 500)
            throw new Error(`${op.method} ${url} → ${res.statusCode}: ${res.body.slice(0, 300)}`);
          if (res.headers['content-type']?.toString().includes('json')) {
            const body = res.json() as { code?: unknown; msg?: unknown };
            if (typeof body.code !== 'number' || typeof body.msg !== 'string') {
              throw new Error(`${op.method} ${url}: not an envelope: ${res.body.slice(0, 200)}`);
            }
            if (body.code === 400 && !/\S/.test(body.msg))
              throw new Error(`${op.method} ${url}: 400 without a message`);
          }
        }),
        { seed: SEED, numRuns: RUNS_PER_OPERATION, endOnFailure: true },
      );
    }
    expect(cases).toBeGreaterThanOrEqual(operations.length * RUNS_PER_OPERATION);
    console.log(`fuzzed ${operations.length} operations, ${cases} cases, seed ${SEED}`);
  }, 300_000);
});
