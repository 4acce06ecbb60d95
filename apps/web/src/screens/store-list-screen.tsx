import { WebPaths, writeListQuery } from '@studio/contract/constants';
import type { PublicStoreList, StoreListAddress } from '@studio/contract';
import type { ReactNode } from 'react';
import { HighlightedText } from '../components/highlighted-text.tsx';
import { Cover, useMediaDuration, usePrice } from './course-parts.tsx';
import { useParts } from './parts.tsx';
import { useWords } from './words.tsx';

/** Covers of the first cards are in view at once on any screen: they load eagerly. */
const FIRST_ROW = 4;
const PAGE_LINKS = 2;
const SKELETON_CARDS = 8;

export const listUrl = (query: StoreListAddress, pageNum: number) => {
  const search = writeListQuery({ ...query, pageNum }).toString();
  return search ? `${WebPaths.storeList}?${search}` : WebPaths.storeList;
};

type Card = PublicStoreList['list'][number];

/**
 * A course in the store grid: cover, title, team, lessons, sales, price; links to its buy page.
 * `footer`: what a place adds under the card (the 已购 tab's 学习 link).
 */
export const StoreCard = ({
  course,
  priority = false,
  footer,
}: {
  course: Card;
  priority?: boolean;
  footer?: ReactNode;
}) => {
  const { t } = useWords();
  const { Link } = useParts();
  const price = usePrice();
  const mediaDuration = useMediaDuration()(course.mediaMs);
  return (
    <li className="pp-card pp-store-card">
      <Link href={WebPaths.storePreview(course.courseId)} className="pp-store-link">
        <Cover src={course.cover} title={course.title} priority={priority} size="sm" />
        <h2 className="pp-store-title">
          <HighlightedText text={course.title} ranges={course.titleHighlights} />
        </h2>
      </Link>
      <p className="pp-muted pp-ellipsis">{course.teamName}</p>
      <p className="pp-muted">
        {t('store.list.lessons', { count: course.lessonCount })} · {mediaDuration && `${mediaDuration} · `}
        {t('store.list.sales', { count: course.sales })}
        {course.category && ` · ${t(`store.category.${course.category}`)}`}
      </p>
      <p className="pp-price">{price(course.price)}</p>
      {footer}
    </li>
  );
};

const Pager = ({ query, total, capped }: { query: StoreListAddress; total: number; capped: boolean }) => {
  const { t } = useWords();
  const { Link } = useParts();
  const count = t(capped ? 'store.list.totalCapped' : 'store.list.total', { count: total });
  const pages = Math.ceil(total / query.pageSize);
  if (pages <= 1) return <p className="pp-muted pp-center">{count}</p>;
  // Past the end (page 99 of 2), the numbers shown are the last ones.
  const at = Math.min(query.pageNum, pages);
  const from = Math.max(1, at - PAGE_LINKS);
  const to = Math.min(pages, at + PAGE_LINKS);
  const numbers = Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => from + i);
  return (
    <nav className="pp-pager" aria-label={t('store.list.pager')}>
      <span className="pp-muted">{count}</span>
      {query.pageNum > 1 && (
        <Link href={listUrl(query, Math.min(query.pageNum - 1, pages))} rel="prev" className="pp-page">
          {t('store.list.prevPage')}
        </Link>
      )}
      {numbers.map((n) =>
        n === query.pageNum ? (
          <span key={n} className="pp-page pp-page-current" aria-current="page">
            {n}
          </span>
        ) : (
          <Link
            key={n}
            href={listUrl(query, n)}
            className="pp-page"
            aria-label={t('store.list.pageNo', { page: n })}
          >
            {n}
          </Link>
        ),
      )}
      {query.pageNum < pages && (
        <Link href={listUrl(query, query.pageNum + 1)} rel="next" className="pp-page">
          {t('store.list.nextPage')}
        </Link>
      )}
    </nav>
  );
};

const Empty = ({ title, desc, children }: { title: string; desc: string; children?: ReactNode }) => (
  <div className="pp-card pp-empty">
    <h2>{title}</h2>
    <p className="pp-muted">{desc}</p>
    {children}
  </div>
);

/**
 * /store/list: the page the address asks for (search, category, sort, page), with `search` (the
 * search box: an island on the server's page) above it. `list` undefined: loading (the app);
 * `failed`: what the app shows when the list did not load. `emptyAction`: the app's 去创作.
 */
export const StoreListScreen = ({
  query,
  list,
  search,
  failed,
  emptyAction,
}: {
  query: StoreListAddress;
  list: PublicStoreList | undefined;
  search: ReactNode;
  failed?: ReactNode;
  emptyAction?: ReactNode;
}) => {
  const { t } = useWords();
  const { Link } = useParts();
  const filtered = query.keyword !== '' || query.category !== undefined;
  let body;
  if (failed) {
    body = failed;
  } else if (!list) {
    body = (
      <ul className="pp-store-grid" role="status" aria-busy="true" aria-label={t('common.loading')}>
        {Array.from({ length: SKELETON_CARDS }, (_, i) => (
          <li key={i} className="pp-card pp-store-card pp-skeleton">
            <div className="pp-cover pp-cover-empty" />
          </li>
        ))}
      </ul>
    );
  } else if (list.list.length === 0 && query.pageNum > 1) {
    // Past the last page is not an empty store: say so, offer the last page, and keep the pager.
    const pages = Math.ceil(list.total / query.pageSize);
    body = (
      <>
        <Empty
          title={t('store.list.pastEnd', { page: query.pageNum })}
          desc={
            pages > 0
              ? t('store.list.pastEndDesc', { count: list.total, pages })
              : t('store.list.pastEndNoneDesc')
          }
        >
          <Link href={listUrl(query, Math.max(pages, 1))} className="pp-button pp-button-primary">
            {t('store.list.toPage', { page: Math.max(pages, 1) })}
          </Link>
        </Empty>
        <Pager query={query} total={list.total} capped={list.totalCapped ?? false} />
      </>
    );
  } else if (list.list.length === 0) {
    body = filtered ? (
      <Empty title={t('store.list.noResult')} desc={t('store.list.noResultDesc')}>
        <Link href={listUrl({ ...query, keyword: '', category: undefined }, 1)} className="pp-button">
          {t('store.list.clearFilters')}
        </Link>
      </Empty>
    ) : (
      <Empty title={t('store.list.empty')} desc={t('store.list.emptyDesc')}>
        {emptyAction}
      </Empty>
    );
  } else {
    body = (
      <>
        <ul className="pp-store-grid">
          {list.list.map((course, index) => (
            <StoreCard key={course.courseId} course={course} priority={index < FIRST_ROW} />
          ))}
        </ul>
        <Pager query={query} total={list.total} capped={list.totalCapped ?? false} />
      </>
    );
  }
  return (
    <section className="pp-list">
      <h1 className="pp-page-title">{t('store.title')}</h1>
      {search}
      {body}
    </section>
  );
};
