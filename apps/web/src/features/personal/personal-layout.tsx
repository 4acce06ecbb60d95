import { ShoppingOutlined, TeamOutlined, UserOutlined } from '@ant-design/icons';
import { Grid, Menu } from 'antd';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';

const selected = (path: string): string => {
  if (path.startsWith('/personal/team')) return '/personal/team';
  if (path.startsWith('/personal/trade')) return '/personal/trade';
  return '/personal/user';
};

/** /personal: a side menu (a top menu on phones) and the chosen section. */
export const PersonalLayout = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const screens = Grid.useBreakpoint();
  const wide = Boolean(screens.md);
  const items = [
    { key: '/personal/user', icon: <UserOutlined />, label: t('personal.user') },
    { key: '/personal/team', icon: <TeamOutlined />, label: t('personal.team') },
    { key: '/personal/trade', icon: <ShoppingOutlined />, label: t('personal.trade') },
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
