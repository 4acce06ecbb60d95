/**
 * Plain input validation for an English asker: the route's zod schema parsed again with zod's English
 * messages, so "position: Too big: expected number to be <=1" rather than the Chinese the validator
 * wrote (zod's zh-CN locale, set by the contract for both sides). A schema's own message (a rule with
 * its own words) stays as written. Only a refused request pays for the second parse.
 */
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';

const english = z.locales.en().localeError;

/** The shape fastify-type-provider-zod gives each issue (`error.validation`). */
export type ValidationIssue = {
  instancePath: string;
  message?: string;
  keyword?: string;
  params?: { errors?: unknown };
};

type Parser = {
  safeParse: (input: unknown, ctx: { error: typeof english }) => z.ZodSafeParseResult<unknown>;
};

export function englishIssues(
  context: string | undefined,
  request: FastifyRequest,
  input: unknown,
): ValidationIssue[] | null {
  const schemas = request.routeOptions.schema as Record<string, unknown> | undefined;
  const schema = context ? schemas?.[context] : undefined;
  if (typeof (schema as Partial<Parser> | undefined)?.safeParse !== 'function') return null;
  const result = (schema as Parser).safeParse(input, { error: english });
  if (result.success) return null;
  return result.error.issues.map((issue) => ({
    keyword: issue.code,
    instancePath: `/${issue.path.map(String).join('/')}`,
    message: issue.message,
    // An `invalid_union` carries its options' issues here, as the validator's do.
    params: issue as { errors?: unknown },
  }));
}
