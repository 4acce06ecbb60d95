/** Reads an AI job's server-sent events like a browser would, for tests. */
export type StreamEvent = { id: number | null; type: string; [k: string]: unknown };

export type StreamRead = {
  events: StreamEvent[];
  /** Why reading ended: the stop condition held, or the connection broke or timed out. */
  ended: 'stopped' | 'broken';
};

/** Reads events until `stop` says so, the connection breaks, or `timeoutMs` passes. */
export async function readJobStream(
  baseUrl: string,
  token: string,
  jobId: number,
  stop: (events: StreamEvent[]) => boolean,
  options: { lastEventId?: number; timeoutMs?: number } = {},
): Promise<StreamRead> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs ?? 20_000);
  const events: StreamEvent[] = [];
  const decoder = new TextDecoder();
  let buffer = '';
  try {
    const res = await fetch(`${baseUrl}/api/ai/job/stream?jobId=${jobId}`, {
      headers: {
        'x-request-tkToken': token,
        'x-request-tkForm': 'pc',
        ...(options.lastEventId ? { 'last-event-id': String(options.lastEventId) } : {}),
      },
      signal: controller.signal,
    });
    if (!res.headers.get('content-type')?.includes('text/event-stream'))
      throw new Error(`not a stream: ${res.status}`);
    for await (const chunk of res.body!) {
      buffer += decoder.decode(chunk as Uint8Array, { stream: true });
      let cut;
      while ((cut = buffer.indexOf('\n\n')) >= 0) {
        const raw = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        const id = /^id: (\d+)$/m.exec(raw)?.[1];
        const data = /^data: (.*)$/m.exec(raw)?.[1];
        if (data) events.push({ id: id ? Number(id) : null, ...(JSON.parse(data) as { type: string }) });
      }
      if (stop(events)) return { events, ended: 'stopped' };
    }
  } catch {
    // the server went away, or the time limit
  } finally {
    clearTimeout(timer);
    controller.abort();
  }
  return { events, ended: 'broken' };
}

/** A job's end: done, or the stage that says it failed. */
export const jobEnded = (events: StreamEvent[]) =>
  events.some((e) => e.type === 'done' || (e.type === 'stage' && e.status === 'failed'));
