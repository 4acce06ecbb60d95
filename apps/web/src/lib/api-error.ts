/**
 * What every failed call rejects with: the business code (or HTTP status, or 500 when there was no
 * answer) and the message that was shown, so forms can put it under the field it names.
 */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    readonly msg: string,
    readonly status?: number,
    readonly data?: unknown,
  ) {
    super(msg);
    this.name = 'ApiError';
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;
