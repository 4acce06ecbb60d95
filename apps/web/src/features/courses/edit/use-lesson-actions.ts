import { Code } from '@studio/contract/constants';
import type { CourseDetail, LessonSummary } from '@studio/contract';
import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-error.ts';
import { lessonApi, courseKeys } from '../course-api.ts';
import { useTeamId } from '../../../lib/current-team.ts';
import { showFailure } from '../course-queries.ts';

/** Add, rename, reorder, duplicate and delete lessons, keeping the course detail cache in step. */
export const useLessonActions = (courseId: number) => {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const teamId = useTeamId();
  const key = courseKeys.detail(teamId, courseId);
  const setLessons = (update: (lessons: LessonSummary[]) => LessonSummary[]) =>
    queryClient.setQueryData<CourseDetail>(key, (old) =>
      old ? { ...old, lessons: update(old.lessons), lessonCount: update(old.lessons).length } : old,
    );
  const refresh = () => queryClient.invalidateQueries({ queryKey: key });

  /** 409 (a lesson) or 30008 (the list) changed elsewhere: refresh and say so; anything else is shown as usual. */
  const onFailure = async (error: unknown) => {
    if (isApiError(error) && (error.code === Code.CONFLICT || error.code === Code.LESSON_LIST_CHANGED)) {
      void message.warning(t('lesson.changedElsewhere'));
    } else showFailure(error);
    await refresh();
  };

  const add = async (title: string) => {
    const lesson = await lessonApi.create(courseId, title.trim() || undefined);
    setLessons((lessons) => [...lessons, lesson]);
    void message.success(t('lesson.added', { title: lesson.title }));
    return lesson;
  };

  const rename = async (lesson: LessonSummary, title: string) => {
    try {
      const saved = await lessonApi.save(
        { lessonId: lesson.lessonId, version: lesson.version, title: title.trim() },
        { silent: true },
      );
      setLessons((lessons) =>
        lessons.map((l) => (l.lessonId === lesson.lessonId ? { ...l, title: title.trim(), ...saved } : l)),
      );
      void message.success(t('lesson.renamed'));
    } catch (error) {
      await onFailure(error);
    }
  };

  const reorder = async (ordered: LessonSummary[]) => {
    setLessons(() => ordered.map((l, i) => ({ ...l, position: i + 1 })));
    try {
      const answer = await lessonApi.reorder(
        courseId,
        ordered.map((l) => l.lessonId),
        { silent: true },
      );
      setLessons(() => answer);
      void message.success(t('lesson.reordered'));
    } catch (error) {
      await onFailure(error);
    }
  };

  const duplicate = async (lesson: LessonSummary) => {
    const copy = await lessonApi.duplicate(lesson.lessonId);
    await refresh();
    void message.success(t('lesson.duplicated', { title: copy.title }));
  };

  const remove = async (lesson: LessonSummary) => {
    await lessonApi.remove(lesson.lessonId);
    setLessons((lessons) => lessons.filter((l) => l.lessonId !== lesson.lessonId));
    void message.success(t('lesson.deleted'));
    await refresh();
  };

  return { add, rename, reorder, duplicate, remove };
};
