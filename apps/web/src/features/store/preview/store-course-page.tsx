import { ReleasedAttachments } from '../../attachments/released-attachments.tsx';
import { Code, WebPaths } from '@studio/contract/constants';
import { Button, Card, Flex, Result, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../../components/use-document-title.ts';
import { useWechatShare } from '../../../components/use-wechat-share.ts';
import { isApiError } from '../../../lib/api-error.ts';
import { AppScreen } from '../../../screens/app-screen.tsx';
import { BuyActions as BuyActionsView } from '../../../screens/buy-actions.tsx';
import { BuyPage } from '../../../screens/buy-page.tsx';
import { LinkButton } from '../link-button.tsx';
import { useStoreCourse } from '../store-api.ts';
import { BuyActions } from './buy-actions.tsx';
import { Changelog } from './changelog.tsx';

/**
 * /store/preview/:courseId (the buy page) and its embeddable twin: the shared buy page (the tree a
 * visitor's page is rendered from), with this member's actions. `?lesson=ID` reads a lesson: free
 * lessons for everyone, every lesson once the team owns the course (打开课程 starts at the first one).
 */
export const StoreCoursePage = ({ embedded = false }: { embedded?: boolean }) => {
  const { t } = useTranslation();
  const courseId = Number(useParams().courseId);
  const [params] = useSearchParams();
  const lessonId = Number(params.get('lesson')) || null;
  // Errors show on the page; an embedded page never leaves for /login.
  const course = useStoreCourse(courseId, { silent: true, stayOnPage: embedded });
  useDocumentTitle(course.data?.title ?? t('pages.storePreview'));
  useWechatShare(course.data);

  const base = embedded ? WebPaths.storeIframePreview(courseId) : WebPaths.storePreview(courseId);
  const lessonHref = (id: number) => `${base}?lesson=${id}`;
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
            <Button href={storeLink} target="_blank">
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
  const first = data.lessons[0];
  const page = (
    <AppScreen>
      <div className="pp-stack">
        <BuyPage
          course={data}
          lessonId={lessonId}
          actions={
            embedded ? (
              <BuyActionsView state={{ kind: 'embedded', storeHref: storeLink }} />
            ) : (
              <BuyActions course={data} openTo={first && lessonHref(first.lessonId)} />
            )
          }
          after={!embedded && <Changelog courseId={data.courseId} />}
          attachments={
            lessonId !== null && <ReleasedAttachments courseId={data.courseId} lessonId={lessonId} />
          }
          introHref={base}
          lessonHref={lessonHref}
          backHref={embedded ? undefined : WebPaths.storeList}
        />
      </div>
    </AppScreen>
  );
  // Embedded, the page has no layout around it: it is its own main landmark.
  return embedded ? <main style={{ padding: 16, maxWidth: 1100, margin: '0 auto' }}>{page}</main> : page;
};

export const StorePreviewPage = () => <StoreCoursePage />;
export const StoreIframePreviewPage = () => <StoreCoursePage embedded />;
