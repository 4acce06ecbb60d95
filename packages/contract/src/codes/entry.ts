/** One code: its number, its message key and its Chinese message. */
export interface CodeEntry {
  readonly code: number;
  readonly key: `errors.${string}`;
  readonly zh: string;
  /**
   * The server's `msg` says more than this message (a validation error's field and rule, a crash's
   * request id), so the web shows the `msg` as sent rather than its own text for the code.
   */
  readonly serverText?: true;
  /** The HTTP status the code is always sent with, when not 200 (rules that were validation errors). */
  readonly httpStatus?: 400;
}
