import { Code } from '@studio/contract';
import { Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useDocumentTitle } from '../../../components/use-document-title.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { CourseLoadError } from '../course-load-error.tsx';
import { useCourseDetail, useLessonDetail } from '../course-queries.ts';
import { LessonEditor } from './lesson-editor.tsx';

/** /create/course/:courseId/Lesson/:lessonId: this chunk carries Tiptap; no other page loads it. */
export const LessonEditPage = () => {
  const { t } = useTranslation();
  const params = useParams();
  const courseId = Number(params.courseId);
  const lessonId = Number(params.lessonId);
  const course = useCourseDetail(courseId);
  const lesson = useLessonDetail(lessonId);
  useDocumentTitle(lesson.data ? `${t('editor.pageTitle')} · ${lesson.data.title}` : t('editor.pageTitle'));
  if (
    (lesson.isPending && lesson.fetchStatus !== 'idle') ||
    (course.isPending && course.fetchStatus !== 'idle')
  ) {
    return <Skeleton active paragraph={{ rows: 10 }} />;
  }
  if (!lesson.data || lesson.data.courseId !== courseId) {
    return (
      <CourseLoadError
        error={lesson.error ?? course.error ?? new ApiError(Code.NOT_FOUND, '')}
        onRetry={() => void lesson.refetch()}
        notFoundTitle={t('editor.notFound')}
        notFoundDesc={t('editor.notFoundDesc')}
      />
    );
  }
  return <LessonEditor key={lesson.data.lessonId} lesson={lesson.data} course={course.data} />;
};
