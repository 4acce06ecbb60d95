import { PlusOutlined, RobotOutlined } from '@ant-design/icons';
import { COURSE_STATUSES, WebPaths } from '@studio/contract/constants';
import type { CourseListQuery, CourseListTab, CourseStatus } from '@studio/contract';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { App, Button, Card, Empty, Flex, Input, Pagination, Select, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { courseApi, courseKeys } from '../courses/course-api.ts';
import { useSearchPatch } from '../../lib/use-search-patch.ts';
import { useTeamId, useTeamWritable } from '../../lib/current-team.ts';
import { CourseGrid, CourseGridSkeleton } from './course-grid.tsx';
import { PurchasedCourses } from './purchased-courses.tsx';

const PAGE_SIZE = 12;

const isStatus = (v: string | null): v is CourseStatus => COURSE_STATUSES.some((s) => s === v);

/** The filters live in the address, so going back from a course returns to the same list. */
const useListQuery = () => {
  const [params] = useSearchParams();
  const patchSearch = useSearchPatch();
  const status = params.get('status');
  const query: CourseListQuery = {
    tab: params.get('tab') === 'all' ? 'all' : 'mine',
    keyword: params.get('keyword') ?? '',
    status: isStatus(status) ? status : undefined,
    pageNum: Math.max(1, Number(params.get('page')) || 1),
    pageSize: PAGE_SIZE,
  };
  // Any change but paging starts again at page 1.
  const update = (patch: Partial<Record<'tab' | 'keyword' | 'status' | 'page', string | undefined>>) =>
    patchSearch({ page: undefined, ...patch }, { replace: true });
  return { query, update };
};

export const CourseList = () => {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const teamId = useTeamId();
  const writable = useTeamWritable();
  const { query, update } = useListQuery();
  const [params] = useSearchParams();
  const purchasedTab = params.get('tab') === 'purchased';
  const list = useQuery({
    queryKey: courseKeys.list(teamId, query),
    queryFn: () => courseApi.list(query),
    placeholderData: keepPreviousData,
  });
  const create = useMutation({
    mutationFn: () => courseApi.create(),
    onSuccess: (course) => {
      void message.success(t('course.list.created'));
      void navigate(WebPaths.course(course.courseId));
    },
  });
  const filtered = Boolean(query.keyword || query.status);

  const empty = filtered ? (
    <Empty description={t('course.list.emptyFiltered')}>
      <Typography.Paragraph type="secondary">{t('course.list.emptyFilteredDesc')}</Typography.Paragraph>
      <Button onClick={() => update({ keyword: undefined, status: undefined })}>
        {t('course.list.clearFilters')}
      </Button>
    </Empty>
  ) : (
    <Empty description={query.tab === 'mine' ? t('course.list.emptyMine') : t('course.list.emptyAll')}>
      <Typography.Paragraph type="secondary">
        {query.tab === 'mine' ? t('course.list.emptyMineDesc') : t('course.list.emptyAllDesc')}
      </Typography.Paragraph>
      <Flex gap={8} justify="center" wrap>
        <Button type="primary" icon={<PlusOutlined />} disabled={!writable} onClick={() => create.mutate()}>
          {t('course.list.create')}
        </Button>
        <Link to={WebPaths.aiCreate}>
          <Button icon={<RobotOutlined />}>{t('course.list.aiCreate')}</Button>
        </Link>
      </Flex>
    </Empty>
  );

  const body = (
    <Flex vertical gap={16}>
      <Flex gap={8} wrap>
        <Input.Search
          key={`${query.tab}-${query.keyword}`}
          defaultValue={query.keyword}
          placeholder={t('course.list.search')}
          aria-label={t('course.list.search')}
          allowClear
          maxLength={40}
          onSearch={(keyword) => update({ keyword: keyword.trim() || undefined })}
          style={{ flex: '1 1 220px', maxWidth: 360 }}
        />
        <Select
          aria-label={t('course.list.status')}
          value={query.status ?? ''}
          onChange={(value: string) => update({ status: value || undefined })}
          style={{ width: 140 }}
          options={[
            { value: '', label: t('course.list.statusAll') },
            ...COURSE_STATUSES.map((s) => ({ value: s, label: t(`course.status.${s}`) })),
          ]}
        />
      </Flex>
      {list.isPending ? (
        <CourseGridSkeleton />
      ) : list.data && list.data.list.length > 0 ? (
        <>
          <CourseGrid courses={list.data.list} />
          <Flex justify="space-between" align="center" wrap gap={8}>
            <Typography.Text type="secondary">
              {t('course.list.total', { count: list.data.total })}
            </Typography.Text>
            {list.data.total > PAGE_SIZE && (
              <Pagination
                current={query.pageNum}
                pageSize={PAGE_SIZE}
                total={list.data.total}
                showSizeChanger={false}
                onChange={(page) => update({ page: String(page) })}
              />
            )}
          </Flex>
        </>
      ) : (
        empty
      )}
    </Flex>
  );

  const tabs: { key: CourseListTab | 'purchased'; label: string }[] = [
    { key: 'mine', label: t('course.list.tabMine') },
    { key: 'all', label: t('course.list.tabAll') },
    { key: 'purchased', label: t('course.list.tabPurchased') },
  ];
  const activeTab = purchasedTab ? 'purchased' : query.tab;
  return (
    <Card
      title={<h2 style={{ fontSize: 16, margin: 0 }}>{t('course.list.title')}</h2>}
      // Outside the tabs: antd draws tabBarExtraContent inside role="tablist", which may hold only tabs.
      extra={
        <Button
          type="primary"
          icon={<PlusOutlined />}
          loading={create.isPending}
          disabled={!writable}
          onClick={() => create.mutate()}
        >
          {t('course.list.create')}
        </Button>
      }
    >
      <Tabs
        aria-label={t('course.list.tabs')}
        activeKey={activeTab}
        onChange={(tab) => update({ tab: tab === 'mine' ? undefined : tab })}
        items={tabs.map((tab) => ({
          ...tab,
          children: tab.key !== activeTab ? null : tab.key === 'purchased' ? <PurchasedCourses /> : body,
        }))}
      />
    </Card>
  );
};
