/**
 * The operations of /api/openapi.json as the fuzzing tests read them: each one's method, path, body
 * schema and parameters, and a sample value for a schema (the other fields of a case).
 */
import type { TestApp } from './test-app.ts';

/** The part of a JSON schema (OpenAPI 3.0, as @fastify/swagger writes it) these tests read. */
export type Schema = {
  type?: string;
  $ref?: string;
  allOf?: Schema[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  pattern?: string;
  format?: string;
  nullable?: boolean;
};
export type Parameter = {
  name: string;
  in: 'query' | 'path' | 'header';
  required?: boolean;
  schema?: Schema;
};
export type Operation = {
  method: 'GET' | 'POST';
  path: string;
  fields: string[];
  /** The JSON body's schema, when the operation takes one. */
  body?: Schema;
  params: Parameter[];
};

const NO_INPUT_LEFT_OUT = ['/api/auth/logout', '/api/notification/stream'];

/** The document's operations (GET and POST, logout and the notice stream left out) and its schema helpers. */
export async function readOperations(t: TestApp) {
  const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
    paths: Record<
      string,
      Record<
        string,
        {
          requestBody?: { content?: Record<string, { schema?: Schema }> };
          parameters?: Parameter[];
        }
      >
    >;
    components?: { schemas?: Record<string, Schema> };
  };
  const components: Record<string, Schema> = doc.components?.schemas ?? {};
  const operations: Operation[] = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods)
      .filter(([m]) => m === 'get' || m === 'post')
      // The logout call would end the fuzzing session; it has no input to fuzz anyway. The notice
      // stream takes no input and, signed in, stays open by design (notifications.stream.test.ts).
      .filter(([, op]) => !NO_INPUT_LEFT_OUT.includes(path) && op !== undefined)
      .map(([m, op]) => {
        const body = op.requestBody?.content?.['application/json']?.schema;
        const params = (op.parameters ?? []).filter((p) => p.in !== 'header');
        return {
          method: m.toUpperCase() as 'GET' | 'POST',
          path,
          body,
          params,
          fields: [...Object.keys(resolve(body)?.properties ?? {}), ...params.map((p) => p.name)],
        };
      }),
  );

  /** The schema behind `$ref` and single `allOf` wrappers. */
  function resolve(schema: Schema | undefined): Schema | undefined {
    let s = schema;
    for (let i = 0; s && i < 10; i++) {
      if (s.$ref) s = components[s.$ref.replace('#/components/schemas/', '')];
      else if (s.allOf?.length === 1) s = s.allOf[0];
      else break;
    }
    return s;
  }

  /** The non-null member of a nullable `anyOf`. */
  const concrete = (schema: Schema | undefined): Schema | undefined => {
    const s = resolve(schema);
    const options = s?.anyOf ?? s?.oneOf;
    return options ? concrete(options.find((o) => resolve(o)?.type !== 'null') ?? options[0]) : s;
  };

  /** A value the schema would take where that is easy (patterns aside): the other fields of a case. */
  function sample(schema: Schema | undefined): unknown {
    const s = concrete(schema);
    if (!s) return null;
    if (s.const !== undefined) return s.const;
    if (s.enum) return s.enum[0];
    switch (s.type) {
      case 'object':
        return Object.fromEntries((s.required ?? []).map((k) => [k, sample(s.properties?.[k])]));
      case 'array':
        return Array.from({ length: s.minItems ?? 0 }, () => sample(s.items));
      case 'integer':
      case 'number':
        return Math.max(s.minimum ?? 1, Math.min(1, s.maximum ?? 1));
      case 'boolean':
        return false;
      case 'string':
        if (s.format === 'email') return 'fuzz@example.com';
        if (s.format === 'date') return '2026-01-01';
        return 'x'.repeat(Math.min(Math.max(s.minLength ?? 1, 1), s.maxLength ?? 1000));
      default:
        return null;
    }
  }
  return { operations, resolve, concrete, sample };
}

/** The operation's URL with its path parameters filled in (`{*}`, `{provider}`). */
export const urlOf = (op: Operation, value = 'fuzz') => op.path.replace(/\{[^}]+\}/g, value);
