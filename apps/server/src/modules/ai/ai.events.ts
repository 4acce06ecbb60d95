export const jobKey = (jobId: number) => `ai-job:${jobId}`;

/**
 * Text deltas come a few characters at a time; this batches them into one `send` per ~150 ms so the
 * log stays small while the page still sees text appear as it is written.
 */
export function deltaBuffer(send: (text: string) => Promise<unknown>, flushMs = 150) {
  let pending = '';
  let timer: NodeJS.Timeout | null = null;
  let chain: Promise<unknown> = Promise.resolve();
  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    if (!pending) return chain;
    const text = pending;
    pending = '';
    chain = chain.then(() => send(text));
    return chain;
  };
  return {
    push(text: string) {
      pending += text;
      timer ??= setTimeout(() => void flush(), flushMs);
    },
    flush,
    drop() {
      if (timer) clearTimeout(timer);
      pending = '';
    },
  };
}
