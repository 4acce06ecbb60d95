import { LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { App, Avatar, Button, Card, Descriptions, Flex, Typography } from 'antd';
import { imageSources } from '@studio/contract/constants';
import { useTranslation } from 'react-i18next';
import { ImageUpload } from '../../components/image-upload.tsx';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { formatDate } from '../../lib/format.ts';
import { logout } from '../../lib/logout.ts';
import { useSession } from '../../lib/session-store.ts';
import { NotificationSettingsCard } from '../notifications/notification-settings.tsx';
import { NicknameForm } from './nickname-form.tsx';
import { PasswordForm } from './password-form.tsx';
import { modifyUser } from './user-api.ts';

/** /personal and /personal/user: avatar, nickname, phone, password, logout. */
export const ProfilePage = () => {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const user = useSession((s) => s.user);
  useDocumentTitle(t('personal.user'));
  if (!user) return null;

  const saveAvatar = async (url: string) => {
    await modifyUser({ headImage: url });
    void message.success(t('personal.avatarSaved'));
  };

  return (
    <Flex vertical gap={16}>
      <Card title={<h1 style={{ fontSize: 18, margin: 0 }}>{t('personal.profile')}</h1>}>
        <Flex gap={24} wrap align="flex-start">
          <Flex vertical align="center" gap={12}>
            {/* Relative URLs such as /api/files/... are shown as the server gives them. */}
            <Avatar
              size={96}
              src={user.headImage ? (imageSources(user.headImage, 'lg').webp ?? user.headImage) : undefined}
              icon={<UserOutlined />}
              alt={t('personal.avatar')}
            />
            <ImageUpload
              kind="avatar"
              label={t('personal.changeAvatar')}
              onUploaded={(r) => saveAvatar(r.url)}
            />
          </Flex>
          <Flex vertical gap={16} style={{ flex: 1, minWidth: 260 }}>
            <NicknameForm key={user.nickName} nickName={user.nickName} />
            <Descriptions column={1} size="small">
              <Descriptions.Item label={t('personal.phone')}>
                {user.phone || t('personal.phoneNone')}
              </Descriptions.Item>
              <Descriptions.Item label={t('personal.createTime')}>
                {formatDate(user.createTime)}
              </Descriptions.Item>
            </Descriptions>
          </Flex>
        </Flex>
      </Card>
      <Card title={<h2 style={{ fontSize: 16, margin: 0 }}>{t('personal.security')}</h2>}>
        <PasswordForm hasPassword={user.hasPassword} />
      </Card>
      <NotificationSettingsCard />
      <Card>
        <Flex justify="space-between" align="center" gap={12} wrap>
          <Typography.Text type="secondary">{t('personal.logoutDesc')}</Typography.Text>
          <Button danger icon={<LogoutOutlined />} onClick={() => void logout()}>
            {t('personal.logout')}
          </Button>
        </Flex>
      </Card>
    </Flex>
  );
};
