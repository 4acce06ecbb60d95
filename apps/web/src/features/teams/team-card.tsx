import type { TeamListItem } from '@studio/contract';
import { Button, Card, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { TeamAvatar } from '../../components/team-avatar.tsx';
import { formatDate } from '../../lib/format.ts';
import { RoleTag } from './role-tag.tsx';

/** One team in the selection list: logo, name, role, members, expiry, and the enter button. */
export const TeamCard = ({
  team,
  busy,
  disabled,
  onPick,
}: {
  team: TeamListItem;
  busy: boolean;
  disabled: boolean;
  onPick: (team: TeamListItem) => void;
}) => {
  const { t } = useTranslation();
  return (
    <Card hoverable size="small" onClick={() => !disabled && onPick(team)} style={{ cursor: 'pointer' }}>
      <div style={{ display: 'flex', alignItems: 'center', gap: 12 }}>
        <TeamAvatar name={team.teamName} logo={team.teamLogo} size={48} />
        <div style={{ flex: 1, minWidth: 0 }}>
          <Space size={6} wrap>
            <Typography.Text strong ellipsis style={{ maxWidth: 220 }}>
              {team.teamName}
            </Typography.Text>
            <RoleTag role={team.userTeamRole} />
            {team.current && <Tag color="green">{t('team.currentTag')}</Tag>}
          </Space>
          <div style={{ color: 'rgba(0,0,0,0.55)', fontSize: 13, marginTop: 4 }}>
            {t('team.members', { count: team.memberCount })}
            {team.teamExpire ? (
              <Tag color="red" style={{ marginInlineStart: 8 }}>
                {t('team.expired')}
              </Tag>
            ) : (
              team.expireDate !== null && ` · ${t('team.expires', { date: formatDate(team.expireDate) })}`
            )}
          </div>
        </div>
        <Button
          type={team.current ? 'primary' : 'default'}
          loading={busy}
          disabled={disabled && !busy}
          aria-label={t('team.selectAction', { name: team.teamName })}
          onClick={(event) => {
            event.stopPropagation();
            onPick(team);
          }}
        >
          {t('team.enter')}
        </Button>
      </div>
    </Card>
  );
};
