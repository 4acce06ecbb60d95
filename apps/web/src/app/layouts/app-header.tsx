import { LoginOutlined } from '@ant-design/icons';
import { Grid, Layout } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { WebPaths } from '@studio/contract/constants';
import { LangSwitch } from '../../components/lang-switch.tsx';
import { LinkButton } from '../../features/store/link-button.tsx';
import { InvitationBadge } from '../../features/teams/invitation-badge.tsx';
import { NotificationBell } from '../../features/notifications/notification-bell.tsx';
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
        <NotificationBell />
        <LangSwitch compact={collapsed} />
        <UserMenu compact={collapsed} />
      </div>
    </Layout.Header>
  );
};

/** A logged-out visitor's header on the public storefront: the store, the language and 登录 (coming back here). */
export const VisitorHeader = () => {
  const { t } = useTranslation();
  const screens = Grid.useBreakpoint();
  const { pathname, search } = useLocation();
  return (
    <Layout.Header className="app-header">
      <Link to={WebPaths.storeList} className="app-brand">
        <img src="/favicon.svg" alt="" width={28} height={28} />
        {!screens.xs && <span>{t('common.appName')}</span>}
      </Link>
      <div className="app-header-actions">
        <LangSwitch compact={!screens.md} />
        <LinkButton
          type="primary"
          icon={<LoginOutlined aria-hidden />}
          to={WebPaths.loginBack(`${pathname}${search}`)}
        >
          {t('auth.login')}
        </LinkButton>
      </div>
    </Layout.Header>
  );
};
