/** Refusals of a document, as the contract's codes (HTTP 200 with the code, as every business refusal). */
import { Code, DOCUMENT_LIMITS } from '@studio/contract';
import { AppError } from '../../../platform/errors.ts';

const MB = 1024 * 1024;

export const docRefused = {
  empty: () => new AppError(Code.AI_DOC_EMPTY),
  unknown: () => new AppError(Code.AI_DOC_UNKNOWN_FORMAT),
  tooLarge: () => new AppError(Code.AI_DOC_TOO_LARGE, { params: { maxMb: DOCUMENT_LIMITS.maxBytes / MB } }),
  tooManyPages: (pages: number) =>
    new AppError(Code.AI_DOC_TOO_MANY_PAGES, { params: { pages, max: DOCUMENT_LIMITS.maxPages } }),
  encrypted: () => new AppError(Code.AI_DOC_ENCRYPTED),
  noText: () => new AppError(Code.AI_DOC_NO_TEXT),
  corrupt: () => new AppError(Code.AI_DOC_CORRUPT),
  tooComplex: () => new AppError(Code.AI_DOC_TOO_COMPLEX),
  timeout: () => new AppError(Code.AI_DOC_TIMEOUT, { params: { seconds: DOCUMENT_LIMITS.parseSeconds } }),
};

/** Past the parse's deadline: stops the reading loops between pages and slides. */
export function checkDeadline(deadline: number): void {
  if (Date.now() > deadline) throw docRefused.timeout();
}
