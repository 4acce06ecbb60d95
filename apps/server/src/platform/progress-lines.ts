/**
 * The answer of an endpoint that reports its progress (`progress` in its contract definition) to a
 * caller that accepts NDJSON (`PROGRESS_LINES_TYPE`): nothing is sent until the handler reports its
 * first step; then the status (200) and a line `{"progress": …}` per step go out as they come (a long
 * PDF shows 第 n / N 页 while it is read), and the handler's outcome — its envelope, or a refusal's —
 * is the last line (the status is already sent: the code says the rest). A refusal before any step
 * (too large, no file) is the usual JSON answer. Bounded by the steps the handler reports.
 */
import { PROGRESS_LINES_TYPE, type Envelope } from '@studio/contract';
import { successMessageIn } from '@studio/contract/messages-en';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { PassThrough } from 'node:stream';
import { failureOf } from './error-handler.ts';
import { requestLang } from './request-lang.ts';

/** Whether the request's `Accept` names the progress lines' media type. */
export const acceptsProgressLines = (request: FastifyRequest): boolean =>
  (request.headers.accept ?? '')
    .split(',')
    .some((type) => type.split(';')[0]!.trim().toLowerCase() === PROGRESS_LINES_TYPE);

export class ProgressLines {
  private out: PassThrough | null = null;
  private readonly request: FastifyRequest;
  private readonly reply: FastifyReply;

  constructor(request: FastifyRequest, reply: FastifyReply) {
    this.request = request;
    this.reply = reply;
  }

  /** Whether a line was sent: from then on the answer is the lines, its outcome the last. */
  get started(): boolean {
    return this.out !== null;
  }

  /** Sends one step's line, starting the answer at the first. */
  readonly report = (progress: unknown): void => {
    if (!this.out) {
      this.out = new PassThrough();
      void this.reply
        .type(`${PROGRESS_LINES_TYPE}; charset=utf-8`)
        .header('cache-control', 'no-cache, no-transform')
        .header('x-accel-buffering', 'no')
        .send(this.out);
    }
    this.line({ progress });
  };

  /** The last line: the success envelope (in the asker's language, as the JSON answer's is) and the end. */
  succeed(envelope: Envelope<unknown>): void {
    this.line({ ...envelope, msg: successMessageIn(requestLang(this.request), envelope.code, envelope.msg) });
    this.out?.end();
  }

  /** The last line: the refusal's envelope, worded as the error handler words it, and the end. */
  fail(error: unknown): void {
    this.line(failureOf(error, this.request).envelope);
    this.out?.end();
  }

  private line(value: unknown): void {
    this.out?.write(`${JSON.stringify(value)}\n`);
  }
}
