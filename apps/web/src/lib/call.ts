/**
 * The typed API client: every JSON call names its path from `Routes`, and its input and answer are
 * the contract endpoint's schemas at that path (`endpoints` in @studio/contract). The method is part
 * of the call (`call.get` / `call.post`) and checked against the endpoint's, so a GET path cannot be
 * posted. Only types come from the table: the schemas (zod) stay out of the pages that do not
 * validate (see plain.ts). Requests go through the one client of request.ts (headers, interceptors,
 * envelope rules, `silent` / `stayOnPage`).
 */
import type {
  EndpointAt,
  EndpointDef,
  Envelope,
  InputOf,
  OutputOf,
  PathsOf,
  ProgressOf,
  ProgressPaths,
} from '@studio/contract';
import { PROGRESS_LINES_TYPE } from '@studio/contract/constants';
import type { AxiosRequestConfig } from 'axios';
import { finalEnvelope, latestProgress } from './progress-lines.ts';
import { http } from './request.ts';

/** What a call may set besides its input: `silent`, `stayOnPage`, `signal`… */
export type CallOptions = Omit<AxiosRequestConfig, 'url' | 'method' | 'params' | 'data'>;

/** The input, optional when the endpoint takes none or every field of it is optional. */
type CallArgs<E extends EndpointDef> =
  undefined extends InputOf<E>
    ? [input?: InputOf<E>, options?: CallOptions]
    : object extends InputOf<E>
      ? [input?: InputOf<E>, options?: CallOptions]
      : [input: InputOf<E>, options?: CallOptions];

const get = <P extends PathsOf<'GET'>>(
  path: P,
  ...[input, options]: CallArgs<EndpointAt<P>>
): Promise<Envelope<OutputOf<EndpointAt<P>>>> =>
  http.get<Envelope<OutputOf<EndpointAt<P>>>>(path, { ...options, params: input }).then((r) => r.data);

const post = <P extends PathsOf<'POST'>>(
  path: P,
  ...[input, options]: CallArgs<EndpointAt<P>>
): Promise<Envelope<OutputOf<EndpointAt<P>>>> =>
  http.post<Envelope<OutputOf<EndpointAt<P>>>>(path, input, options).then((r) => r.data);

/** Calls that resolve with the whole envelope: for the callers that read its `code` (10005, 20014…). */
export const callEnvelope = { get, post };

/**
 * A POST to an endpoint that reports its progress, asking for it: each step reaches `onProgress` as
 * its line arrives (the request's download progress, so a long read shows 第 n / N 页), and the call
 * resolves with the last line's envelope's `data`, through the usual envelope rules.
 */
const postWithProgress = <P extends ProgressPaths & PathsOf<'POST'>>(
  path: P,
  input: InputOf<EndpointAt<P>>,
  onProgress: (progress: ProgressOf<EndpointAt<P>>) => void,
  options?: Omit<CallOptions, 'headers' | 'onDownloadProgress' | 'transformResponse'>,
): Promise<OutputOf<EndpointAt<P>>> =>
  http
    .post<Envelope<OutputOf<EndpointAt<P>>>>(path, input, {
      ...options,
      headers: { Accept: `${PROGRESS_LINES_TYPE}, application/json` },
      onDownloadProgress: (e) => {
        const text = (e.event as ProgressEvent<XMLHttpRequest> | undefined)?.target?.responseText;
        const progress = typeof text === 'string' ? latestProgress(text) : null;
        if (progress !== null) onProgress(progress as ProgressOf<EndpointAt<P>>);
      },
      transformResponse: [finalEnvelope],
    })
    .then((r) => r.data.data);

/** Calls that resolve with the envelope's `data` (the interceptors turned every failure into a rejection). */
export const call = {
  get: <P extends PathsOf<'GET'>>(path: P, ...args: CallArgs<EndpointAt<P>>) =>
    get(path, ...args).then((e) => e.data),
  post: <P extends PathsOf<'POST'>>(path: P, ...args: CallArgs<EndpointAt<P>>) =>
    post(path, ...args).then((e) => e.data),
  postWithProgress,
};
