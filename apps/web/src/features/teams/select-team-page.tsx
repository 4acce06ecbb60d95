import { PlusOutlined } from '@ant-design/icons';
import type { TeamListItem } from '@studio/contract';
import { App, Button, Empty, Flex, Result, Skeleton, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { WebPaths } from '@studio/contract/constants';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { useSession } from '../../lib/session-store.ts';
import { InviteBanner } from './invite-banner.tsx';
import { JoinTeamCard } from './join-team-card.tsx';
import { MyInvitations } from './my-invitations.tsx';
import { MyJoinRequests } from './my-join-requests.tsx';
import { RemovedNotice } from './removed-notice.tsx';
import { TeamCard } from './team-card.tsx';
import { changeTeam, fetchTeamList, useTeams } from './team-store.ts';

/**
 * /selectTeam: pick the team to work in (POST /team/change), create one, or join one by code or link.
 * An invite link lands here as `?invite=<code>` and is joined once the user confirms; invitations
 * from a team's OWNER/ADMIN are accepted or declined here, requests to join a team that asks for
 * approval wait here; a removed member is told which team.
 */
export const SelectTeamPage = () => {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const { list, loading, loaded, failed } = useTeams();
  const hasTeam = useSession((s) => Boolean(s.user?.lastTeam));
  const [switching, setSwitching] = useState<number | null>(null);
  const [params, setParams] = useSearchParams();
  const invite = params.get('invite');
  useDocumentTitle(t('team.selectTitle'));

  useEffect(() => {
    void fetchTeamList();
  }, []);

  const pick = async (team: TeamListItem) => {
    setSwitching(team.teamId);
    try {
      const current = await changeTeam(team.teamId);
      void message.success(t('team.switched', { name: current.teamName }));
      void navigate(WebPaths.author);
    } catch {
      // Shown by the request client.
    } finally {
      setSwitching(null);
    }
  };

  const createButton = (
    <Link to={WebPaths.createTeam}>
      <Button type="primary" icon={<PlusOutlined />}>
        {t('team.create')}
      </Button>
    </Link>
  );

  let body;
  if (!loaded) body = <Skeleton active avatar paragraph={{ rows: 3 }} />;
  else if (failed && list.length === 0) {
    body = (
      <Result
        status="warning"
        title={t('team.loadFailed')}
        extra={
          <Button loading={loading} onClick={() => void fetchTeamList()}>
            {t('common.retry')}
          </Button>
        }
      />
    );
  } else if (list.length === 0) {
    body = (
      <Empty
        description={
          <>
            <strong>{t('team.empty')}</strong>
            <br />
            {t('team.emptyDesc')}
          </>
        }
      >
        {createButton}
      </Empty>
    );
  } else {
    body = (
      <Flex vertical gap={12} role="list" aria-label={t('team.selectTitle')}>
        {list.map((team) => (
          <div role="listitem" key={team.teamId}>
            <TeamCard
              team={team}
              busy={switching === team.teamId}
              disabled={switching !== null}
              onPick={(picked) => void pick(picked)}
            />
          </div>
        ))}
      </Flex>
    );
  }

  return (
    <section style={{ maxWidth: 720, margin: '0 auto' }}>
      <Flex justify="space-between" align="flex-start" gap={12} wrap style={{ marginBottom: 16 }}>
        <div>
          <h1 className="page-title">{t('team.selectTitle')}</h1>
          <Typography.Text type="secondary">{t('team.selectDesc')}</Typography.Text>
        </div>
        {list.length > 0 && createButton}
      </Flex>
      {!hasTeam && <RemovedNotice />}
      <MyInvitations />
      <MyJoinRequests />
      {invite !== null && <InviteBanner invite={invite} onIgnore={() => setParams({}, { replace: true })} />}
      {body}
      <div style={{ marginTop: 16 }}>
        <JoinTeamCard />
      </div>
    </section>
  );
};
