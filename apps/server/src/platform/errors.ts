import { messageFor } from '@studio/contract';

/** The one error type the services throw; the error handler turns it into the envelope. */
export class AppError extends Error {
  readonly code: number;
  /** HTTP status for transport-level outcomes (validation 400, 413, 429); business outcomes are 200. */
  readonly httpStatus: number;
  /** The envelope's `data` (null unless the client needs more than the message, e.g. which team). */
  readonly data: unknown;

  constructor(code: number, msg?: string, httpStatus = 200, data: unknown = null) {
    super(msg ?? messageFor(code));
    this.code = code;
    this.httpStatus = httpStatus;
    this.data = data;
  }
}
