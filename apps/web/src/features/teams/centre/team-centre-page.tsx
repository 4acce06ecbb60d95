import { BarChartOutlined, SwapOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Flex, Result, Skeleton } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { WebPaths } from '@studio/contract/constants';
import { useDocumentTitle } from '../../../components/use-document-title.ts';
import { useSession } from '../../../lib/session-store.ts';
import { fetchCurrentTeam, teamKeys } from '../team-api.ts';
import { AiUsageCard } from './ai-usage-card.tsx';
import { InvitePanel } from './invite-panel.tsx';
import { JoinRequestsCard } from './join-requests-card.tsx';
import { LeaveTeamCard } from './leave-team-card.tsx';
import { MediaUsageCard } from './media-usage-card.tsx';
import { MembersCard } from './members-card.tsx';
import { TeamInfoCard } from './team-info-card.tsx';
import { TeamStoreCards } from './team-store-cards.tsx';

const TeamTrainingCards = lazy(() => import('../../training/team-training-cards.tsx'));

/**
 * /personal/team (团队中心): the current team, its members, invitations, roles, ownership, leaving.
 * What the role may not do is hidden or disabled; an expired team is read-only.
 */
export const TeamCentrePage = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useSession((s) => s.user);
  const lastTeam = user?.lastTeam ?? null;
  useDocumentTitle(t('teamCentre.title'));
  const current = useQuery({
    queryKey: teamKeys.current(lastTeam?.teamId ?? 0),
    queryFn: fetchCurrentTeam,
    // Always asked again on entry: a removed member must hear 541 now, not after the cache ages.
    staleTime: 0,
    enabled: lastTeam !== null,
  });

  if (!user) return null;
  if (!lastTeam) return <Navigate to={WebPaths.selectTeam} replace />;
  const { abilities } = lastTeam;

  let info;
  if (current.isPending) {
    info = (
      <Card>
        <Skeleton active avatar paragraph={{ rows: 3 }} />
      </Card>
    );
  } else if (current.isError) {
    info = (
      <Card>
        <Result
          status="warning"
          title={t('teamCentre.loadFailed')}
          extra={<Button onClick={() => void current.refetch()}>{t('common.retry')}</Button>}
        />
      </Card>
    );
  } else {
    info = <TeamInfoCard team={current.data} abilities={abilities} />;
  }

  return (
    <Flex vertical gap={16} className="team-centre">
      <Flex justify="space-between" align="center" gap={12} wrap>
        <h1 className="page-title">{t('teamCentre.title')}</h1>
        <Flex gap={8} wrap>
          {abilities.manage && (
            <Button
              icon={<BarChartOutlined aria-hidden />}
              onClick={() => void navigate(WebPaths.learnReport)}
            >
              {t('learn.report.entry')}
            </Button>
          )}
          <Button icon={<SwapOutlined aria-hidden />} onClick={() => void navigate(WebPaths.selectTeam)}>
            {t('teamCentre.switchTeam')}
          </Button>
        </Flex>
      </Flex>
      {info}
      {abilities.manage && current.data && <InvitePanel team={current.data} abilities={abilities} />}
      {abilities.manage && current.data && (
        <JoinRequestsCard
          teamId={current.data.teamId}
          approval={current.data.joinApproval}
          canDecide={abilities.access && !current.data.teamExpire}
        />
      )}
      <MembersCard team={lastTeam} selfId={user.userId} />
      {abilities.manage && (
        <Suspense fallback={null}>
          <TeamTrainingCards writable={!lastTeam.teamExpire} />
        </Suspense>
      )}
      {abilities.manage && <TeamStoreCards />}
      <MediaUsageCard teamId={lastTeam.teamId} />
      <AiUsageCard teamId={lastTeam.teamId} />
      <LeaveTeamCard team={lastTeam} />
    </Flex>
  );
};
