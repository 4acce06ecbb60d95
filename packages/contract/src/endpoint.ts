/**
 * One JSON endpoint, written once: its method and path (the path from `Routes`, so links and the
 * server's other routes share it), who may call it, its input and output schemas and the options the
 * server registers it with. The server registers every JSON route from these (platform/endpoint.ts),
 * OpenAPI is built from the same schemas, and the web client's calls are typed by them (lib/call.ts).
 * The answer is always the envelope `{ code, msg, data }`; `output` is the schema of its `data`.
 */
import type { z } from 'zod';

/** Who may call (apps/server/src/platform/auth.ts): no session, any user, a user with a phone, a team member. */
export type EndpointAuth = 'public' | 'user' | 'registered' | 'team';

export type EndpointMethod = 'GET' | 'POST';

export type EndpointDef = {
  method: EndpointMethod;
  path: string;
  auth: EndpointAuth;
  /** OpenAPI's summary of the operation. */
  summary: string;
  /** OpenAPI's longer description, when the summary is not enough. */
  description?: string;
  /** The query string (GET) or the JSON body (POST); none when the call takes no input. */
  input?: z.ZodType;
  /** The envelope's `data`. */
  output: z.ZodType;
  /** A per-route limit instead of the app's (platform/rate-limit.ts); false: none at all. */
  rateLimit?: false | { readonly max: number; readonly timeWindow: string };
  /** The largest body accepted, in bytes, when not the app's default. */
  bodyLimit?: number;
  /** A multipart form (an upload), read by the handler itself: no JSON input schema. */
  multipart?: true;
  /**
   * A long step's progress, when the endpoint reports it (a document being read): a caller that
   * accepts `PROGRESS_LINES_TYPE` (NDJSON) gets, from the first step done, a line `{"progress": …}` of
   * this schema as each step is done, then the envelope (success or refusal) as the last line. An
   * answer with no step done before it, and any answer to another caller, is the envelope alone (JSON).
   */
  progress?: z.ZodType;
};

/** Declares an endpoint, keeping its literal method and path and its exact schemas in its type. */
export const endpoint = <const D extends EndpointDef>(def: D): D => def;

/**
 * The input a caller sends (before the schema's defaults and transforms): the form of a multipart
 * endpoint; nothing when there is none.
 */
export type InputOf<E extends EndpointDef> = E['multipart'] extends true
  ? FormData
  : E['input'] extends z.ZodType
    ? z.input<E['input']>
    : undefined;
/** The input as the handler reads it, once validated (a multipart handler reads the parts itself). */
export type ParsedInputOf<E extends EndpointDef> = E['input'] extends z.ZodType
  ? z.output<E['input']>
  : undefined;
/** The `data` a handler hands back (the schema's input: the serializer checks and shapes it). */
export type ReplyOf<E extends EndpointDef> = z.input<E['output']>;
/** The `data` a caller receives. */
export type OutputOf<E extends EndpointDef> = z.output<E['output']>;
/** What the endpoint reports of its progress (nothing when it reports none). */
export type ProgressOf<E extends EndpointDef> = E['progress'] extends z.ZodType
  ? z.output<E['progress']>
  : never;

/** Every endpoint of a table of groups (`{ course: { list: …, … }, … }`), as one union. */
export type EndpointsOf<T> = { [G in keyof T]: T[G][keyof T[G]] }[keyof T];
