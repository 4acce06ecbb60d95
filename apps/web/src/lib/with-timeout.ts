/** Raised when a lazy route chunk has not arrived in time (seed §9: 120000 ms). */
export class ChunkTimeoutError extends Error {
  constructor(readonly ms: number) {
    super(`Chunk did not load within ${ms} ms`);
    this.name = 'ChunkTimeoutError';
  }
}

/** Settles like `promise`, or rejects with ChunkTimeoutError after `ms` if it is still pending. */
export const withTimeout = <T>(promise: Promise<T>, ms: number): Promise<T> =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkTimeoutError(ms)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
