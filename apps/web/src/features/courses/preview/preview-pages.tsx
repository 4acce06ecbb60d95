import { EditOutlined, LeftOutlined, RightOutlined } from '@ant-design/icons';
import { Alert, Button, Result, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { WebPaths } from '@studio/contract/constants';
import { useDocumentTitle } from '../../../components/use-document-title.ts';
import { AppScreen } from '../../../screens/app-screen.tsx';
import { BuyActions } from '../../../screens/buy-actions.tsx';
import { BuyPage } from '../../../screens/buy-page.tsx';
import {
  CourseHeading,
  CourseLessons,
  CourseSummary,
  LessonArticle,
  type PublicCourse,
} from '../../../screens/course-parts.tsx';
import { useSession } from '../../../lib/session-store.ts';
import { CourseLoadError } from '../course-load-error.tsx';
import { useCoursePreview } from '../course-queries.ts';
import { PreviewBar } from './preview-bar.tsx';
import './preview.css';

const useIds = () => {
  const params = useParams();
  return { courseId: Number(params.courseId), lessonId: Number(params.lessonId) };
};

/** The whole course as a reader sees it, in the shared screens' parts: heading, summary, every lesson. */
const CourseRead = ({ course }: { course: PublicCourse & { summary: string } }) => (
  <AppScreen>
    <div className="pp-stack">
      <div className="pp-card">
        <CourseHeading course={course} />
      </div>
      <CourseSummary summary={course.summary} />
      <CourseLessons lessons={course.lessons} />
    </div>
  </AppScreen>
);

/** Loads the course preview; the page renders once it is there, or says what went wrong. */
const WithPreview = ({
  courseId,
  embedded = false,
  children,
}: {
  courseId: number;
  embedded?: boolean;
  children: (course: NonNullable<ReturnType<typeof useCoursePreview>['data']>) => ReactNode;
}) => {
  const preview = useCoursePreview(courseId, { embedded });
  if (preview.isPending && preview.fetchStatus !== 'idle')
    return <Skeleton active paragraph={{ rows: 10 }} />;
  if (!preview.data) {
    return <CourseLoadError error={preview.error} onRetry={() => void preview.refetch()} home={!embedded} />;
  }
  return <>{children(preview.data)}</>;
};

export const CoursePreviewPage = () => {
  const { t } = useTranslation();
  const { courseId } = useIds();
  useDocumentTitle(t('preview.course'));
  return (
    <WithPreview courseId={courseId}>
      {(course) => (
        <>
          <PreviewBar
            courseId={courseId}
            kind="course"
            embed={{ path: WebPaths.courseIframePreview(courseId), title: course.title }}
          />
          <CourseRead course={course} />
        </>
      )}
    </WithPreview>
  );
};

export const CourseBuyPreviewPage = () => {
  const { t } = useTranslation();
  const { courseId } = useIds();
  useDocumentTitle(t('preview.buy'));
  return (
    <WithPreview courseId={courseId}>
      {(course) => (
        <>
          <PreviewBar courseId={courseId} kind="buy" />
          <Alert type="info" showIcon title={t('preview.buyNotice')} style={{ marginBottom: 16 }} />
          <AppScreen>
            <div className="pp-stack">
              <BuyPage
                // As a buyer will see it: free-preview lessons readable, the others locked.
                course={{
                  ...course,
                  lessons: course.lessons.map((l) => ({ ...l, content: l.freePreview ? l.content : null })),
                }}
                actions={<BuyActions state={{ kind: 'preview' }} />}
                introHref={WebPaths.courseBuyPreview(courseId)}
                lessonHref={(id) => WebPaths.lessonPreview(courseId, id)}
              />
            </div>
          </AppScreen>
        </>
      )}
    </WithPreview>
  );
};

const LessonNotFound = () => {
  const { t } = useTranslation();
  return <Result status="404" title={t('preview.lessonNotFound')} />;
};

export const LessonPreviewPage = () => {
  const { t } = useTranslation();
  const { courseId, lessonId } = useIds();
  useDocumentTitle(t('preview.lesson'));
  return (
    <WithPreview courseId={courseId}>
      {(course) => {
        const index = course.lessons.findIndex((l) => l.lessonId === lessonId);
        const lesson = course.lessons[index];
        const prev = course.lessons[index - 1];
        const next = course.lessons[index + 1];
        return (
          <>
            <PreviewBar
              courseId={courseId}
              kind="lesson"
              embed={
                lesson && { path: WebPaths.lessonIframePreview(courseId, lessonId), title: lesson.title }
              }
              extra={
                lesson && (
                  <Link to={WebPaths.lesson(courseId, lessonId)}>
                    <Button icon={<EditOutlined />}>{t('preview.editLesson')}</Button>
                  </Link>
                )
              }
            />
            {lesson ? (
              <AppScreen>
                <LessonArticle lesson={lesson} index={index} />
              </AppScreen>
            ) : (
              <LessonNotFound />
            )}
            <nav className="preview-pager" aria-label={t('preview.syllabus')}>
              {prev ? (
                <Link to={WebPaths.lessonPreview(courseId, prev.lessonId)}>
                  <Button icon={<LeftOutlined />}>{t('preview.prev')}</Button>
                </Link>
              ) : (
                <span />
              )}
              {next && (
                <Link to={WebPaths.lessonPreview(courseId, next.lessonId)}>
                  <Button>
                    {t('preview.next')} <RightOutlined />
                  </Button>
                </Link>
              )}
            </nav>
          </>
        );
      }}
    </WithPreview>
  );
};

/** Embedded pages live inside other sites: no bar, and a clear word instead of a redirect. */
const EmbeddedGate = ({ children }: { children: ReactNode }) => {
  const { t } = useTranslation();
  const user = useSession((s) => s.user);
  const location = useLocation();
  if (!user || !user.lastTeam) {
    const to = user ? WebPaths.selectTeam : WebPaths.loginBack(location.pathname);
    return (
      <Result
        status="info"
        title={user ? t('preview.teamRequired') : t('preview.loginRequired')}
        extra={
          <a href={to} target="_top">
            <Button type="primary">{user ? t('preview.teamAction') : t('preview.loginAction')}</Button>
          </a>
        }
      />
    );
  }
  return <main className="embedded-page">{children}</main>;
};

export const CourseIframePreviewPage = () => {
  const { t } = useTranslation();
  const { courseId } = useIds();
  useDocumentTitle(t('preview.embed'));
  return (
    <EmbeddedGate>
      <WithPreview courseId={courseId} embedded>
        {(course) => <CourseRead course={course} />}
      </WithPreview>
    </EmbeddedGate>
  );
};

export const LessonIframePreviewPage = () => {
  const { t } = useTranslation();
  const { courseId, lessonId } = useIds();
  useDocumentTitle(t('preview.lesson'));
  return (
    <EmbeddedGate>
      <WithPreview courseId={courseId} embedded>
        {(course) => {
          const index = course.lessons.findIndex((l) => l.lessonId === lessonId);
          const lesson = course.lessons[index];
          return lesson ? (
            <AppScreen>
              <LessonArticle lesson={lesson} index={index} headingLevel={1} />
            </AppScreen>
          ) : (
            <LessonNotFound />
          );
        }}
      </WithPreview>
    </EmbeddedGate>
  );
};
