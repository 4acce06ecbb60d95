import { BarChartOutlined, EditOutlined, ShopOutlined } from '@ant-design/icons';
import { LEARN_FILTERS, type LearnFilter } from '@studio/contract';
import { WebPaths } from '@studio/contract/constants';
import { Button, Card, Flex, Skeleton, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { QueryView } from '../../../components/query-view.tsx';
import { useDocumentTitle } from '../../../components/use-document-title.ts';
import { useSearchPatch } from '../../../lib/use-search-patch.ts';
import { LinkButton } from '../../store/link-button.tsx';
import { StoreEmpty } from '../../store/store-empty.tsx';
import { useLearnList } from '../learn-api.ts';
import '../learn.css';
import { MyTasks } from '../../training/my-tasks.tsx';
import { useCanReadReport } from '../report/can-read-report.ts';
import { LearnCourseCard } from './learn-course-item.tsx';

const isFilter = (value: string | null): value is LearnFilter => LEARN_FILTERS.some((f) => f === value);

/** What an empty list means depends on the filter: buy or release a course, or see them all. */
const LearnEmpty = ({ filter, onAll }: { filter: LearnFilter; onAll: () => void }) => {
  const { t } = useTranslation();
  if (filter === 'all') {
    return (
      <StoreEmpty title={t('learn.list.emptyAll')} desc={t('learn.list.emptyAllDesc')}>
        <Flex gap={8} justify="center" wrap>
          <LinkButton type="primary" icon={<ShopOutlined aria-hidden />} to={WebPaths.storeList}>
            {t('learn.list.goStore')}
          </LinkButton>
          <LinkButton icon={<EditOutlined aria-hidden />} to={WebPaths.author}>
            {t('learn.list.goAuthor')}
          </LinkButton>
        </Flex>
      </StoreEmpty>
    );
  }
  const inProgress = filter === 'in_progress';
  return (
    <StoreEmpty
      title={inProgress ? t('learn.list.emptyInProgress') : t('learn.list.emptyCompleted')}
      desc={inProgress ? t('learn.list.emptyInProgressDesc') : t('learn.list.emptyCompletedDesc')}
    >
      <Button onClick={onAll}>{t('learn.list.seeAll')}</Button>
    </StoreEmpty>
  );
};

/** /learn (我的学习): the courses the learner's team may learn, with progress; ?filter= picks a tab. */
export const LearnListPage = () => {
  const { t } = useTranslation();
  useDocumentTitle(t('learn.title'));
  const [params] = useSearchParams();
  const patchSearch = useSearchPatch();
  const raw = params.get('filter');
  const filter: LearnFilter = isFilter(raw) ? raw : 'all';
  const list = useLearnList(filter);
  const canReadReport = useCanReadReport();
  const setFilter = (next: string) =>
    patchSearch({ filter: next === 'all' ? undefined : next }, { replace: true });

  return (
    <Flex vertical gap={12}>
      <Flex justify="space-between" align="flex-start" gap={12} wrap>
        <div style={{ minWidth: 0 }}>
          <h1 className="page-title">{t('learn.title')}</h1>
          <Typography.Text type="secondary">{t('learn.desc')}</Typography.Text>
        </div>
        {canReadReport && (
          <LinkButton icon={<BarChartOutlined aria-hidden />} to={WebPaths.learnReport}>
            {t('learn.report.entry')}
          </LinkButton>
        )}
      </Flex>
      <MyTasks />
      <Tabs
        activeKey={filter}
        onChange={setFilter}
        aria-label={t('learn.filter.label')}
        items={LEARN_FILTERS.map((f) => ({ key: f, label: t(`learn.filter.${f}`) }))}
        style={{ marginBottom: -12 }}
      />
      <QueryView
        query={list}
        errorTitle={t('learn.list.loadFailed')}
        loading={
          <Card>
            <Skeleton active avatar paragraph={{ rows: 3 }} />
          </Card>
        }
        isEmpty={(items) => items.length === 0}
        empty={
          <Card>
            <LearnEmpty filter={filter} onAll={() => setFilter('all')} />
          </Card>
        }
      >
        {(items) => (
          <Flex vertical gap={12}>
            {items.map((item) => (
              <LearnCourseCard key={item.courseId} item={item} />
            ))}
          </Flex>
        )}
      </QueryView>
    </Flex>
  );
};
