import { Routes } from '@studio/contract/constants';
import type {
  AiCreateRequest,
  AiEstimateRequest,
  AiTranslateRequest,
  DocumentParseProgress,
  Outline,
} from '@studio/contract';
import { useQuery } from '@tanstack/react-query';
import type { AxiosRequestConfig } from 'axios';
import { call } from '../../lib/call.ts';

/** Query keys. Jobs belong to the current team, so the team is part of every key. */
export const aiKeys = {
  all: ['ai'] as const,
  list: (teamId: number | undefined, pageNum: number, pageSize: number) =>
    ['ai', teamId, 'list', pageNum, pageSize] as const,
  generator: ['ai', 'generator'] as const,
  translations: (courseId: number) => ['ai', 'translations', courseId] as const,
  estimate: (body: AiEstimateRequest) => ['ai', 'estimate', body] as const,
};

/** Every AI job call; answers are the envelope's data. */
export const aiApi = {
  create: (body: AiCreateRequest) => call.post(Routes.ai.create, body),
  list: (pageNum: number, pageSize: number) => call.get(Routes.ai.list, { pageNum, pageSize }),
  detail: (jobId: number, config?: AxiosRequestConfig) => call.get(Routes.ai.detail, { jobId }, config),
  outline: (jobId: number, outline: Outline) => call.post(Routes.ai.outline, { jobId, outline }),
  generate: (jobId: number) => call.post(Routes.ai.generate, { jobId }),
  cancel: (jobId: number) => call.post(Routes.ai.cancel, { jobId }),
  retry: (jobId: number, idx: number) => call.post(Routes.ai.retry, { jobId, idx }),
  restart: (jobId: number) => call.post(Routes.ai.restart, { jobId }),
  generator: () => call.get(Routes.ai.generator),
  /** Silent: an estimate that fails (a half-typed form) hides itself; the run's own request still speaks. */
  estimate: (body: AiEstimateRequest) => call.post(Routes.ai.estimate, body, { silent: true }),
  translate: (body: AiTranslateRequest) => call.post(Routes.ai.translate, body),
  translations: (courseId: number) => call.get(Routes.ai.translations, { courseId }),
  /**
   * Sends a document to be read into sections; `onUpload` gets the percent sent (100: the server is
   * reading it). Refusals come back silent, for the upload box to say them where the file was dropped.
   */
  parseDocument: (
    file: File,
    onUpload: (percent: number) => void,
    onParse: (progress: DocumentParseProgress) => void = () => undefined,
  ) => {
    const form = new FormData();
    form.append('file', file);
    // The pages read so far arrive as lines while the server reads.
    return call.postWithProgress(Routes.ai.documentParse, form, onParse, {
      silent: true,
      // 50 MB on a slow line, then up to a minute of reading.
      timeout: 300_000,
      onUploadProgress: (e) => onUpload(e.total ? Math.min(100, Math.round((e.loaded / e.total) * 100)) : 0),
    });
  },
};

/** Which generator writes (template or a model, and its price): one query for every screen that says it. */
export const useAiGenerator = () =>
  useQuery({ queryKey: aiKeys.generator, queryFn: aiApi.generator, staleTime: 60_000 });

/** The job's event stream path; `from` resumes after that event id (0: the whole log). */
export const streamPath = (jobId: number, from: number): string =>
  `${Routes.ai.stream}?jobId=${jobId}${from > 0 ? `&lastEventId=${from}` : ''}`;
