import { MailOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import type { MyInvitation } from '@studio/contract';
import { BRAND_COLOR, WebPaths } from '@studio/contract/constants';
import { App, Button, Card, Flex, Popconfirm, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { TeamAvatar } from '../../components/team-avatar.tsx';
import { formatDateTime } from '../../lib/format.ts';
import {
  acceptInvitation,
  declineInvitation,
  fetchMyInvitations,
  invitationKeys,
} from './invitations-api.ts';
import { RoleTag } from './role-tag.tsx';

/** /selectTeam: the invitations waiting for this user, each accepted (enters the team) or declined. */
export const MyInvitations = () => {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [busy, setBusy] = useState<number | null>(null);
  const invitations = useQuery({
    queryKey: invitationKeys.mine,
    queryFn: fetchMyInvitations,
    staleTime: 0,
    refetchOnWindowFocus: true,
  });
  const list = invitations.data ?? [];
  if (list.length === 0) return null;

  const answer = async (invitation: MyInvitation, accept: boolean) => {
    setBusy(invitation.invitationId);
    try {
      if (accept) {
        const team = await acceptInvitation(invitation.invitationId);
        void message.success(t('teamCentre.invitations.accepted', { name: team.teamName }));
        void navigate(WebPaths.author, { replace: true });
      } else {
        await declineInvitation(invitation.invitationId);
        void message.success(t('teamCentre.invitations.declined', { name: invitation.teamName }));
      }
    } catch {
      // Shown by the request client (20009: answered elsewhere; 542: the team expired).
      void invitations.refetch();
    } finally {
      setBusy(null);
    }
  };

  return (
    <Card
      role="region"
      aria-label={t('teamCentre.invitations.title')}
      style={{ marginBottom: 16, borderColor: BRAND_COLOR }}
      title={
        <Space>
          <MailOutlined style={{ color: BRAND_COLOR }} aria-hidden />
          <h2 style={{ fontSize: 16, margin: 0 }}>{t('teamCentre.invitations.title')}</h2>
        </Space>
      }
    >
      <Typography.Paragraph type="secondary">{t('teamCentre.invitations.desc')}</Typography.Paragraph>
      <Flex vertical gap={12} role="list">
        {list.map((invitation) => {
          const team = invitation.teamName;
          const off = busy !== null;
          return (
            <Flex role="listitem" key={invitation.invitationId} gap={12} align="center" wrap>
              <TeamAvatar name={team} logo={invitation.teamLogo} size={40} />
              <div style={{ flex: 1, minWidth: 200 }}>
                <Space size={6} wrap>
                  <Typography.Text strong>
                    {t('teamCentre.invitations.item', {
                      team,
                      role: t(`team.role.${invitation.role}`),
                    })}
                  </Typography.Text>
                  <RoleTag role={invitation.role} />
                </Space>
                <div style={{ color: 'rgba(0,0,0,0.55)', fontSize: 13, marginTop: 2 }}>
                  {t('teamCentre.invitations.from', {
                    name: invitation.inviterName,
                    time: formatDateTime(invitation.createTime),
                  })}
                </div>
              </div>
              <Space>
                <Popconfirm
                  title={t('teamCentre.invitations.declineConfirm', { team })}
                  okText={t('teamCentre.invitations.decline')}
                  onConfirm={() => void answer(invitation, false)}
                >
                  <Button disabled={off} aria-label={t('teamCentre.invitations.declineAction', { team })}>
                    {t('teamCentre.invitations.decline')}
                  </Button>
                </Popconfirm>
                <Button
                  type="primary"
                  disabled={off && busy !== invitation.invitationId}
                  loading={busy === invitation.invitationId}
                  aria-label={t('teamCentre.invitations.acceptAction', { team })}
                  onClick={() => void answer(invitation, true)}
                >
                  {t('teamCentre.invitations.accept')}
                </Button>
              </Space>
            </Flex>
          );
        })}
      </Flex>
    </Card>
  );
};
