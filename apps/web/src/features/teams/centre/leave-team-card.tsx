import { LogoutOutlined } from '@ant-design/icons';
import type { LastTeam } from '@studio/contract';
import { Alert, App, Button, Card, Flex, Popconfirm, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { WebPaths } from '@studio/contract/constants';
import { leaveTeam } from '../team-api.ts';

/** 退出团队 (confirmed), then /selectTeam. The OWNER is told to transfer ownership first. */
export const LeaveTeamCard = ({ team }: { team: LastTeam }) => {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const canLeave = team.abilities.leave;

  const leave = async () => {
    setBusy(true);
    try {
      await leaveTeam(team.teamId);
      void message.success(t('teamCentre.leave.left', { name: team.teamName }));
      await navigate(WebPaths.selectTeam, { replace: true });
    } catch {
      // Shown by the request client (20002 when the owner has not transferred yet).
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card title={<h2 style={{ fontSize: 16, margin: 0 }}>{t('teamCentre.leave.title')}</h2>}>
      <Flex justify="space-between" align="center" gap={12} wrap>
        {canLeave ? (
          <Typography.Text type="secondary">{t('teamCentre.leave.desc')}</Typography.Text>
        ) : (
          <Alert
            type="info"
            showIcon
            title={t('teamCentre.leave.ownerHint')}
            style={{ flex: 1, minWidth: 240 }}
          />
        )}
        <Popconfirm
          title={t('teamCentre.leave.confirm', { name: team.teamName })}
          description={t('teamCentre.leave.desc')}
          okText={t('teamCentre.leave.ok')}
          cancelText={t('common.cancel')}
          okButtonProps={{ danger: true }}
          disabled={!canLeave}
          onConfirm={leave}
        >
          <Button danger icon={<LogoutOutlined aria-hidden />} disabled={!canLeave} loading={busy}>
            {t('teamCentre.leave.button')}
          </Button>
        </Popconfirm>
      </Flex>
    </Card>
  );
};
