import { MailOutlined } from '@ant-design/icons';
import { BRAND_COLOR } from '@studio/contract/constants';
import { Alert, Button, Card, Flex, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { extractInviteCode, isTeamCode } from './invite-code.ts';
import { useJoinTeam } from './use-join-team.ts';

/** /selectTeam?invite=<code>: the invitation, joined only when the user confirms. */
export const InviteBanner = ({ invite, onIgnore }: { invite: string; onIgnore: () => void }) => {
  const { t } = useTranslation();
  const { join, busy } = useJoinTeam();
  const code = extractInviteCode(invite);

  if (!code) {
    return (
      <Alert
        type="warning"
        showIcon
        message={t('teamCentre.join.inviteInvalid')}
        action={<Button onClick={onIgnore}>{t('teamCentre.join.ignore')}</Button>}
        style={{ marginBottom: 16 }}
      />
    );
  }
  return (
    <Card
      role="region"
      aria-label={t('teamCentre.join.inviteTitle')}
      style={{ marginBottom: 16, borderColor: BRAND_COLOR }}
    >
      <Flex gap={16} align="center" wrap>
        <MailOutlined style={{ fontSize: 32, color: BRAND_COLOR }} aria-hidden />
        <div style={{ flex: 1, minWidth: 200 }}>
          <h2 style={{ fontSize: 17, margin: '0 0 4px' }}>{t('teamCentre.join.inviteTitle')}</h2>
          <Typography.Text type="secondary">
            {isTeamCode(code)
              ? t('teamCentre.join.inviteByCode', { code: code.toUpperCase() })
              : t('teamCentre.join.inviteByLink')}
            {' · '}
            {t('teamCentre.join.inviteDesc')}
          </Typography.Text>
        </div>
        <Space wrap>
          <Button onClick={onIgnore} disabled={busy}>
            {t('teamCentre.join.ignore')}
          </Button>
          <Button type="primary" loading={busy} onClick={() => void join(code)}>
            {t('teamCentre.join.accept')}
          </Button>
        </Space>
      </Flex>
    </Card>
  );
};
