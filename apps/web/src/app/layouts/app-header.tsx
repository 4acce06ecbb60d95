import { Grid, Layout } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { WebPaths } from '@studio/contract/constants';
import { LangSwitch } from '../../components/lang-switch.tsx';
import { InvitationBadge } from '../../features/teams/invitation-badge.tsx';
import { TeamSwitcher } from '../../features/teams/team-switcher.tsx';
import { NavMenu } from './nav-menu.tsx';
import { UserMenu } from './user-menu.tsx';

/** Brand, navigation, current team with switcher, language, user menu. Collapses below `md`. */
export const AppHeader = () => {
  const { t } = useTranslation();
  const screens = Grid.useBreakpoint();
  const collapsed = !screens.md;
  return (
    <Layout.Header className="app-header">
      {collapsed && <NavMenu collapsed />}
      <Link to={WebPaths.author} className="app-brand">
        <img src="/favicon.svg" alt="" width={28} height={28} />
        {(!collapsed || !screens.xs) && <span>{t('common.appName')}</span>}
      </Link>
      {!collapsed && <NavMenu collapsed={false} />}
      <div className="app-header-actions">
        <TeamSwitcher compact={collapsed} />
        <InvitationBadge />
        <LangSwitch compact={collapsed} />
        <UserMenu compact={collapsed} />
      </div>
    </Layout.Header>
  );
};
