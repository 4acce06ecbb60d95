import { LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { WebPaths } from '@studio/contract/constants';
import { avatarUrl } from '../../components/picture.tsx';
import { useSession } from '../../lib/session-store.ts';
import { logout } from '../../lib/logout.ts';

/** Avatar + nickname; 个人中心 and 退出登录. */
export const UserMenu = ({ compact }: { compact: boolean }) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useSession((s) => s.user);
  if (!user) return null;
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: [
          { key: 'personal', icon: <UserOutlined />, label: t('nav.personal') },
          { type: 'divider' },
          { key: 'logout', icon: <LogoutOutlined />, label: t('nav.logout'), danger: true },
        ],
        onClick: ({ key }) => {
          if (key === 'personal') void navigate(WebPaths.personalUser);
          else void logout();
        },
      }}
    >
      <Button
        type="text"
        aria-label={t('nav.userMenu', { name: user.nickName })}
        style={{ paddingInline: 6 }}
      >
        <Avatar size={28} src={avatarUrl(user.headImage)} icon={<UserOutlined />} alt="" />
        {!compact && <span className="header-ellipsis">{user.nickName}</span>}
      </Button>
    </Dropdown>
  );
};
