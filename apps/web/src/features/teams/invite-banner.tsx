import { MailOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { BRAND_COLOR } from '@studio/contract/constants';
import { Alert, Button, Card, Flex, Skeleton, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { TeamAvatar } from '../../components/team-avatar.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { fetchInviteInfo, invitationKeys } from './invitations-api.ts';
import { extractInviteCode } from './invite-code.ts';
import { RoleTag } from './role-tag.tsx';
import { useJoinTeam } from './use-join-team.ts';

/**
 * /selectTeam?invite=<code>: the invitation (which team, as what role, from whom, until when), joined
 * only when the user confirms. An unknown, expired or used-up link says so instead.
 */
export const InviteBanner = ({ invite, onIgnore }: { invite: string; onIgnore: () => void }) => {
  const { t } = useTranslation();
  const { join, busy } = useJoinTeam();
  const code = extractInviteCode(invite);
  const info = useQuery({
    queryKey: invitationKeys.link(code ?? ''),
    queryFn: () => fetchInviteInfo(code ?? ''),
    enabled: code !== null,
    staleTime: 0,
  });

  if (!code || info.data === null) {
    return (
      <Alert
        type="warning"
        showIcon
        title={t('teamCentre.join.inviteInvalid')}
        action={<Button onClick={onIgnore}>{t('teamCentre.join.ignore')}</Button>}
        style={{ marginBottom: 16 }}
      />
    );
  }
  const invitation = info.data;
  return (
    <Card
      role="region"
      aria-label={t('teamCentre.join.inviteTitle')}
      style={{ marginBottom: 16, borderColor: BRAND_COLOR }}
    >
      <Flex gap={16} align="center" wrap>
        {invitation ? (
          <TeamAvatar name={invitation.teamName} logo={invitation.teamLogo} size={48} />
        ) : (
          <MailOutlined style={{ fontSize: 32, color: BRAND_COLOR }} aria-hidden />
        )}
        <div style={{ flex: 1, minWidth: 200 }}>
          <h2 style={{ fontSize: 17, margin: '0 0 4px' }}>{t('teamCentre.join.inviteTitle')}</h2>
          {invitation ? (
            <>
              <Space size={6} wrap>
                <Typography.Text strong>
                  {t('teamCentre.join.inviteTo', {
                    team: invitation.teamName,
                    role: t(`team.role.${invitation.role}`),
                  })}
                </Typography.Text>
                <RoleTag role={invitation.role} />
              </Space>
              <Typography.Paragraph type="secondary" style={{ margin: '4px 0 0' }}>
                {[
                  invitation.inviterName && t('teamCentre.join.inviteFrom', { name: invitation.inviterName }),
                  invitation.expireTime !== null &&
                    t('teamCentre.join.inviteUntil', { time: formatDateTime(invitation.expireTime) }),
                  invitation.approval ? t('teamCentre.join.approvalNeeded') : t('teamCentre.join.inviteDesc'),
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </Typography.Paragraph>
            </>
          ) : info.isError ? (
            <Typography.Text type="secondary">{t('teamCentre.join.inviteDesc')}</Typography.Text>
          ) : (
            <Skeleton
              active
              title={false}
              paragraph={{ rows: 1 }}
              aria-label={t('teamCentre.join.inviteLoading')}
            />
          )}
        </div>
        <Space wrap>
          <Button onClick={onIgnore} disabled={busy}>
            {t('teamCentre.join.ignore')}
          </Button>
          <Button
            type="primary"
            loading={busy}
            onClick={() => void join(code).then((done) => done === 'pending' && onIgnore())}
          >
            {t('teamCentre.join.accept')}
          </Button>
        </Space>
      </Flex>
    </Card>
  );
};
