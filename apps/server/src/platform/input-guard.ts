/**
 * Input refused at the edge, the same for every operation (docs/security.md, "Refused at the edge"):
 *
 * - Text holds no NUL (`\u0000`: PostgreSQL refuses it in `text` and `jsonb`) and no lone UTF-16
 *   surrogate (`\ud800`: not text at all; `jsonb` refuses it). Every string of the JSON body, the
 *   query string and the path parameters is checked, object keys included, before validation.
 * - JSON nests at most `INPUT_LIMITS.jsonDepthMax` levels, so a recursive shape (lesson content) never
 *   reaches the schema's recursive validation deeper than that (1,000 levels overflowed its stack).
 * - Every route's input schemas are checked when the route is registered (the app does not start
 *   otherwise): no coercion anywhere (`z.coerce` took `true`, `[1]` and `"0x10"` for a number; query
 *   strings read digits with the contract's `queryNumber`), and every number bounded, integers within
 *   PostgreSQL's `integer` (2^31 − 1) except a time in milliseconds (`epochMsSchema`).
 *
 * Each refusal is HTTP 400, code 400, `msg` "field: rule" like the schemas' own messages.
 */
import { EPOCH_MS_MAX, epochMsSchema, INPUT_LIMITS, INT32_MAX, isQueryNumber } from '@studio/contract';
import type { FastifyInstance, RouteOptions } from 'fastify';
import type { z } from 'zod';
import { invalidInput } from './errors.ts';

type Key = string | number;
type Frame = { value: unknown; depth: number; key: Key | null; parent: Frame | null };

/** What a bad input breaks: a text rule, or the nesting limit (`max` levels). */
export type BadInput =
  { path: Key[]; rule: 'nulCharacter' | 'loneSurrogate' } | { path: Key[]; rule: 'tooDeep'; max: number };

/** ES2024's `String.prototype.isWellFormed` (Node 20+), not yet in the project's ES2023 lib. */
const isWellFormed = (text: string) => (text as string & { isWellFormed(): boolean }).isWellFormed();

/** The rule a string breaks, if any. */
const textRule = (text: string): 'nulCharacter' | 'loneSurrogate' | null =>
  text.includes('\u0000') ? 'nulCharacter' : isWellFormed(text) ? null : 'loneSurrogate';

const isWalkable = (value: unknown): value is object => {
  if (value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return true;
  // Plain objects: JSON's, and the query string's and path parameters' (a prototype without one).
  const proto = Object.getPrototypeOf(value) as object | null;
  return proto === null || proto === Object.prototype || Object.getPrototypeOf(proto) === null;
};

const pathOf = (frame: Frame): Key[] => {
  const path: Key[] = [];
  for (let f: Frame | null = frame; f && f.key !== null; f = f.parent) path.unshift(f.key);
  return path;
};

/**
 * The first string (value or key) that breaks a text rule, or the place nesting passes `maxDepth`
 * (named by its top-level field). Walked with an explicit stack: no input can overflow it.
 */
export function findBadInput(root: unknown, maxDepth: number = INPUT_LIMITS.jsonDepthMax): BadInput | null {
  const stack: Frame[] = [{ value: root, depth: 0, key: null, parent: null }];
  while (stack.length > 0) {
    const frame = stack.pop()!;
    const { value } = frame;
    if (typeof value === 'string') {
      const rule = textRule(value);
      if (rule) return { path: pathOf(frame), rule };
      continue;
    }
    if (!isWalkable(value)) continue;
    if (frame.depth >= maxDepth) return { path: pathOf(frame).slice(0, 1), rule: 'tooDeep', max: maxDepth };
    const depth = frame.depth + 1;
    if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--)
        stack.push({ value: value[i], depth, key: i, parent: frame });
      continue;
    }
    const entries = Object.entries(value);
    for (const [key] of entries) {
      const rule = textRule(key);
      if (rule) return { path: pathOf(frame), rule };
    }
    for (let i = entries.length - 1; i >= 0; i--)
      stack.push({ value: entries[i]![1], depth, key: entries[i]![0], parent: frame });
  }
  return null;
}

const fieldName = (where: string, path: Key[]) => (path.length > 0 ? path.join('.') : where);

/** Refuses bad text and deep nesting in a request's body, query string and path parameters. */
export function checkRequestInput(request: { body?: unknown; query?: unknown; params?: unknown }): void {
  for (const [where, value] of [
    ['query', request.query],
    ['params', request.params],
    // A raw body (a signed payment notification, kept as the exact bytes) is left to its provider.
    ['body', request.body],
  ] as const) {
    if (!isWalkable(value)) continue;
    const bad = findBadInput(value);
    if (!bad) continue;
    const field = fieldName(where === 'params' ? 'query' : where, bad.path);
    throw bad.rule === 'tooDeep' ? invalidInput(field, 'tooDeep', bad.max) : invalidInput(field, bad.rule);
  }
}

// ---------------------------------------------------------------------------------------------------
// Route schemas: no coercion, every number bounded.

