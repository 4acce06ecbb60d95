import { EditOutlined } from '@ant-design/icons';
import type { CurrentTeam, TeamAbilities } from '@studio/contract';
import { Button, Card, Descriptions, Flex, Tag, Tooltip, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TeamAvatar } from '../../../components/team-avatar.tsx';
import { formatDate } from '../../../lib/format.ts';
import { RoleTag } from '../role-tag.tsx';
import { useTeamWritable } from '../../../lib/current-team.ts';
import { TeamEditModal } from './team-edit-modal.tsx';

/** The current team: logo, name, code (copyable), expiry, my role, member count; edit for managers. */
export const TeamInfoCard = ({ team, abilities }: { team: CurrentTeam; abilities: TeamAbilities }) => {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const writable = useTeamWritable();

  let expiry: ReactNode = t('teamCentre.neverExpires');
  if (team.expireDate !== null) {
    const date = formatDate(team.expireDate);
    expiry = team.teamExpire ? <Tag color="red">{t('teamCentre.expiredOn', { date })}</Tag> : date;
  }

  const canModify = abilities.modify && writable;
  const editButton = abilities.manage && (
    <Tooltip title={canModify ? undefined : t('teamCentre.readOnly')}>
      <Button icon={<EditOutlined aria-hidden />} disabled={!canModify} onClick={() => setEditing(true)}>
        {t('teamCentre.edit')}
      </Button>
    </Tooltip>
  );

  return (
    <Card title={<h2 style={{ fontSize: 16, margin: 0 }}>{t('teamCentre.info')}</h2>} extra={editButton}>
      <Flex gap={20} align="flex-start" wrap>
        <TeamAvatar name={team.teamName} logo={team.teamLogo} size={72} />
        <div style={{ flex: 1, minWidth: 220 }}>
          <Flex gap={8} align="center" wrap style={{ marginBottom: 12 }}>
            <Typography.Title level={3} style={{ margin: 0, fontSize: 20 }}>
              {team.teamName}
            </Typography.Title>
            <RoleTag role={team.userTeamRole} />
          </Flex>
          <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }}>
            <Descriptions.Item label={t('teamCentre.code')}>
              <Typography.Text
                strong
                code
                copyable={{
                  text: team.teamCode,
                  tooltips: [t('teamCentre.copyCode'), t('teamCentre.copied')],
                }}
              >
                {team.teamCode}
              </Typography.Text>
              {!team.codeEnabled && (
                <Tag style={{ marginInlineStart: 8 }}>{t('teamCentre.access.codeOff')}</Tag>
              )}
            </Descriptions.Item>
            <Descriptions.Item label={t('teamCentre.memberCount')}>{team.memberCount}</Descriptions.Item>
            <Descriptions.Item label={t('teamCentre.myRole')}>
              {t(`team.role.${team.userTeamRole}`)}
            </Descriptions.Item>
            <Descriptions.Item label={t('teamCentre.expiry')}>{expiry}</Descriptions.Item>
            <Descriptions.Item label={t('teamCentre.createTime')}>
              {formatDate(team.createTime)}
            </Descriptions.Item>
          </Descriptions>
        </div>
      </Flex>
      {editing && <TeamEditModal team={team} onClose={() => setEditing(false)} />}
    </Card>
  );
};
