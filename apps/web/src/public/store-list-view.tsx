import { COURSE_CATEGORIES, STORE_SORTS, WebPaths } from '@studio/contract/constants';
import type { PublicStoreList, StoreListAddress } from '@studio/contract';
import { HighlightedText } from '../components/highlighted-text.tsx';
import { STORE_KEYWORD_MAX, STORE_PAGE_SIZES, writeListQuery } from '@studio/contract/constants';
import { Cover, usePrice } from './course-parts.tsx';
import { useWords } from './public-i18n.tsx';

/** Covers of the first cards are in view at once on any screen: they load eagerly. */
const FIRST_ROW = 4;
const PAGE_LINKS = 2;

const listUrl = (query: StoreListAddress, pageNum: number) => {
  const search = writeListQuery({ ...query, pageNum }).toString();
  return search ? `${WebPaths.storeList}?${search}` : WebPaths.storeList;
};

const Card = ({ course, priority }: { course: PublicStoreList['list'][number]; priority: boolean }) => {
  const { t } = useWords();
  const price = usePrice();
  return (
    <li className="pp-card pp-store-card">
      <a href={WebPaths.storePreview(course.courseId)} className="pp-store-link">
        <Cover src={course.cover} title={course.title} priority={priority} size="sm" />
        <h2 className="pp-store-title">
          <HighlightedText text={course.title} ranges={course.titleHighlights} />
        </h2>
      </a>
      <p className="pp-muted pp-ellipsis">{course.teamName}</p>
      <p className="pp-muted">
        {t('store.list.lessons', { count: course.lessonCount })} ·{' '}
        {t('store.list.sales', { count: course.sales })}
        {course.category && ` · ${t(`store.category.${course.category}`)}`}
      </p>
      <p className="pp-price">{price(course.price)}</p>
    </li>
  );
};

/** Search, category and sort as a plain GET form: it works before (and without) any script. */
const Filters = ({ query }: { query: StoreListAddress }) => {
  const { t } = useWords();
  return (
    <form className="pp-filters" method="get" action={WebPaths.storeList} role="search">
      <input
        type="search"
        name="q"
        defaultValue={query.keyword}
        maxLength={STORE_KEYWORD_MAX}
        aria-label={t('store.list.search')}
        placeholder={t('store.list.searchPlaceholder')}
        className="pp-input pp-grow"
      />
      <select
        name="category"
        defaultValue={query.category ?? ''}
        aria-label={t('store.list.category')}
        className="pp-input"
      >
        <option value="">{t('store.list.allCategories')}</option>
        {COURSE_CATEGORIES.map((c) => (
          <option key={c} value={c}>
            {t(`store.category.${c}`)}
          </option>
        ))}
      </select>
      <select
        name="sort"
        defaultValue={query.sort}
        aria-label={t('store.list.sort')}
        className="pp-input"
        data-submit-on-change=""
      >
        {/* 综合 ranks matches: offered only with a keyword. */}
        {STORE_SORTS.filter((s) => s !== 'relevance' || query.keyword).map((s) => (
          <option key={s} value={s}>
            {t(`store.list.sortBy.${s}`)}
          </option>
        ))}
      </select>
      {query.pageSize !== STORE_PAGE_SIZES[0] && <input type="hidden" name="size" value={query.pageSize} />}
      <button type="submit" className="pp-button pp-button-primary">
        {t('store.list.searchSubmit')}
      </button>
    </form>
  );
};

const Pager = ({ query, total, capped }: { query: StoreListAddress; total: number; capped: boolean }) => {
  const { t } = useWords();
  const count = t(capped ? 'store.list.totalCapped' : 'store.list.total', { count: total });
  const pages = Math.ceil(total / query.pageSize);
  if (pages <= 1) return <p className="pp-muted pp-center">{count}</p>;
  const from = Math.max(1, query.pageNum - PAGE_LINKS);
  const to = Math.min(pages, query.pageNum + PAGE_LINKS);
  const numbers = Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => from + i);
  return (
    <nav className="pp-pager" aria-label={t('store.list.pager')}>
      <span className="pp-muted">{count}</span>
      {query.pageNum > 1 && (
        <a href={listUrl(query, Math.min(query.pageNum - 1, pages))} rel="prev" className="pp-page">
          {t('store.list.prevPage')}
        </a>
      )}
      {numbers.map((n) =>
        n === query.pageNum ? (
          <span key={n} className="pp-page pp-page-current" aria-current="page">
            {n}
          </span>
        ) : (
          <a
            key={n}
            href={listUrl(query, n)}
            className="pp-page"
            aria-label={t('store.list.pageNo', { page: n })}
          >
            {n}
          </a>
        ),
      )}
      {query.pageNum < pages && (
        <a href={listUrl(query, query.pageNum + 1)} rel="next" className="pp-page">
          {t('store.list.nextPage')}
        </a>
      )}
    </nav>
  );
};

/** /store/list for a visitor: the first page of what the address asks for, searchable without script. */
export const StoreListView = ({ query, list }: { query: StoreListAddress; list: PublicStoreList }) => {
  const { t } = useWords();
  const filtered = query.keyword !== '' || query.category !== undefined;
  const pages = Math.ceil(list.total / query.pageSize);
  let body;
  if (list.list.length === 0 && query.pageNum > 1) {
    body = (
      <div className="pp-empty">
        <h2>{t('store.list.pastEnd', { page: query.pageNum })}</h2>
        <p className="pp-muted">
          {pages > 0
            ? t('store.list.pastEndDesc', { count: list.total, pages })
            : t('store.list.pastEndNoneDesc')}
        </p>
        <a href={listUrl(query, Math.max(pages, 1))} className="pp-button pp-button-primary">
          {t('store.list.toPage', { page: Math.max(pages, 1) })}
        </a>
      </div>
    );
  } else if (list.list.length === 0) {
    body = filtered ? (
      <div className="pp-empty">
        <h2>{t('store.list.noResult')}</h2>
        <p className="pp-muted">{t('store.list.noResultDesc')}</p>
        <a href={WebPaths.storeList} className="pp-button">
          {t('store.list.clearFilters')}
        </a>
      </div>
    ) : (
      <div className="pp-empty">
        <h2>{t('store.list.empty')}</h2>
        <p className="pp-muted">{t('store.list.emptyDesc')}</p>
      </div>
    );
  } else {
    body = (
      <>
        <ul className="pp-store-grid">
          {list.list.map((course, index) => (
            <Card key={course.courseId} course={course} priority={index < FIRST_ROW} />
          ))}
        </ul>
        <Pager query={query} total={list.total} capped={list.totalCapped ?? false} />
      </>
    );
  }
  return (
    <section className="pp-list">
      <h1 className="pp-page-title">{t('store.title')}</h1>
      <Filters query={query} />
      {body}
    </section>
  );
};
