import { API_BASE, PLATFORM_CODE, Routes, SOURCE_HEADER, TOKEN_HEADER } from '@studio/contract/constants';
import type {
  EndpointAt,
  InputOf,
  LearnFilter,
  LearnProgressBody,
  LearnReportQuery,
  LearnWatchBody,
  QuizAnswer,
} from '@studio/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AxiosRequestConfig } from 'axios';
import { api } from '../../lib/request.ts';
import { readToken } from '../../lib/storage.ts';
import { useTeamId } from '../../lib/current-team.ts';
import { useSession } from '../../lib/session-store.ts';
import { call } from '../../lib/call.ts';

/**
 * Query keys. What a learner may learn, and their progress, belong to the current team, so the team
 * id is part of every key; a certificate is public, the same for everyone but its learner (who
 * also reads their exam score), so the viewer's id is part of its key.
 */
export const learnKeys = {
  all: ['learn'] as const,
  lists: (teamId: number | undefined) => ['learn', teamId, 'list'] as const,
  list: (teamId: number | undefined, filter: LearnFilter) => ['learn', teamId, 'list', filter] as const,
  course: (teamId: number | undefined, courseId: number) => ['learn', teamId, 'course', courseId] as const,
  report: (teamId: number | undefined, query: LearnReportQuery) =>
    ['learn', teamId, 'report', query] as const,
  certificate: (code: string, viewerId: number | null) => ['certificate', code, viewerId] as const,
};

/** The filters as sent: an empty keyword and no course are left out rather than sent blank. */
const reportParams = ({ keyword, courseId, ...rest }: Partial<LearnReportQuery>) => ({
  ...rest,
  ...(keyword ? { keyword } : {}),
  ...(courseId ? { courseId } : {}),
});

/**
 * 我的学习, the player's reads and writes, the public certificate and the team's report; answers
 * are the envelope's data.
 */
export const learnApi = {
  list: (filter: LearnFilter) => call.get(Routes.learn.list, { filter }).then((e) => e.list),
  /** Silent: the player says itself why a course cannot be opened. */
  course: (courseId: number) => call.get(Routes.learn.course, { courseId }, { silent: true }),
  progress: (body: LearnProgressBody, config?: AxiosRequestConfig) =>
    call.post(Routes.learn.progress, body, config),
  complete: (courseId: number, lessonId: number, config?: AxiosRequestConfig) =>
    call.post(Routes.learn.complete, { courseId, lessonId }, config),
  /** A watch save of a media block; silent: the next save sends its intervals again. */
  watch: (body: LearnWatchBody) => call.post(Routes.learn.watch, body, { silent: true }),
  /**
   * A watch save while the page is hidden or left: `fetch` with `keepalive` outlives the page
   * (sendBeacon cannot carry the token header); its answer is not read.
   */
  watchOnLeave: (body: InputOf<EndpointAt<typeof Routes.learn.watch>>) => {
    void fetch(`${API_BASE}${Routes.learn.watch}`, {
      method: 'POST',
      keepalive: true,
      headers: {
        'content-type': 'application/json',
        [TOKEN_HEADER]: readToken(),
        [SOURCE_HEADER]: PLATFORM_CODE,
      },
      body: JSON.stringify(body),
    }).catch(() => undefined);
  },
  answer: (body: { courseId: number; lessonId: number; quizId: string; answer: QuizAnswer }) =>
    call.post(Routes.quiz.answer, body),
  /** Public: no login needed, and a stale token must not send the visitor away. */
  certificate: (code: string) =>
    call.get(Routes.certificate.view, { code }, { silent: true, stayOnPage: true }),
  /** Silent: the report page says itself why it cannot be shown (403 for a MEMBER). */
  report: (query: LearnReportQuery) => call.get(Routes.learn.report, reportParams(query), { silent: true }),
  /** The whole report as CSV (every page), with the same filters and order. */
  reportCsv: ({ pageNum: _page, pageSize: _size, ...filters }: LearnReportQuery) =>
    api.download(Routes.learn.reportCsv, { params: reportParams(filters) }),
};

export const useLearnList = (filter: LearnFilter) => {
  const teamId = useTeamId();
  return useQuery({
    queryKey: learnKeys.list(teamId, filter),
    queryFn: () => learnApi.list(filter),
    enabled: teamId !== undefined,
    // Progress changes while studying: coming back to the list asks again.
    staleTime: 0,
  });
};

export const useLearnCourse = (courseId: number) => {
  const teamId = useTeamId();
  return useQuery({
    queryKey: learnKeys.course(teamId, courseId),
    queryFn: () => learnApi.course(courseId),
    enabled: teamId !== undefined && Number.isInteger(courseId) && courseId > 0,
    staleTime: 0,
  });
};

export const useCertificate = (code: string) => {
  const viewerId = useSession((s) => s.user?.userId ?? null);
  return useQuery({
    queryKey: learnKeys.certificate(code, viewerId),
    queryFn: () => learnApi.certificate(code),
    staleTime: Infinity,
  });
};

/** The team learning report; `enabled` is false for a member, who may not read it (no request). */
export const useLearnReport = (query: LearnReportQuery, enabled: boolean) => {
  const teamId = useTeamId();
  return useQuery({
    queryKey: learnKeys.report(teamId, query),
    queryFn: () => learnApi.report(query),
    enabled: enabled && teamId !== undefined,
    staleTime: 0,
    // Paging and filtering keep the rows in place while the next answer loads; another team starts empty.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[1] === teamId ? keepPreviousData(previous) : undefined,
  });
};
