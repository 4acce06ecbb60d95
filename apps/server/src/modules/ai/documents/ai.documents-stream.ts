/**
 * The document parse with its progress (`POST /ai/document/parse?progress=1`): NDJSON, one line per
 * page or slide read (`{"progress":{done,total,unit}}`), then the answer's envelope as the last line,
 * a refusal's too (the status is already sent: 200, the code says the rest). The lines go out as the
 * pages are read, so the page shows 第 n / N 页 while a long PDF is read. Bounded: at most one line per
 * page or slide (500) and the envelope.
 */
import type { AiDocument, DocumentParseProgress } from '@studio/contract';
import type { FastifyRequest } from 'fastify';
import { PassThrough, type Readable } from 'node:stream';
import { failureOf } from '../../../platform/error-handler.ts';
import { ok } from '../../../platform/reply.ts';
import { successMessageIn } from '@studio/contract/messages-en';
import { requestLang } from '../../../platform/request-lang.ts';

export const NDJSON = 'application/x-ndjson; charset=utf-8';

export function parseProgressLines(
  request: FastifyRequest,
  parse: (onProgress: (p: DocumentParseProgress) => void) => Promise<AiDocument>,
): Readable {
  const out = new PassThrough();
  const line = (value: unknown) => out.write(`${JSON.stringify(value)}\n`);
  void parse((progress) => line({ progress }))
    .then((doc) => {
      const answer = ok(doc);
      line({ ...answer, msg: successMessageIn(requestLang(request), answer.code, answer.msg) });
    })
    .catch((err: unknown) => line(failureOf(err, request).envelope))
    .finally(() => out.end());
  return out;
}
