import { UserOutlined } from '@ant-design/icons';
import type { LastTeam, TeamUser } from '@studio/contract';
import { Avatar, Flex, Tag, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { avatarUrl } from '../../../components/picture.tsx';
import { formatDate } from '../../../lib/format.ts';
import { RoleTag } from '../role-tag.tsx';
import { hasMemberActions, MemberActions } from './member-actions.tsx';

/** The members table's columns; phone and join time fold into the first column on phones. */
export const useMemberColumns = (team: LastTeam, selfId: number): TableColumnsType<TeamUser> => {
  const { t } = useTranslation();
  const columns: TableColumnsType<TeamUser> = [
    {
      key: 'member',
      title: t('teamCentre.members.member'),
      render: (_value, member) => (
        <Flex align="center" gap={10}>
          <Avatar src={avatarUrl(member.headImage)} icon={<UserOutlined />} alt="" />
          <div style={{ minWidth: 0 }}>
            <Typography.Text strong>{member.nickName}</Typography.Text>
            {member.userId === selfId && (
              <Tag color="green" style={{ marginInlineStart: 6 }}>
                {t('teamCentre.members.you')}
              </Tag>
            )}
            <div className="member-phone-inline">
              <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap' }}>
                {member.phone}
              </Typography.Text>
            </div>
          </div>
        </Flex>
      ),
    },
    {
      key: 'phone',
      dataIndex: 'phone',
      title: t('teamCentre.members.phone'),
      responsive: ['md'],
    },
    {
      key: 'role',
      title: t('teamCentre.members.role'),
      render: (_value, member) => <RoleTag role={member.userTeamRole} />,
    },
    {
      key: 'joinTime',
      title: t('teamCentre.members.joinTime'),
      responsive: ['md'],
      render: (_value, member) => formatDate(member.joinTime),
    },
  ];
  // The actions column is for who manages the team (a MEMBER never acts on anyone).
  if (!team.abilities.manage) return columns;
  return [
    ...columns,
    {
      key: 'actions',
      title: t('teamCentre.members.actions'),
      render: (_value, member) => {
        return !hasMemberActions(member) ? (
          <Typography.Text type="secondary">—</Typography.Text>
        ) : (
          <MemberActions member={member} disabled={team.teamExpire} />
        );
      },
    },
  ];
};
