/** The one edge where every failure becomes the envelope. */
import { Code, HTTP_STATUS_MESSAGES, messageFor } from '@studio/contract';
import { messageIn, ruleIn } from '@studio/contract/messages-en';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from './errors.ts';
import { requestLang } from './request-lang.ts';
import { sendTooManyRequestsPage, wantsHtml } from './too-many-requests-page.ts';
import { englishIssues, type ValidationIssue } from './validation-english.ts';

type Envelope = { code: number; msg: string; data: unknown };

const envelopeOf = (code: number, msg: string, data: unknown = null): Envelope => ({ code, msg, data });

type Issue = ValidationIssue;
type ZodIssueLike = { path: PropertyKey[]; message: string };

/**
 * A union's issue (`invalid_union`: no option fitted) as the issues of the option the client meant:
 * the one whose complaints are about fields it sent (fewest issues on a tie), so `{"userId": true}`
 * answers "userId: …" rather than "body: 无效输入".
 */
function unionIssues(issue: Issue, input: unknown): Issue[] {
  const options = issue.params?.errors;
  if (issue.keyword !== 'invalid_union' || !Array.isArray(options) || options.length === 0) return [issue];
  const at = issue.instancePath.split('/').filter(Boolean);
  let value: unknown = input;
  for (const key of at) value = (value as Record<string, unknown> | undefined)?.[key];
  const sent = (path: PropertyKey[]) =>
    typeof value === 'object' && value !== null && path.length > 0 && String(path[0]) in value;
  const scored = (options as ZodIssueLike[][]).map((o) => ({
    o,
    score: o.filter((i) => sent(i.path)).length,
  }));
  const best = scored.reduce((a, b) =>
    b.score > a.score || (b.score === a.score && b.o.length < a.o.length) ? b : a,
  );
  if (best.score === 0) return [issue];
  return best.o.map((i) => ({
    instancePath: `/${[...at, ...i.path.map(String)].join('/')}`,
    message: i.message,
  }));
}

/** "phone: 请输入正确的 11 位手机号" — the field first, then the rule. */
function validationMessage(error: FastifyError & { validation: Issue[] }, request: FastifyRequest) {
  const where =
    error.validationContext === 'querystring' || error.validationContext === 'params' ? 'query' : 'body';
  const input =
    error.validationContext === 'body'
      ? request.body
      : error.validationContext === 'querystring'
        ? request.query
        : undefined;
  const readable = error.validationContext === 'body' || error.validationContext === 'querystring';
  const english =
    readable && requestLang(request) === 'en-US'
      ? englishIssues(error.validationContext, request, input)
      : null;
  const issues = english ?? error.validation;
  return issues
    .flatMap((v) => unionIssues(v, input))
    .slice(0, 3)
    .map(
      (v) =>
        `${v.instancePath.replace(/^\//, '').replaceAll('/', '.') || where}: ${v.message ?? ruleIn(requestLang(request), 'invalid')}`,
    )
    .join('；');
}

/**
 * Sent as a string: business errors travel as HTTP 200, and the route's 200 response schema (its
 * success shape) must not be applied to an error envelope.
 */
const send = (reply: FastifyReply, status: number, code: number, msg: string, data: unknown = null) =>
  reply
    .status(status)
    .type('application/json; charset=utf-8')
    .send(JSON.stringify(envelopeOf(code, msg, data)));

/**
 * A failure as its HTTP status and envelope. Also for a failure inside an answer already streaming
 * (the document parse's progress lines), which ends with this envelope as its last line.
 */
export function failureOf(error: unknown, request: FastifyRequest): { status: number; envelope: Envelope } {
  if (error instanceof AppError) {
    // The code's message in the asker's language; a thrower's own text in it too when it has one.
    const lang = requestLang(request);
    const msg = error.msgIn
      ? error.msgIn(lang)
      : error.ownMsg
        ? error.message
        : messageIn(lang, error.code, error.params);
    return { status: error.httpStatus, envelope: envelopeOf(error.code, msg, error.data ?? null) };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    return {
      status: 400,
      envelope: envelopeOf(Code.BAD_REQUEST, validationMessage(error, request)),
    };
  }
  const fastifyError = error as Partial<FastifyError>;
  const status = fastifyError.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    const msg =
      fastifyError.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
      fastifyError.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
        ? `body: ${ruleIn(requestLang(request), 'invalidJson')}`
        : status === 413
          ? messageFor(Code.PAYLOAD_TOO_LARGE)
          : (HTTP_STATUS_MESSAGES[status] ?? HTTP_STATUS_MESSAGES[400]!);
    return { status, envelope: envelopeOf(status, msg) };
  }
  // Unknown: log everything with the request id, show nothing of it.
  request.log.error({ err: error, reqId: request.id }, 'unhandled error');
  return {
    status: 500,
    envelope: envelopeOf(Code.SERVER_ERROR, `${messageFor(Code.SERVER_ERROR)}（请求编号 ${request.id}）`),
  };
}

export function errorHandler(error: unknown, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof AppError && error.httpStatus === 429 && wantsHtml(request))
    return sendTooManyRequestsPage(reply);
  const { status, envelope } = failureOf(error, request);
  return send(reply, status, envelope.code, envelope.msg, envelope.data);
}

export const notFoundEnvelope = () => envelopeOf(Code.NOT_FOUND, messageFor(Code.NOT_FOUND));
export const methodNotAllowedEnvelope = () => envelopeOf(405, HTTP_STATUS_MESSAGES[405]!);
