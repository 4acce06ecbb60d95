import { Code } from '@studio/contract/constants';
import { useQuery } from '@tanstack/react-query';
import { isApiError } from '../../lib/api-error.ts';
import { i18n } from '../../lib/i18n/index.ts';
import { showErrorNotice } from '../../lib/notice.ts';
import { courseApi, courseKeys, lessonApi } from './course-api.ts';
import { useTeamId } from '../../lib/current-team.ts';

// Page loads are silent: the page itself says 课程不存在 or offers a retry, instead of a notice.
const quiet = { silent: true } as const;

export const useCourseDetail = (courseId: number) => {
  const teamId = useTeamId();
  return useQuery({
    queryKey: courseKeys.detail(teamId, courseId),
    queryFn: () => courseApi.detail(courseId, quiet),
    enabled: Number.isInteger(courseId) && courseId > 0,
  });
};

/** `embedded`: the iframe previews stay on their page whatever happens (they live in other sites). */
export const useCoursePreview = (courseId: number, { embedded = false, enabled = true } = {}) => {
  const teamId = useTeamId();
  return useQuery({
    queryKey: courseKeys.preview(teamId, courseId),
    queryFn: () => courseApi.preview(courseId, embedded ? { ...quiet, stayOnPage: true } : quiet),
    enabled: enabled && Number.isInteger(courseId) && courseId > 0,
    staleTime: 0,
  });
};

export const useLessonDetail = (lessonId: number) => {
  const teamId = useTeamId();
  return useQuery({
    queryKey: courseKeys.lesson(teamId, lessonId),
    queryFn: () => lessonApi.detail(lessonId, quiet),
    enabled: Number.isInteger(lessonId) && lessonId > 0,
    // The editor owns the lesson once open; a background refetch must not replace what is typed.
    staleTime: 0,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
};

export const isNotFound = (error: unknown): boolean =>
  isApiError(error) && (error.code === Code.NOT_FOUND || error.status === 404 || error.status === 400);

/** For calls made `silent` to handle one code themselves: every other failure is shown as usual. */
export const showFailure = (error: unknown): void => {
  if (isApiError(error)) showErrorNotice(i18n.t('request.failed'), error.msg);
};

/** How often the lesson list asks who is editing (the server keeps presence; a poll is one query). */
export const PRESENCE_POLL_MS = 10_000;

/** Who is in each lesson of the course now: polled while the list is shown, none on failure. */
export const useLessonPresence = (courseId: number, enabled = true) => {
  const teamId = useTeamId();
  return useQuery({
    queryKey: courseKeys.presence(teamId, courseId),
    queryFn: () => lessonApi.presence(courseId),
    enabled: enabled && Number.isInteger(courseId) && courseId > 0,
    refetchInterval: PRESENCE_POLL_MS,
    refetchIntervalInBackground: false,
    retry: false,
  });
};
