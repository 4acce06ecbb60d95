import { CheckOutlined, DownOutlined, PlusOutlined, SettingOutlined, TeamOutlined } from '@ant-design/icons';
import { App, Button, Dropdown, Spin, type MenuProps } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { WebPaths } from '@studio/contract/constants';
import { TeamAvatar } from '../../components/team-avatar.tsx';
import { useSession } from '../../lib/session-store.ts';
import { changeTeam, fetchTeamList, useTeams } from './team-store.ts';

/** The current team in the header, and a dropdown to switch to another one. */
export const TeamSwitcher = ({ compact }: { compact: boolean }) => {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const lastTeam = useSession((s) => s.user?.lastTeam ?? null);
  const { list, loading, loaded } = useTeams();

  useEffect(() => {
    if (!useTeams.getState().loaded) void fetchTeamList();
  }, []);

  const teamItems: MenuProps['items'] =
    loading && !loaded
      ? [{ key: 'loading', disabled: true, label: <Spin size="small" />, title: t('team.loadingList') }]
      : list.map((team) => ({
          key: `team:${team.teamId}`,
          label: (
            <span style={{ display: 'inline-flex', gap: 8, alignItems: 'center' }}>
              <TeamAvatar name={team.teamName} logo={team.teamLogo} size={22} />
              <span className="header-ellipsis">{team.teamName}</span>
              <span style={{ color: 'rgba(0, 0, 0, 0.58)', fontSize: 12 }}>
                {t(`team.role.${team.userTeamRole}`)}
              </span>
              {team.teamId === lastTeam?.teamId && <CheckOutlined aria-label={t('team.currentTag')} />}
            </span>
          ),
        }));

  const onClick: MenuProps['onClick'] = async ({ key }) => {
    if (key === 'create') return void navigate(WebPaths.createTeam);
    if (key === 'manage') return void navigate(WebPaths.personalTeam);
    const teamId = Number(key.replace('team:', ''));
    if (!teamId || teamId === lastTeam?.teamId) return;
    try {
      const team = await changeTeam(teamId);
      void message.success(t('team.switched', { name: team.teamName }));
    } catch {
      // Shown by the request client.
    }
  };

  const name = lastTeam?.teamName ?? t('team.none');
  return (
    <Dropdown
      trigger={['click']}
      onOpenChange={(open) => open && void fetchTeamList()}
      menu={{
        items: [
          ...(teamItems ?? []),
          { type: 'divider' },
          { key: 'create', icon: <PlusOutlined />, label: t('team.create') },
          { key: 'manage', icon: <SettingOutlined />, label: t('team.manage') },
        ],
        onClick: (info) => void onClick(info),
        style: { maxHeight: 420, overflowY: 'auto' },
      }}
    >
      {/* Named by what it shows, the team name, plus a hint for screen readers (WCAG 2.5.3). */}
      <Button style={{ maxWidth: compact ? 150 : 240 }}>
        {lastTeam ? (
          <TeamAvatar name={lastTeam.teamName} logo={lastTeam.teamLogo} size={20} />
        ) : (
          <TeamOutlined aria-hidden />
        )}
        <span className="header-ellipsis">{name}</span>
        <span className="sr-only">{t('team.switcherHint')}</span>
        <DownOutlined aria-hidden style={{ fontSize: 10 }} />
      </Button>
    </Dropdown>
  );
};
