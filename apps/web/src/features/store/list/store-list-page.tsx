import { Button, Flex, Pagination } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import {
  defaultSort,
  readListQuery,
  STORE_PAGE_SIZES,
  WebPaths,
  writeListQuery,
} from '@studio/contract/constants';
import { LazyResult } from '../../../components/lazy-result.tsx';
import { useLatestSearchParams } from '../../../lib/use-search-patch.ts';
import { useDocumentTitle } from '../../../components/use-document-title.ts';
import { LinkButton } from '../link-button.tsx';
import { StoreEmpty } from '../store-empty.tsx';
import type { StoreListAddress } from '@studio/contract';
import { useStoreList } from '../store-api.ts';
import { StoreCardSkeleton, StoreCourseCard } from './course-card.tsx';
import { StoreFilters, type FilterChange } from './store-filters.tsx';

/** Covers of the first cards are in view at once on any screen: they load eagerly. */
const FIRST_ROW = 4;

/** /store/list (课程商城): released courses of every team, searched, filtered, sorted and paged. */
export const StoreListPage = () => {
  const { t } = useTranslation();
  useDocumentTitle(t('store.title'));
  const [params, setParams] = useSearchParams();
  const query = readListQuery(params);
  const list = useStoreList(query);
  // Clearing the filters remounts the search box, which empties what was typed.
  const [resets, setResets] = useState(0);

  const go = useCallback(
    (next: StoreListAddress, replace = false) => setParams(writeListQuery(next), { replace }),
    [setParams],
  );
  const latestParams = useLatestSearchParams();
  const onFilter = useCallback(
    // Typing replaces the history entry; a new keyword, category or sort starts at page 1. The
    // debounced keyword may land before the last change has rendered: start from the latest address.
    // A sort left at its default follows the keyword (综合 with one, newest without); a chosen one stays.
    (change: FilterChange) => {
      const last = readListQuery(latestParams());
      const next = { ...last, ...change, pageNum: 1 };
      if (change.keyword !== undefined && !change.sort && last.sort === defaultSort(last.keyword))
        next.sort = defaultSort(next.keyword);
      if (!next.keyword && next.sort === 'relevance') next.sort = defaultSort('');
      setParams(writeListQuery(next), { replace: 'keyword' in change });
    },
    [setParams, latestParams],
  );
  const filtered = query.keyword !== '' || query.category !== undefined;
  const clear = () => {
    setResets((n) => n + 1);
    go({ ...query, keyword: '', category: undefined, pageNum: 1 });
  };

  const pager = (total: number, capped = false) => (
    <Flex justify="center" style={{ marginTop: 24 }}>
      <Pagination
        current={query.pageNum}
        pageSize={query.pageSize}
        total={total}
        pageSizeOptions={STORE_PAGE_SIZES}
        showSizeChanger
        showTotal={(count) => t(capped ? 'store.list.totalCapped' : 'store.list.total', { count })}
        onChange={(pageNum, pageSize) => go({ ...query, pageNum, pageSize })}
      />
    </Flex>
  );

  let body;
  if (list.isPending) {
    body = (
      <div className="store-grid" role="status" aria-busy="true" aria-label={t('common.loading')}>
        {Array.from({ length: 8 }, (_, i) => (
          <StoreCardSkeleton key={i} />
        ))}
      </div>
    );
  } else if (list.isError) {
    body = (
      <LazyResult
        status="warning"
        title={t('store.list.loadFailed')}
        extra={<Button onClick={() => void list.refetch()}>{t('common.retry')}</Button>}
      />
    );
  } else if (list.data.list.length === 0 && query.pageNum > 1) {
    // Past the last page is not an empty store: say so, offer the last page, and keep the pager.
    const pages = Math.ceil(list.data.total / query.pageSize);
    body = (
      <>
        <StoreEmpty
          title={t('store.list.pastEnd', { page: query.pageNum })}
          desc={
            pages > 0
              ? t('store.list.pastEndDesc', { count: list.data.total, pages })
              : t('store.list.pastEndNoneDesc')
          }
        >
          <Button type="primary" onClick={() => go({ ...query, pageNum: Math.max(pages, 1) })}>
            {t('store.list.toPage', { page: Math.max(pages, 1) })}
          </Button>
        </StoreEmpty>
        {pager(list.data.total)}
      </>
    );
  } else if (list.data.list.length === 0) {
    body = filtered ? (
      <StoreEmpty title={t('store.list.noResult')} desc={t('store.list.noResultDesc')}>
        <Button onClick={clear}>{t('store.list.clearFilters')}</Button>
      </StoreEmpty>
    ) : (
      <StoreEmpty title={t('store.list.empty')} desc={t('store.list.emptyDesc')}>
        <LinkButton to={WebPaths.author} type="primary">
          {t('store.list.goCreate')}
        </LinkButton>
      </StoreEmpty>
    );
  } else {
    body = (
      <>
        <div className="store-grid" aria-busy={list.isPlaceholderData}>
          {list.data.list.map((course, index) => (
            <StoreCourseCard key={course.courseId} course={course} priority={index < FIRST_ROW} />
          ))}
        </div>
        {pager(list.data.total, list.data.totalCapped)}
      </>
    );
  }

  return (
    <section>
      <h1 className="page-title" style={{ marginBottom: 12 }}>
        {t('store.title')}
      </h1>
      <StoreFilters key={resets} query={query} onChange={onFilter} />
      {body}
    </section>
  );
};
