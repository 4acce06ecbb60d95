/**
 * One definition per endpoint (issue 45): every JSON call of the app goes through the typed client
 * (call.ts), whose input and answer are the contract endpoint's at the path. So no source but the
 * client's own two files calls the request client (`http`) itself, and the request client offers no
 * untyped `get`/`post` (`api` keeps downloads only): a hand-typed `api.post<T>(path, …)` cannot come back.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { api } from './request.ts';

const SRC = join(import.meta.dirname, '..');
const CLIENT = [`lib${sep}call.ts`, `lib${sep}request.ts`];

/** The app's sources (tests and test helpers aside), without their comments. */
const sources = () =>
  readdirSync(SRC, { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f) && !f.startsWith(`test${sep}`))
    .map((file) => ({
      file,
      text: readFileSync(join(SRC, file), 'utf8')
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .replace(/\/\/.*$/gm, ''),
    }));

/** A call of the request client's own methods, or of `api.get`/`api.post`. */
const HAND_CALL = /\bhttp\s*\.\s*(get|post|put|patch|delete|request)\b|\bapi\s*\.\s*(get|post)\b/;

describe('typed calls', () => {
  it('calls the request client only from the typed client (call.ts) and request.ts', () => {
    const hand = sources()
      .filter(({ file, text }) => !CLIENT.includes(file) && HAND_CALL.test(text))
      .map(({ file }) => file);
    expect(hand).toEqual([]);
  });

  it('types every direct fetch of the API from the table (streams aside)', () => {
    // The visitor's islands and players, a page-leave beacon and WeChat's share set-up fetch the API
    // without the request client (to stay small, or to outlive the page); their queries, bodies and
    // answers are still the endpoint's at the path. lib/sse.ts reads event streams, which are not
    // table endpoints (the server's OUTSIDE_THE_TABLE list).
    const direct = sources().filter(
      ({ file, text }) => file !== `lib${sep}sse.ts` && /\bfetch\(\s*`\$\{API_BASE\}/.test(text),
    );
    expect(direct.length).toBeGreaterThan(0);
    const untyped = direct.filter(({ text }) => !/\bEndpointAt</.test(text)).map(({ file }) => file);
    expect(untyped).toEqual([]);
  });

  it('leaves the request client no untyped JSON calls, downloads only', () => {
    expect(Object.keys(api)).toEqual(['download']);
  });

  it('finds a hand-typed call where there is one', () => {
    expect(HAND_CALL.test('return api\n  .post<AiDocument>(Routes.ai.documentParse, form)')).toBe(true);
    expect(HAND_CALL.test('http.get<Blob>(url)')).toBe(true);
    expect(HAND_CALL.test('call.post(Routes.ai.create, body)')).toBe(false);
  });
});
