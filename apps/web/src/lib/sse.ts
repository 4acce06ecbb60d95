import { createParser } from 'eventsource-parser';
import { API_BASE, Code, PLATFORM_CODE, SOURCE_HEADER, TOKEN_HEADER } from '@studio/contract';
import { WebPaths } from '@studio/contract/constants';
import { ApiError } from './api-error.ts';
import { errorText } from './error-text.ts';
import { clearStoredUser, readToken } from './storage.ts';
import { navigate } from './navigation.ts';

/** One event of the stream; `id` and `event` are '' when the server sent none. */
export type StreamMessage = { id: string; event: string; data: string };

export interface StreamOptions {
  onMessage: (message: StreamMessage) => void;
  onOpen?: () => void;
  /** Called once when the stream stops for good (not on the transient errors it retries). */
  onFatal?: (error: unknown) => void;
  /** Resume after a page reload: the server replays the events after this id (`Last-Event-ID`). */
  lastEventId?: string;
  signal?: AbortSignal;
  /** Sends a POST with this value as its JSON body (an action answered by a stream) instead of a GET. */
  body?: unknown;
  /**
   * Reopen after a dropped connection. Default: yes for a GET (the server resumes after the last id),
   * no for a POST: sending the action again would run it twice, so a drop ends in onFatal instead.
   */
  reconnect?: boolean;
}

export interface StreamHandle {
  close: () => void;
  /** The id of the last event received, to resume from later. */
  lastEventId: () => string | undefined;
  /** Settles when the server ends the stream, the caller closes it, or it fails for good. */
  done: Promise<void>;
}

class FatalStreamError extends ApiError {}

const MAX_RETRY_MS = 10_000;

const expireSession = (): never => {
  clearStoredUser();
  navigate(WebPaths.login, { replace: true });
  throw new FatalStreamError(Code.UNAUTHORIZED, 'unauthorized', 401);
};

/** The JSON envelope a route answers with instead of a stream (a refusal: not logged in, no access…). */
const readEnvelope = async (
  response: Response,
): Promise<{ code: number; msg: string; data: unknown } | null> => {
  if (!(response.headers.get('content-type') ?? '').startsWith('application/json')) return null;
  const body = (await response.json().catch(() => null)) as {
    code?: unknown;
    msg?: unknown;
    data?: unknown;
  } | null;
  return typeof body?.code === 'number' && typeof body.msg === 'string'
    ? { code: body.code, msg: body.msg, data: body.data }
    : null;
};

/** Waits `ms`, or less when `signal` aborts first. */
const pause = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

/**
 * The realtime stream (seed §6/§7): API base + the caller's path, the same two headers as every call,
 * and the credentials flag. Network drops are retried with backoff, resending the last id seen as
 * `Last-Event-ID`, so the server resumes without gaps or repeats. With a `body` it is a POST whose
 * answer is a stream (the editor's AI assist), which fails instead of reconnecting. The bytes are
 * parsed by eventsource-parser; the loop around it is ours because the browser's EventSource can
 * send neither our headers nor a POST. A stream stays open while the tab is hidden (progress keeps
 * flowing, and a POST is never resent).
 */
export const openStream = (path: string, options: StreamOptions): StreamHandle => {
  const controller = new AbortController();
  options.signal?.addEventListener('abort', () => controller.abort());
  let lastId = options.lastEventId;
  const post = options.body !== undefined;
  const reconnect = options.reconnect ?? !post;

  /** One connection: resolves when the server ends the stream, throws when it fails. */
  const connect = async (): Promise<void> => {
    const headers: Record<string, string> = {
      [TOKEN_HEADER]: readToken(),
      [SOURCE_HEADER]: PLATFORM_CODE,
    };
    if (post) headers['content-type'] = 'application/json';
    // One spelling: two would merge into "a, b".
    if (lastId) headers['last-event-id'] = lastId;
    const response = await fetch(`${API_BASE}${path}`, {
      method: post ? 'POST' : 'GET',
      ...(post ? { body: JSON.stringify(options.body) } : {}),
      headers,
      credentials: 'include',
      signal: controller.signal,
    });
    if (response.status === 401) expireSession();
    const type = response.headers.get('content-type') ?? '';
    if (!response.ok || !type.startsWith('text/event-stream') || !response.body) {
      const envelope = await readEnvelope(response);
      if (envelope?.code === Code.UNAUTHORIZED) expireSession();
      // A business answer and 4xx will not get better by retrying; 5xx and proxies' hiccups may.
      const status = response.status;
      if (!reconnect || (status < 500 && (envelope !== null || status >= 400))) {
        throw new FatalStreamError(
          envelope?.code ?? status,
          envelope ? errorText(envelope.code, envelope.msg, envelope.data) : response.statusText,
          status,
        );
      }
      throw new Error(`stream answered ${status}`);
    }
    attempt = 0;
    options.onOpen?.();
    const parser = createParser({
      onEvent: (event) => {
        if (event.id) lastId = event.id;
        options.onMessage({ id: event.id ?? '', event: event.event ?? '', data: event.data });
      },
    });
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      parser.feed(value);
    }
  };

  let attempt = 0;
  const run = async (): Promise<void> => {
    for (;;) {
      try {
        await connect();
        return;
      } catch (error) {
        if (controller.signal.aborted) return;
        if (error instanceof FatalStreamError || !reconnect) throw error;
        attempt += 1;
        await pause(Math.min(1000 * 2 ** (attempt - 1), MAX_RETRY_MS), controller.signal);
        if (controller.signal.aborted) return;
      }
    }
  };
  // Closing settles `done` at once, whatever the connection is still doing.
  const closed = new Promise<void>((resolve) => controller.signal.addEventListener('abort', () => resolve()));
  const done = Promise.race([run(), closed]).catch((error: unknown) => {
    if (!controller.signal.aborted) options.onFatal?.(error);
  });

  return { close: () => controller.abort(), lastEventId: () => lastId, done };
};
