import { UserAddOutlined, UserOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import type { NonMember } from '@studio/contract';
import { App, Avatar, Button, Empty, Flex, Input, Skeleton, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { avatarUrl } from '../../../components/picture.tsx';
import { fetchTeamInvitations, invitationKeys, inviteMember } from '../invitations-api.ts';
import { searchNonMembers, teamKeys } from '../team-api.ts';
import { PendingInvitations } from './pending-invitations.tsx';

/**
 * Finds registered users outside the team by whole phone or nickname and invites them: they join
 * only by accepting. The invitations still waiting are listed below, each can be withdrawn.
 */
export const AddMemberSearch = ({ teamId, disabled }: { teamId: number; disabled: boolean }) => {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [keyword, setKeyword] = useState('');
  const [adding, setAdding] = useState<number | null>(null);
  const results = useQuery({
    queryKey: teamKeys.nonMembers(teamId, keyword),
    queryFn: () => searchNonMembers(keyword),
    enabled: keyword.length > 0,
    staleTime: 0,
  });
  const pending = useQuery({
    queryKey: invitationKeys.team(teamId),
    queryFn: fetchTeamInvitations,
    staleTime: 0,
  });
  const invited = new Set(pending.data?.map((p) => p.userId));

  const add = async (user: NonMember) => {
    setAdding(user.userId);
    try {
      const { already } = await inviteMember(user.userId);
      const key = already ? 'teamCentre.invite.alreadyMember' : 'teamCentre.invite.added';
      void message.success(t(key, { name: user.nickName }));
    } catch {
      // Shown by the request client.
    } finally {
      setAdding(null);
    }
  };

  let list = null;
  if (keyword && results.isPending) list = <Skeleton active avatar paragraph={{ rows: 1 }} />;
  else if (keyword && results.data?.length === 0) {
    list = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('teamCentre.invite.noUsers')} />;
  } else if (keyword && results.data) {
    list = (
      <ul aria-label={t('teamCentre.invite.results')} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {results.data.map((user) => (
          <li key={user.userId} style={{ padding: '8px 0', borderBottom: '1px solid #f0f0f0' }}>
            <Flex align="center" gap={12}>
              <Avatar src={avatarUrl(user.headImage)} icon={<UserOutlined />} alt="" />
              <div style={{ flex: 1, minWidth: 0 }}>
                <Typography.Text strong ellipsis style={{ display: 'block' }}>
                  {user.nickName}
                </Typography.Text>
                <Typography.Text type="secondary">{user.phone}</Typography.Text>
              </div>
              {invited.has(user.userId) && <Tag color="blue">{t('teamCentre.invite.invitedTag')}</Tag>}
              <Button
                icon={<UserAddOutlined aria-hidden />}
                loading={adding === user.userId}
                disabled={disabled || (adding !== null && adding !== user.userId)}
                aria-label={t('teamCentre.invite.addAction', { name: user.nickName })}
                onClick={() => void add(user)}
              >
                {t('teamCentre.invite.add')}
              </Button>
            </Flex>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <Flex vertical gap={12} style={{ maxWidth: 560 }}>
      <Typography.Text type="secondary">{t('teamCentre.invite.searchHint')}</Typography.Text>
      <Input.Search
        aria-label={t('teamCentre.invite.searchLabel')}
        placeholder={t('teamCentre.invite.searchPlaceholder')}
        enterButton={t('teamCentre.invite.search')}
        maxLength={40}
        allowClear
        disabled={disabled}
        loading={results.isFetching}
        onSearch={(value) => setKeyword(value.trim())}
      />
      {list}
      <PendingInvitations invitations={pending.data} loading={pending.isPending} disabled={disabled} />
    </Flex>
  );
};
