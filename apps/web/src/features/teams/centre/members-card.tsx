import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { TEAM_ROLES } from '@studio/contract/constants';
import type { LastTeam, TeamRole, TeamUserListQuery } from '@studio/contract';
import { Button, Card, Empty, Flex, Input, Select, Skeleton, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchMembers, teamKeys } from '../team-api.ts';
import { useMemberColumns } from './member-columns.tsx';

/** 团队成员: keyword search, role filter and server-side paging of GET /team/user/list. */
export const MembersCard = ({ team, selfId }: { team: LastTeam; selfId: number }) => {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const [draft, setDraft] = useState('');
  const [role, setRole] = useState<TeamRole | undefined>();
  const [page, setPage] = useState({ pageNum: 1, pageSize: 10 });
  const query: TeamUserListQuery = { ...page, keyword, ...(role ? { role } : {}) };
  const members = useQuery({
    queryKey: teamKeys.members(team.teamId, query),
    queryFn: () => fetchMembers(query),
    staleTime: 0,
    // Paging keeps the rows in place while the next page loads; another team starts empty.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[1] === team.teamId ? keepPreviousData(previous) : undefined,
  });
  const columns = useMemberColumns(team, selfId);
  const filtered = keyword !== '' || role !== undefined;

  const clearFilters = () => {
    setDraft('');
    setKeyword('');
    setRole(undefined);
    setPage((p) => ({ ...p, pageNum: 1 }));
  };

  return (
    <Card
      title={<h2 style={{ fontSize: 16, margin: 0 }}>{t('teamCentre.members.title')}</h2>}
      extra={members.data && t('teamCentre.members.total', { count: members.data.total })}
    >
      <Flex gap={12} wrap style={{ marginBottom: 16 }}>
        <Input.Search
          aria-label={t('teamCentre.members.keyword')}
          placeholder={t('teamCentre.members.keywordPlaceholder')}
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          onSearch={(value) => {
            setKeyword(value.trim());
            setPage((p) => ({ ...p, pageNum: 1 }));
          }}
          allowClear
          maxLength={40}
          style={{ width: 260, maxWidth: '100%' }}
        />
        <Select<TeamRole>
          aria-label={t('teamCentre.members.roleFilter')}
          placeholder={t('teamCentre.members.allRoles')}
          value={role}
          allowClear
          onChange={(value) => {
            setRole(value);
            setPage((p) => ({ ...p, pageNum: 1 }));
          }}
          options={TEAM_ROLES.map((r) => ({ value: r, label: t(`team.role.${r}`) }))}
          style={{ width: 140 }}
        />
      </Flex>
      {members.isPending ? (
        <Skeleton active avatar paragraph={{ rows: 4 }} />
      ) : (
        <Table
          rowKey="userId"
          size="middle"
          columns={columns}
          dataSource={members.data?.list ?? []}
          loading={members.isFetching}
          locale={{
            emptyText: (
              <Empty description={t('teamCentre.members.empty')}>
                {filtered && <Button onClick={clearFilters}>{t('teamCentre.members.clearFilters')}</Button>}
              </Empty>
            ),
          }}
          pagination={{
            current: page.pageNum,
            pageSize: page.pageSize,
            total: members.data?.total ?? 0,
            showSizeChanger: true,
            hideOnSinglePage: false,
            showTotal: (total) => t('teamCentre.members.total', { count: total }),
            onChange: (pageNum, pageSize) => setPage({ pageNum, pageSize }),
          }}
        />
      )}
    </Card>
  );
};
