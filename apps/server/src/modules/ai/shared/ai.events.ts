export const jobKey = (jobId: number) => `ai-job:${jobId}`;

/** Later deltas wait at most this long; at most one send per period, so ≤ 25 events a second a lesson. */
export const DELTA_FLUSH_MS = 40;
/** A batch this long goes out without waiting for the period (keeps one event row small). */
export const DELTA_MAX_CHARS = 4000;

/**
 * Text deltas come a few characters at a time. The first one of a lesson is sent at once (the page
 * shows text as soon as the provider writes it); later ones are batched into one `send` per
 * `flushMs` or per `maxChars`, so the log and the NOTIFYs stay bounded while text still appears live.
 */
export function deltaBuffer(
  send: (text: string) => Promise<unknown>,
  flushMs = DELTA_FLUSH_MS,
  maxChars = DELTA_MAX_CHARS,
) {
  let pending = '';
  let sentAny = false;
  let timer: NodeJS.Timeout | null = null;
  let chain: Promise<unknown> = Promise.resolve();
  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    if (!pending) return chain;
    const text = pending;
    pending = '';
    sentAny = true;
    chain = chain.then(() => send(text));
    return chain;
  };
  return {
    push(text: string) {
      if (!text) return;
      pending += text;
      if (!sentAny || pending.length >= maxChars) void flush();
      else timer ??= setTimeout(() => void flush(), flushMs);
    },
    flush,
    drop() {
      if (timer) clearTimeout(timer);
      timer = null;
      pending = '';
    },
  };
}
