import type { AiJob } from '@studio/contract';
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { isApiError } from '../../lib/api-error.ts';
import { openStream, type StreamHandle } from '../../lib/sse.ts';
import { useTeamId } from '../../lib/current-team.ts';
import { aiApi, streamPath } from './ai-api.ts';
import { isSettled, jobReducer, parseEvent } from './job-state.ts';

/** `open`: events flow; `lost`: the connection dropped and is being reopened; `failed`: gave up. */
export type Connection = 'connecting' | 'open' | 'lost' | 'failed';
export type LoadError = 'notFound' | 'failed';

/** Keepalives come every 15 s, so this much silence means the connection is gone. */
const SILENCE_MS = 40_000;
const REOPEN_MS = 1_000;

/**
 * A job on the progress page: the detail as a snapshot, then the whole event log from the start
 * (old events rebuild the streamed text, new ones move the page on), followed live until the job
 * settles. Network errors are retried by the SSE client with Last-Event-ID; a stream the server ends,
 * or one silent for longer than the keepalives allow, is reopened from the last id seen.
 */
export const useAiJob = (jobId: number | null) => {
  const teamId = useTeamId();
  const [view, dispatch] = useReducer(jobReducer, null);
  const [connection, setConnection] = useState<Connection>('connecting');
  const [loadError, setLoadError] = useState<LoadError | null>(null);
  const [attempt, setAttempt] = useState(0);
  const streamRef = useRef<StreamHandle | null>(null);

  useEffect(() => {
    if (jobId === null) return;
    let disposed = false;
    let reopen: ReturnType<typeof setTimeout> | undefined;
    let heardAt = Date.now();
    const heard = () => {
      heardAt = Date.now();
      setConnection('open');
    };
    const resumeFrom = (handle: StreamHandle, from: number) => Number(handle.lastEventId() ?? from);

    const follow = (from: number) => {
      let fatal = false;
      const handle = openStream(streamPath(jobId, from), {
        onOpen: heard,
        onMessage: (message) => {
          heard();
          const parsed = parseEvent(message);
          if (parsed) dispatch({ type: 'event', ...parsed });
        },
        onFatal: () => {
          fatal = true;
          if (!disposed) setConnection('failed');
        },
      });
      streamRef.current = handle;
      void handle.done.then(() => {
        // Ended by the server (a restart): pick up where it stopped. Closed by us or failed: stop.
        if (disposed || fatal || streamRef.current !== handle) return;
        setConnection('lost');
        reopen = setTimeout(() => follow(resumeFrom(handle, from)), REOPEN_MS);
      });
    };

    // A connection that went quiet (a half-open socket, a proxy that kept it) is replaced.
    const watchdog = setInterval(() => {
      const handle = streamRef.current;
      if (!handle || Date.now() - heardAt <= SILENCE_MS) return;
      setConnection('lost');
      heardAt = Date.now();
      streamRef.current = null;
      handle.close();
      follow(resumeFrom(handle, 0));
    }, 5_000);

    aiApi
      .detail(jobId, { silent: true })
      .then((job) => {
        if (disposed) return;
        setLoadError(null);
        dispatch({ type: 'snapshot', job });
        follow(0);
      })
      .catch((error: unknown) => {
        if (!disposed) setLoadError(isApiError(error) && error.code === 404 ? 'notFound' : 'failed');
      });

    return () => {
      disposed = true;
      clearTimeout(reopen);
      clearInterval(watchdog);
      streamRef.current?.close();
      streamRef.current = null;
    };
  }, [jobId, teamId, attempt]);

  // Nothing more will happen once the job is done or cancelled and its log is replayed.
  const settled = view !== null && view.jobId === jobId && isSettled(view);
  useEffect(() => {
    if (!settled) return;
    const stream = streamRef.current;
    streamRef.current = null;
    stream?.close();
  }, [settled]);

  /** Applies an action's answer (save outline, generate, cancel, retry) at once. */
  const apply = useCallback((job: AiJob) => dispatch({ type: 'snapshot', job }), []);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);

  return {
    view: view?.jobId === jobId ? view : null,
    connection: settled ? 'open' : connection,
    loadError,
    apply,
    reload,
  };
};
