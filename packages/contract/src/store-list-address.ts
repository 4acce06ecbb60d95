/**
 * The store list's query lives in the page address (?q=&category=&sort=&page=&size=), so back, reload
 * and a shared link keep it. One reading for the app and for the server that renders the page.
 */
import {
  COURSE_CATEGORIES,
  STORE_KEYWORD_MAX,
  STORE_SORTS,
  type CourseCategory,
  type StoreSort,
} from './constants.ts';

export const STORE_PAGE_SIZES = [12, 24, 48];
const DEFAULT_SIZE = 12;
/** The API's own page limit (pageQuerySchema). */
const PAGE_NUM_MAX = 100_000;

/** The same shape as the API's StoreListQuery. */
export type StoreListAddress = {
  keyword: string;
  category?: CourseCategory;
  sort: StoreSort;
  pageNum: number;
  pageSize: number;
};

const isCategory = (v: string | null): v is CourseCategory => COURSE_CATEGORIES.some((c) => c === v);
const isSort = (v: string | null): v is StoreSort => STORE_SORTS.some((s) => s === v);
const positive = (v: string | null, fallback: number): number => {
  const n = Number(v);
  return Number.isSafeInteger(n) && n > 0 ? n : fallback;
};

/** 综合 (relevance) when there is a keyword, newest first otherwise: the API's default too. */
export const defaultSort = (keyword: string): StoreSort => (keyword ? 'relevance' : 'newest');

/** What the address asks for; anything unreadable falls back to its default. */
export const readListQuery = (params: URLSearchParams): StoreListAddress => {
  const category = params.get('category');
  const sort = params.get('sort');
  const size = positive(params.get('size'), DEFAULT_SIZE);
  const keyword = (params.get('q') ?? '').trim().slice(0, STORE_KEYWORD_MAX);
  return {
    keyword,
    ...(isCategory(category) ? { category } : {}),
    sort: isSort(sort) ? sort : defaultSort(keyword),
    pageNum: Math.min(positive(params.get('page'), 1), PAGE_NUM_MAX),
    pageSize: STORE_PAGE_SIZES.includes(size) ? size : DEFAULT_SIZE,
  };
};

/** The address of a query; defaults are left out so the plain /store/list stays plain. */
export const writeListQuery = (query: StoreListAddress): URLSearchParams => {
  const params = new URLSearchParams();
  if (query.keyword) params.set('q', query.keyword);
  if (query.category) params.set('category', query.category);
  if (query.sort !== defaultSort(query.keyword)) params.set('sort', query.sort);
  if (query.pageNum > 1) params.set('page', String(query.pageNum));
  if (query.pageSize !== DEFAULT_SIZE) params.set('size', String(query.pageSize));
  return params;
};
