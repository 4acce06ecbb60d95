import { COURSE_CATEGORIES, STORE_SORTS, type StoreSort } from '@studio/contract/constants';
import type { CourseCategory, StoreListQuery } from '@studio/contract';

export const STORE_PAGE_SIZES = [12, 24, 48];
const DEFAULT_SIZE = 12;

const isCategory = (v: string | null): v is CourseCategory => COURSE_CATEGORIES.some((c) => c === v);
const isSort = (v: string | null): v is StoreSort => STORE_SORTS.some((s) => s === v);
const positive = (v: string | null, fallback: number): number => {
  const n = Number(v);
  return Number.isInteger(n) && n > 0 ? n : fallback;
};

/** The list's query lives in the address (?q=&category=&sort=&page=&size=): back and reload keep it. */
export const readListQuery = (params: URLSearchParams): StoreListQuery => {
  const category = params.get('category');
  const sort = params.get('sort');
  const size = positive(params.get('size'), DEFAULT_SIZE);
  return {
    keyword: (params.get('q') ?? '').trim().slice(0, 40),
    ...(isCategory(category) ? { category } : {}),
    sort: isSort(sort) ? sort : 'newest',
    pageNum: positive(params.get('page'), 1),
    pageSize: STORE_PAGE_SIZES.includes(size) ? size : DEFAULT_SIZE,
  };
};

/** The address of a query; defaults are left out so the plain /store/list stays plain. */
export const writeListQuery = (query: StoreListQuery): URLSearchParams => {
  const params = new URLSearchParams();
  if (query.keyword) params.set('q', query.keyword);
  if (query.category) params.set('category', query.category);
  if (query.sort !== 'newest') params.set('sort', query.sort);
  if (query.pageNum > 1) params.set('page', String(query.pageNum));
  if (query.pageSize !== DEFAULT_SIZE) params.set('size', String(query.pageSize));
  return params;
};
