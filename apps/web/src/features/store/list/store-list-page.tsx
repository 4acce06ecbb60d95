import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { defaultSort, readListQuery, WebPaths, writeListQuery } from '@studio/contract/constants';
import { Link, useSearchParams } from 'react-router';
import { useLatestSearchParams } from '../../../lib/use-search-patch.ts';
import { useDocumentTitle } from '../../../components/use-document-title.ts';
import { AppScreen } from '../../../screens/app-screen.tsx';
import { StoreListScreen } from '../../../screens/store-list-screen.tsx';
import { StoreSearch, type FilterChange } from '../../../screens/store-search.tsx';
import { storeApi, useStoreList } from '../store-api.ts';

/** Titles through the app's request client (silent: the search box never raises a notice). */
const suggestTitles = (keyword: string, signal: AbortSignal) =>
  storeApi.suggest(keyword, signal).then((d) => d.list);

/**
 * /store/list (课程商城) for a member: the shared screen (the one a visitor's page is rendered from),
 * its filters changing the address and the list following it without a reload.
 */
export const StoreListPage = () => {
  const { t } = useTranslation();
  useDocumentTitle(t('store.title'));
  const [params, setParams] = useSearchParams();
  const query = readListQuery(params);
  const list = useStoreList(query);
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

  return (
    <AppScreen>
      <StoreListScreen
        query={query}
        list={list.data}
        search={<StoreSearch query={query} onChange={onFilter} suggest={suggestTitles} />}
        failed={
          list.isError && (
            <div className="pp-card pp-empty" role="alert">
              <h2>{t('store.list.loadFailed')}</h2>
              <button type="button" className="pp-button" onClick={() => void list.refetch()}>
                {t('common.retry')}
              </button>
            </div>
          )
        }
        emptyAction={
          <Link to={WebPaths.author} className="pp-button pp-button-primary">
            {t('store.list.goCreate')}
          </Link>
        }
      />
    </AppScreen>
  );
};
