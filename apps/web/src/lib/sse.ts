import { fetchEventSource, type EventSourceMessage } from '@microsoft/fetch-event-source';
import { API_BASE, Code, PLATFORM_CODE, SOURCE_HEADER, TOKEN_HEADER } from '@studio/contract';
import { WebPaths } from '@studio/contract/constants';
import { ApiError } from './api-error.ts';
import { errorText } from './error-text.ts';
import { clearStoredUser, readToken } from './storage.ts';
import { navigate } from './navigation.ts';

export type StreamMessage = EventSourceMessage;

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

/**
 * The realtime stream (seed §6/§7): API base + the caller's path, the same two headers as every call,
 * and the credentials flag. Network drops are retried with backoff; fetch-event-source resends the
 * last id it saw as `Last-Event-ID`, so the server resumes without gaps or repeats. With a `body` it
 * is a POST whose answer is a stream (the editor's AI assist), which fails instead of reconnecting.
 */
export const openStream = (path: string, options: StreamOptions): StreamHandle => {
  const controller = new AbortController();
  options.signal?.addEventListener('abort', () => controller.abort());
  let lastId = options.lastEventId;
  let attempt = 0;
  const post = options.body !== undefined;
  const reconnect = options.reconnect ?? !post;

  const headers: Record<string, string> = {
    [TOKEN_HEADER]: readToken(),
    [SOURCE_HEADER]: PLATFORM_CODE,
  };
  if (post) headers['content-type'] = 'application/json';
  // Lowercase, as fetch-event-source writes it on a retry: two spellings would merge into "a, b".
  if (lastId) headers['last-event-id'] = lastId;

  const done = fetchEventSource(`${API_BASE}${path}`, {
    method: post ? 'POST' : 'GET',
    ...(post ? { body: JSON.stringify(options.body) } : {}),
    headers,
    credentials: 'include',
    signal: controller.signal,
    // Progress must keep flowing while the tab is in the background (and a POST must not be resent).
    openWhenHidden: true,
    onopen: async (response) => {
      if (response.status === 401) expireSession();
      const type = response.headers.get('content-type') ?? '';
      if (!response.ok || !type.startsWith('text/event-stream')) {
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
    },
    onmessage: (message) => {
      if (message.id) lastId = message.id;
      options.onMessage(message);
    },
    onerror: (error: unknown) => {
      if (error instanceof FatalStreamError || !reconnect) throw error;
      attempt += 1;
      return Math.min(1000 * 2 ** (attempt - 1), MAX_RETRY_MS);
    },
  }).catch((error: unknown) => {
    options.onFatal?.(error);
  });

  return { close: () => controller.abort(), lastEventId: () => lastId, done };
};