type CheckDef = { check?: string; value?: number; format?: string };
type Def = CheckDef & {
  type: string;
  coerce?: boolean;
  checks?: { _zod: { def: CheckDef } }[];
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  innerType?: z.ZodType;
  options?: z.ZodType[];
  left?: z.ZodType;
  right?: z.ZodType;
  keyType?: z.ZodType;
  valueType?: z.ZodType;
  items?: z.ZodType[];
  rest?: z.ZodType | null;
  in?: z.ZodType;
  out?: z.ZodType;
  getter?: () => z.ZodType;
};

const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

const FORMAT_BOUNDS: Record<string, [number, number]> = {
  int32: [-(2 ** 31), INT32_MAX],
  uint32: [0, 2 ** 32 - 1],
  float32: [-3.4028234663852886e38, 3.4028234663852886e38],
};

/** The bounds a number schema's checks give it (−∞..∞ when it has none). */
function numberBounds(def: Def): [number, number] {
  let [min, max] = [-Infinity, Infinity];
  const checks: CheckDef[] = [...(def.checks ?? []).map((c) => c._zod.def), ...(def.check ? [def] : [])];
  for (const check of checks) {
    if (check.check === 'greater_than' && check.value !== undefined) min = Math.max(min, check.value);
    if (check.check === 'less_than' && check.value !== undefined) max = Math.min(max, check.value);
    const bounds = check.check === 'number_format' && check.format ? FORMAT_BOUNDS[check.format] : undefined;
    if (bounds) [min, max] = [Math.max(min, bounds[0]), Math.min(max, bounds[1])];
  }
  return [min, max];
}

/** What is wrong with an input schema: coercion anywhere, a number without bounds in PostgreSQL's reach. */
export function schemaProblems(root: z.ZodType, part: 'body' | 'query' = 'body'): string[] {
  const problems: string[] = [];
  const seen = new Set<z.ZodType>();
  const visit = (schema: z.ZodType | null | undefined, path: string) => {
    if (!schema || seen.has(schema)) return;
    seen.add(schema);
    const def = defOf(schema);
    const at = path || '(root)';
    if (part === 'body' && isQueryNumber(schema))
      problems.push(`${at}: reads a query string's digits (queryNumber); a JSON body takes a number`);
    if (def.coerce) problems.push(`${at}: coerces (z.coerce); a query string reads digits with queryNumber`);
    if (def.type === 'number' && schema !== epochMsSchema) {
      const [min, max] = numberBounds(def);
      if (min < -(2 ** 31) || max > INT32_MAX)
        problems.push(`${at}: a number needs .min() and .max() within ±2^31 (PostgreSQL integer)`);
    } else if (def.type === 'number') {
      const [min, max] = numberBounds(def);
      if (min < 0 || max > EPOCH_MS_MAX) problems.push(`${at}: epochMsSchema changed its bounds`);
    }
    if (def.type === 'bigint') problems.push(`${at}: bigint is not JSON`);
    const child = (s: z.ZodType | null | undefined, key?: string | number) =>
      visit(s, key === undefined ? path : path ? `${path}.${key}` : String(key));
    if (def.shape) for (const [key, s] of Object.entries(def.shape)) child(s, key);
    child(def.element, '[]');
    child(def.innerType);
    def.options?.forEach((s) => child(s));
    child(def.left);
    child(def.right);
    child(def.keyType, '{key}');
    child(def.valueType, '{}');
    def.items?.forEach((s, i) => child(s, i));
    child(def.rest, '[]');
    child(def.in);
    child(def.out);
    if (def.type === 'lazy' && def.getter) child(def.getter());
  };
  visit(root, '');
  return problems;
}

const INPUT_PARTS = ['body', 'querystring', 'params', 'headers'] as const;

/** Throws (the app does not start) when a route's input schema breaks the rules above. */
export function assertStrictRouteSchemas(route: Pick<RouteOptions, 'method' | 'url' | 'schema'>): void {
  const problems = INPUT_PARTS.flatMap((part) => {
    const schema = route.schema?.[part] as z.ZodType | undefined;
    return schema && typeof schema === 'object' && '_zod' in schema
      ? schemaProblems(schema, part === 'body' ? 'body' : 'query').map((p) => `${part} ${p}`)
      : [];
  });
  if (problems.length > 0)
    throw new Error(
      `${String(route.method)} ${route.url}: input schema refused:\n  ${problems.join('\n  ')}`,
    );
}

/** Every route registered after this: schemas checked at registration, input checked before validation. */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => assertStrictRouteSchemas(route));
  app.addHook('preValidation', async (request) => {
    if (!request.url.startsWith('/api/')) dropUnreadableQuery(request);
    checkRequestInput(request);
  });
}

/**
 * A page's address is read leniently: what cannot be read falls back to the page's defaults, never
 * to an error (a link pasted with a stray NUL still opens the store). So a page's query parameter
 * holding bad text is dropped, where an API operation answers 400 naming it.
 */
export function dropUnreadableQuery(request: { query?: unknown }): void {
  const query = request.query;
  if (!isWalkable(query) || Array.isArray(query)) return;
  for (const [key, value] of Object.entries(query as Record<string, unknown>)) {
    if (findBadInput({ [key]: value })) delete (query as Record<string, unknown>)[key];
  }
}
