/**
 * The AI API as a plain Node client for the benchmark: JSON calls with the session headers, and the
 * job's server-sent events read with fetch, each event stamped with Date.now() when it was parsed.
 */
import { API_BASE, type AiJob, PLATFORM_CODE, Routes, SOURCE_HEADER, TOKEN_HEADER } from '@studio/contract';

export type StreamEvent = { id: number | null; type: string; at: number; [k: string]: unknown };

export type JobStream = {
  events: StreamEvent[];
  /** The first event (already received or still to come) that matches, or an error after timeoutMs. */
  waitFor: (match: (e: StreamEvent) => boolean, timeoutMs: number) => Promise<StreamEvent>;
  close: () => void;
};

const headers = (token: string) => ({ [TOKEN_HEADER]: token, [SOURCE_HEADER]: PLATFORM_CODE });

export async function api<T>(base: string, token: string, path: string, body?: object): Promise<T> {
  const res = await fetch(`${base}${API_BASE}${path}`, {
    method: body ? 'POST' : 'GET',
    headers: { ...headers(token), ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
    signal: AbortSignal.timeout(15_000),
  });
  const envelope = (await res.json()) as { code: number; msg: string; data: T };
  if (envelope.code !== 200) throw new Error(`${path}: ${envelope.code} ${envelope.msg}`);
  return envelope.data;
}

export const createJob = (base: string, token: string, topic: string, lessonCount: number) =>
  api<AiJob>(base, token, Routes.ai.create, { topic, lessonCount });

export const generate = (base: string, token: string, jobId: number) =>
  api<AiJob>(base, token, Routes.ai.generate, { jobId });

/** Follows a job's event stream from its first event, for at most `maxMs`. */
export function openJobStream(base: string, token: string, jobId: number, maxMs: number): JobStream {
  const controller = new AbortController();
  const limit = setTimeout(() => controller.abort(), maxMs);
  const events: StreamEvent[] = [];
  const waiters = new Set<{ match: (e: StreamEvent) => boolean; resolve: (e: StreamEvent) => void }>();
  let failure: Error | null = null;
  const fail = (err: Error) => {
    failure = err;
    for (const w of waiters) w.resolve({ id: null, type: '__failed', at: Date.now() });
  };

  void (async () => {
    const res = await fetch(`${base}${API_BASE}${Routes.ai.stream}?jobId=${jobId}`, {
      headers: headers(token),
      signal: controller.signal,
    });
    if (!res.ok || !res.body) throw new Error(`stream: HTTP ${res.status}`);
    const decoder = new TextDecoder();
    let buffer = '';
    const reader = res.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      let cut;
      while ((cut = buffer.indexOf('\n\n')) >= 0) {
        const raw = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        const data = /^data: (.*)$/m.exec(raw)?.[1];
        if (!data) continue;
        const id = /^id: (\d+)$/m.exec(raw)?.[1];
        const event: StreamEvent = {
          ...(JSON.parse(data) as { type: string }),
          id: id ? Number(id) : null,
          at: Date.now(),
        };
        events.push(event);
        for (const w of waiters) if (w.match(event)) w.resolve(event);
      }
    }
    fail(new Error('stream ended'));
  })().catch((err: unknown) => fail(err instanceof Error ? err : new Error(String(err))));

  return {
    events,
    waitFor: (match, timeoutMs) => {
      const seen = events.find(match);
      if (seen) return Promise.resolve(seen);
      if (failure) return Promise.reject(failure);
      return new Promise<StreamEvent>((resolve, reject) => {
        const waiter = {
          match,
          resolve: (e: StreamEvent) => {
            clearTimeout(timer);
            waiters.delete(waiter);
            if (e.type === '__failed') reject(failure ?? new Error('stream failed'));
            else resolve(e);
          },
        };
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          reject(new Error(`job ${jobId}: no matching event in ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.add(waiter);
      });
    },
    close: () => {
      clearTimeout(limit);
      controller.abort();
    },
  };
}
