import { UserOutlined } from '@ant-design/icons';
import type { TeamInvitation } from '@studio/contract';
import { App, Avatar, Button, Flex, Popconfirm, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { avatarUrl } from '../../../components/picture.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { cancelInvitation } from '../invitations-api.ts';

/** 待接受的邀请: who was invited, as what, by whom and when; each can be withdrawn (confirmed). */
export const PendingInvitations = ({
  invitations,
  loading,
  disabled,
}: {
  invitations: TeamInvitation[] | undefined;
  loading: boolean;
  disabled: boolean;
}) => {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [busy, setBusy] = useState<number | null>(null);

  const cancel = async (invitation: TeamInvitation) => {
    setBusy(invitation.invitationId);
    try {
      await cancelInvitation(invitation.invitationId);
      void message.success(t('teamCentre.invitations.cancelled', { name: invitation.nickName }));
    } catch {
      // Shown by the request client (20009: accepted or declined meanwhile).
    } finally {
      setBusy(null);
    }
  };

  let body;
  if (loading) body = <Skeleton active avatar paragraph={{ rows: 1 }} />;
  else if (!invitations?.length) {
    body = <Typography.Text type="secondary">{t('teamCentre.invitations.pendingEmpty')}</Typography.Text>;
  } else {
    body = (
      <ul
        aria-label={t('teamCentre.invitations.pendingTitle')}
        style={{ listStyle: 'none', margin: 0, padding: 0 }}
      >
        {invitations.map((invitation) => (
          <li key={invitation.invitationId} style={{ padding: '8px 0', borderBottom: '1px solid #f0f0f0' }}>
            <Flex align="center" gap={12}>
              <Avatar src={avatarUrl(invitation.headImage)} icon={<UserOutlined />} alt="" />
              <div style={{ flex: 1, minWidth: 0 }}>
                <Typography.Text strong ellipsis style={{ display: 'block' }}>
                  {invitation.nickName} <Typography.Text type="secondary">{invitation.phone}</Typography.Text>
                </Typography.Text>
                <Typography.Text type="secondary" style={{ fontSize: 13 }}>
                  {t('teamCentre.invitations.pendingFrom', {
                    role: t(`team.role.${invitation.role}`),
                    name: invitation.inviterName,
                    time: formatDateTime(invitation.createTime),
                  })}
                </Typography.Text>
              </div>
              <Popconfirm
                title={t('teamCentre.invitations.cancelConfirm', { name: invitation.nickName })}
                okText={t('teamCentre.invitations.cancel')}
                onConfirm={() => void cancel(invitation)}
              >
                <Button
                  danger
                  disabled={disabled || (busy !== null && busy !== invitation.invitationId)}
                  loading={busy === invitation.invitationId}
                  aria-label={t('teamCentre.invitations.cancelAction', { name: invitation.nickName })}
                >
                  {t('teamCentre.invitations.cancel')}
                </Button>
              </Popconfirm>
            </Flex>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <section aria-labelledby="pending-invitations-title" style={{ marginTop: 8 }}>
      <h3 id="pending-invitations-title" style={{ fontSize: 14, margin: '0 0 4px' }}>
        {t('teamCentre.invitations.pendingTitle')}
      </h3>
      {body}
    </section>
  );
};
