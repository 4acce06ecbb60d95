import { CopyOutlined, LoginOutlined } from '@ant-design/icons';
import { Code, WebPaths } from '@studio/contract/constants';
import type { ShareView } from '@studio/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { App, Button, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { PublicPageError } from '../../../components/public-page-error.tsx';
import { useDocumentTitle } from '../../../components/use-document-title.ts';
import { useWechatShare } from '../../../components/use-wechat-share.ts';
import { useSession } from '../../../lib/session-store.ts';
import { shareApi } from '../course-api.ts';
import { AppPublicShell } from '../../../screens/app-public-shell.tsx';
import { ShareScreen } from '../../../screens/share-screen.tsx';
import { attachmentsApi } from '../../attachments/attachments-api.ts';

/** 复制到我的团队, or what it takes to get there (log in, choose a team). */
const CopyAction = ({ view }: { view: ShareView }) => {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const user = useSession((s) => s.user);
  const copy = useMutation({
    mutationFn: () => shareApi.copy(view.share.shareId),
    onSuccess: (course) => {
      void message.success(t('share.page.copied', { team: user?.lastTeam?.teamName ?? '' }));
      void navigate(WebPaths.course(course.courseId));
    },
  });
  if (!view.share.allowCopy) return null;
  if (!user) {
    return (
      <Link to={WebPaths.loginBack(WebPaths.share(view.share.shareId))}>
        <Button icon={<LoginOutlined />}>{t('share.page.loginToCopy')}</Button>
      </Link>
    );
  }
  if (!user.lastTeam) {
    return (
      <Link to={WebPaths.selectTeam}>
        <Button>{t('share.page.selectTeamToCopy')}</Button>
      </Link>
    );
  }
  return (
    <Button
      type="primary"
      icon={<CopyOutlined />}
      loading={copy.isPending}
      title={t('share.page.copyDesc', { team: user.lastTeam.teamName })}
      onClick={() => copy.mutate()}
    >
      {t('share.page.copyToTeam')}
    </Button>
  );
};

/** /share/:shareId: a shared course, read-only, for anyone with the link (no login needed). */
export const SharePage = () => {
  const { t } = useTranslation();
  const shareId = useParams().shareId ?? '';
  const view = useQuery({
    queryKey: ['share', shareId],
    queryFn: () => shareApi.view(shareId),
    staleTime: 0,
  });
  // The names only, beside the view: a failure here leaves the lessons readable.
  const attachments = useQuery({
    queryKey: ['share', shareId, 'attachments'],
    queryFn: () => attachmentsApi.share(shareId),
    enabled: view.isSuccess,
    staleTime: 0,
  });
  useDocumentTitle(
    view.data ? `${view.data.course.title} · ${t('share.page.title')}` : t('share.page.title'),
  );
  useWechatShare(view.data?.course);
  return (
    <AppPublicShell>
      {view.isPending ? (
        <Skeleton active paragraph={{ rows: 10 }} />
      ) : view.data ? (
        <ShareScreen view={view.data} attachments={attachments.data} copy={<CopyAction view={view.data} />} />
      ) : (
        <PublicPageError
          error={view.error}
          onRetry={() => void view.refetch()}
          notFound={{ title: t('share.page.notFound'), desc: t('share.page.notFoundDesc') }}
          gone={{
            code: Code.SHARE_EXPIRED,
            title: t('share.page.invalid'),
            desc: t('share.page.invalidDesc'),
          }}
          loadFailed={t('share.page.loadFailed')}
          goHome={t('share.page.goHome')}
        />
      )}
    </AppPublicShell>
  );
};
