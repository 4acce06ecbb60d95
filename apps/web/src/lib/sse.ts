import { fetchEventSource, type EventSourceMessage } from '@microsoft/fetch-event-source';
import { API_BASE, PLATFORM_CODE, SOURCE_HEADER, TOKEN_HEADER } from '@studio/contract';
import { ApiError } from './api-error.ts';
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

/**
 * The realtime stream (seed §6/§7): API base + the caller's path, the same two headers as every call,
 * and the credentials flag. Network drops are retried with backoff; fetch-event-source resends the
 * last id it saw as `Last-Event-ID`, so the server resumes without gaps or repeats.
 */
export const openStream = (path: string, options: StreamOptions): StreamHandle => {
  const controller = new AbortController();
  options.signal?.addEventListener('abort', () => controller.abort());
  let lastId = options.lastEventId;
  let attempt = 0;

  const headers: Record<string, string> = {
    [TOKEN_HEADER]: readToken(),
    [SOURCE_HEADER]: PLATFORM_CODE,
  };
  // Lowercase, as fetch-event-source writes it on a retry: two spellings would merge into "a, b".
  if (lastId) headers['last-event-id'] = lastId;

  const done = fetchEventSource(`${API_BASE}${path}`, {
    method: 'GET',
    headers,
    credentials: 'include',
    signal: controller.signal,
    // Progress must keep flowing while the tab is in the background.
    openWhenHidden: true,
    onopen: async (response) => {
      if (response.status === 401) {
        clearStoredUser();
        navigate('/login', { replace: true });
        throw new FatalStreamError(401, 'unauthorized', 401);
      }
      const type = response.headers.get('content-type') ?? '';
      if (!response.ok || !type.startsWith('text/event-stream')) {
        // 4xx will not get better by retrying; 5xx and proxies' hiccups may.
        if (response.status >= 400 && response.status < 500) {
          throw new FatalStreamError(response.status, response.statusText, response.status);
        }
        throw new Error(`stream answered ${response.status}`);
      }
      attempt = 0;
      options.onOpen?.();
    },
    onmessage: (message) => {
      if (message.id) lastId = message.id;
      options.onMessage(message);
    },
    onerror: (error: unknown) => {
      if (error instanceof FatalStreamError) throw error;
      attempt += 1;
      return Math.min(1000 * 2 ** (attempt - 1), MAX_RETRY_MS);
    },
  }).catch((error: unknown) => {
    options.onFatal?.(error);
  });

  return { close: () => controller.abort(), lastEventId: () => lastId, done };
};
