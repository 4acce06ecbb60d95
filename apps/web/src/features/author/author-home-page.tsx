import { RobotOutlined, SettingOutlined, ShopOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { WebPaths } from '@studio/contract/constants';
import { TeamAvatar } from '../../components/team-avatar.tsx';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { useSession } from '../../lib/session-store.ts';
import { RoleTag } from '../teams/role-tag.tsx';
import { CourseList } from './course-list.tsx';

/** /author, the home: the current team, shortcuts, and the team's courses. */
export const AuthorHomePage = () => {
  const { t } = useTranslation();
  const user = useSession((s) => s.user);
  useDocumentTitle(t('author.title'));
  const team = user?.lastTeam;
  return (
    <Flex vertical gap={16}>
      <Card size="small">
        <Flex gap={16} align="center" wrap>
          {team && <TeamAvatar name={team.teamName} logo={team.teamLogo} size={48} />}
          <div style={{ flex: 1, minWidth: 200 }}>
            <h1 className="page-title">
              {t(user?.newUser ? 'author.welcomeNew' : 'author.welcome', { name: user?.nickName ?? '' })}
            </h1>
            {team && (
              <Space size={8} wrap>
                <Typography.Text type="secondary">
                  {t('author.team', { name: team.teamName })}
                </Typography.Text>
                <RoleTag role={team.userTeamRole} />
              </Space>
            )}
          </div>
          <Space wrap>
            <Link to={WebPaths.ai}>
              <Button icon={<RobotOutlined />}>{t('author.quickAi')}</Button>
            </Link>
            <Link to={WebPaths.storeList}>
              <Button icon={<ShopOutlined />}>{t('author.quickStore')}</Button>
            </Link>
            <Link to={WebPaths.personalTeam}>
              <Button icon={<SettingOutlined />}>{t('author.quickTeam')}</Button>
            </Link>
          </Space>
        </Flex>
      </Card>
      <CourseList />
    </Flex>
  );
};
