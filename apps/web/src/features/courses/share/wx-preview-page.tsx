import { ArrowLeftOutlined } from '@ant-design/icons';
import { Button, Grid, Skeleton, Typography } from 'antd';
import { QRCodeSVG } from 'qrcode.react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { Code, WebPaths } from '@studio/contract/constants';
import { useDocumentTitle } from '../../../components/use-document-title.ts';
import { useWechatShare } from '../../../components/use-wechat-share.ts';
import { isApiError } from '../../../lib/api-error.ts';
import { useSession } from '../../../lib/session-store.ts';
import { CourseLoadError } from '../course-load-error.tsx';
import { useCoursePreview } from '../course-queries.ts';
import { BuyActions } from '../../store/preview/buy-actions.tsx';
import { useStoreCourse } from '../../store/store-api.ts';
import { AppPublicShell } from '../../../screens/app-public-shell.tsx';
import { AppScreen } from '../../../screens/app-screen.tsx';
import { WxPreviewScreen } from '../../../screens/wx-preview-screen.tsx';
import './share.css';

/**
 * The released course at phone width, for whoever opens a link shared in WeChat and is not its
 * author: free lessons whole, the others locked with the buy page's actions (登录后购买 logged out).
 * Drafts are never public (404).
 */
const ReleasedWxPreview = ({ courseId }: { courseId: number }) => {
  const course = useStoreCourse(courseId, { silent: true, stayOnPage: true });
  useWechatShare(course.data);
  return (
    <main className="wx-page">
      {course.isPending && course.fetchStatus !== 'idle' ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : course.data ? (
        <AppScreen>
          <WxPreviewScreen course={course.data} lockedAction={<BuyActions course={course.data} />} />
        </AppScreen>
      ) : (
        <CourseLoadError error={course.error} onRetry={() => void course.refetch()} />
      )}
    </main>
  );
};

const WxPreview = ({ courseId }: { courseId: number }) => {
  const { t } = useTranslation();
  const wide = Grid.useBreakpoint().md ?? false;
  const preview = useCoursePreview(courseId);
  // Not a course of this team (a buyer who opened a link shared in WeChat): what the store sells.
  if (isApiError(preview.error) && preview.error.code === Code.NOT_FOUND) {
    return <ReleasedWxPreview courseId={courseId} />;
  }
  const body =
    preview.isPending && preview.fetchStatus !== 'idle' ? (
      <Skeleton active paragraph={{ rows: 8 }} />
    ) : preview.data ? (
      <AppScreen>
        <WxPreviewScreen course={preview.data} />
      </AppScreen>
    ) : (
      <CourseLoadError error={preview.error} onRetry={() => void preview.refetch()} />
    );

  if (!wide) return <main className="wx-page">{body}</main>;
  return (
    <AppPublicShell
      actions={
        <Link to={WebPaths.course(courseId)}>
          <Button icon={<ArrowLeftOutlined />}>{t('preview.backToEdit')}</Button>
        </Link>
      }
    >
      <h1 className="page-title" style={{ textAlign: 'center' }}>
        {t('preview.mobile')}
      </h1>
      <div className="wx-stage">
        <section className="wx-phone" aria-label={t('preview.phoneFrame')}>
          <div className="wx-phone-screen">{body}</div>
        </section>
        <aside className="wx-side">
          <QRCodeSVG value={window.location.href} size={200} title={t('preview.qrAlt')} marginSize={2} />
          <h2 style={{ fontSize: 16, margin: '16px 0 8px' }}>{t('preview.scan')}</h2>
          <Typography.Paragraph type="secondary">{t('preview.scanDesc')}</Typography.Paragraph>
        </aside>
      </div>
    </AppPublicShell>
  );
};

/**
 * /wx-preview/:courseId: the course at phone width. The course's team sees the draft; anyone else
 * (logged out, or another team) sees what the store sells.
 */
export const WxPreviewPage = () => {
  const { t } = useTranslation();
  const user = useSession((s) => s.user);
  const courseId = Number(useParams().courseId);
  useDocumentTitle(t('preview.mobile'));
  if (!user) return <ReleasedWxPreview courseId={courseId} />;
  if (!user.register) return <Navigate to={WebPaths.wxAuthBind} replace />;
  if (!user.lastTeam) return <Navigate to={WebPaths.selectTeam} replace />;
  return <WxPreview courseId={courseId} />;
};
