import { ShoppingOutlined, TeamOutlined, UserOutlined } from '@ant-design/icons';
import { Grid, Menu } from 'antd';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { WebPaths } from '@studio/contract/constants';

const selected = (path: string): string => {
  if (path.startsWith(WebPaths.personalTeam)) return WebPaths.personalTeam;
  if (path.startsWith(WebPaths.personalTrade)) return WebPaths.personalTrade;
  return WebPaths.personalUser;
};

/** /personal: a side menu (a top menu on phones) and the chosen section. */
export const PersonalLayout = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const screens = Grid.useBreakpoint();
  const wide = Boolean(screens.md);
  const items = [
    { key: WebPaths.personalUser, icon: <UserOutlined />, label: t('personal.user') },
    { key: WebPaths.personalTeam, icon: <TeamOutlined />, label: t('personal.team') },
    { key: WebPaths.personalTrade, icon: <ShoppingOutlined />, label: t('personal.trade') },
  ];
  return (
    <div
      style={{ display: 'flex', flexDirection: wide ? 'row' : 'column', gap: 16, alignItems: 'flex-start' }}
    >
      <nav aria-label={t('personal.menu')} style={{ width: wide ? 200 : '100%', flexShrink: 0 }}>
        <Menu
          mode={wide ? 'inline' : 'horizontal'}
          items={items}
          selectedKeys={[selected(location.pathname)]}
          onClick={({ key }) => void navigate(key)}
          style={{ borderRadius: 8 }}
        />
      </nav>
      <div style={{ flex: 1, minWidth: 0, width: '100%' }}>
        <Outlet />
      </div>
    </div>
  );
};
