import { ArrowLeftOutlined, ExportOutlined } from '@ant-design/icons';
import { Code, WebPaths } from '@studio/contract/constants';
import { Button, Card, Flex, Result, Skeleton } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { PageLoading } from '../../../components/page-loading.tsx';
import { useDocumentTitle } from '../../../components/use-document-title.ts';
import { isApiError } from '../../../lib/api-error.ts';
import { LinkButton } from '../link-button.tsx';
import { useStoreCourse } from '../store-api.ts';
import { BuyActions } from './buy-actions.tsx';
import { BuyPageView } from './buy-page-view.tsx';
import { Changelog } from './changelog.tsx';

// The reader carries the content renderer (large): only reading a lesson loads it.
const LessonReader = lazy(() => import('./lesson-reader.tsx').then((m) => ({ default: m.LessonReader })));

/**
 * /store/preview/:courseId (the buy page) and its embeddable twin. `?lesson=ID` reads a lesson: free
 * lessons for everyone, every lesson once the team owns the course (打开 starts at the first one).
 */
export const StoreCoursePage = ({ embedded = false }: { embedded?: boolean }) => {
  const { t } = useTranslation();
  const courseId = Number(useParams().courseId);
  const [params] = useSearchParams();
  const lessonId = Number(params.get('lesson')) || undefined;
  // Errors show on the page; an embedded page never leaves for /login.
  const course = useStoreCourse(courseId, { silent: true, stayOnPage: embedded });
  useDocumentTitle(course.data?.title ?? t('pages.storePreview'));

  const base = embedded ? WebPaths.storeIframePreview(courseId) : WebPaths.storePreview(courseId);
  const linkTo = (id: number) => `${base}?lesson=${id}`;
  const storeLink = WebPaths.storePreview(courseId);

  if (course.isPending && Number.isInteger(courseId) && courseId > 0) {
    return (
      <Card>
        <Skeleton active paragraph={{ rows: 8 }} />
      </Card>
    );
  }
  if (!course.data) {
    const code = isApiError(course.error) ? course.error.code : Code.NOT_FOUND;
    const missing = code === Code.NOT_FOUND || code === Code.BAD_REQUEST || !course.error;
    return (
      <Result
        status={missing ? '404' : 'warning'}
        title={missing ? t('store.course.notFound') : t('store.course.loadFailed')}
        subTitle={missing ? t('store.course.notFoundDesc') : isApiError(course.error) && course.error.msg}
        extra={
          embedded ? (
            <Button href={storeLink} target="_blank" icon={<ExportOutlined aria-hidden />}>
              {t('store.course.embedBuy')}
            </Button>
          ) : (
            <Flex gap={12} justify="center" wrap>
              {!missing && <Button onClick={() => void course.refetch()}>{t('common.retry')}</Button>}
              <LinkButton to={WebPaths.storeList} type="primary">
                {t('store.course.back')}
              </LinkButton>
            </Flex>
          )
        }
      />
    );
  }

  const data = course.data;
  const actions = embedded ? (
    <Button
      type="primary"
      size="large"
      href={storeLink}
      target="_blank"
      icon={<ExportOutlined aria-hidden />}
    >
      {t('store.course.embedBuy')}
    </Button>
  ) : (
    <BuyActions course={data} openTo={data.lessons[0] && linkTo(data.lessons[0].lessonId)} />
  );

  return (
    <Flex
      vertical
      gap={12}
      // Embedded, the page has no layout around it: it is its own main landmark.
      component={embedded ? 'main' : 'div'}
      style={embedded ? { padding: 16, maxWidth: 1100, margin: '0 auto' } : undefined}
    >
      {!embedded && lessonId === undefined && (
        <Link to={WebPaths.storeList}>
          <ArrowLeftOutlined aria-hidden /> {t('store.course.back')}
        </Link>
      )}
      {lessonId === undefined ? (
        <>
          <BuyPageView course={data} actions={actions} lessonLink={linkTo} />
          {!embedded && <Changelog courseId={data.courseId} />}
        </>
      ) : (
        <Suspense fallback={<PageLoading />}>
          <LessonReader
            course={data}
            lessonId={lessonId}
            linkTo={linkTo}
            introTo={base}
            lockedActions={actions}
          />
        </Suspense>
      )}
    </Flex>
  );
};

export const StorePreviewPage = () => <StoreCoursePage />;
export const StoreIframePreviewPage = () => <StoreCoursePage embedded />;
