import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Routes } from '@studio/contract/constants';
import type { ExportFormat, PageQuery, StoreListAddress } from '@studio/contract';
import type { AxiosRequestConfig } from 'axios';
import { api, unwrap } from '../../lib/request.ts';
import { useTeamId } from '../../lib/current-team.ts';
import { call, callEnvelope } from '../../lib/call.ts';

/**
 * Query keys. What a team owns, its cart and its sales depend on the current team, so the team id is
 * part of every key; everything under `['store']` is refreshed after a purchase.
 */
export const storeKeys = {
  all: ['store'] as const,
  list: (query: StoreListAddress) => ['store', 'list', query] as const,
  suggest: (keyword: string) => ['store', 'suggest', keyword] as const,
  course: (teamId: number | undefined, courseId: number) => ['store', teamId, 'course', courseId] as const,
  changelog: (teamId: number | undefined, courseId: number) =>
    ['store', teamId, 'changelog', courseId] as const,
  cart: (teamId: number | undefined) => ['store', teamId, 'cart'] as const,
  order: (orderId: number) => ['store', 'order', orderId] as const,
  pay: (orderId: number) => ['store', 'pay', orderId] as const,
  orders: (query: PageQuery) => ['store', 'orders', query] as const,
  purchased: (teamId: number | undefined, query: PageQuery) => ['store', teamId, 'purchased', query] as const,
  sales: (teamId: number | undefined, days: number) => ['store', teamId, 'sales', days] as const,
  purchases: (teamId: number | undefined, query: PageQuery) => ['store', teamId, 'purchases', query] as const,
};

/** The catalogue, the buy page and the team's store views; answers are the envelope's data. */
export const storeApi = {
  list: (query: StoreListAddress) =>
    callEnvelope.get(Routes.store.list, { ...query, keyword: query.keyword || undefined }),
  suggest: (keyword: string, signal?: AbortSignal) =>
    call.get(Routes.store.suggest, { keyword }, { signal, silent: true }),
  course: (courseId: number, config?: AxiosRequestConfig) =>
    call.get(Routes.store.course, { courseId }, config),
  /** Quiet: the changelog is an extra on its pages, which say nothing when it fails. */
  changelog: (courseId: number) => call.get(Routes.store.changelog, { courseId }, { silent: true }),
  purchased: (query: PageQuery) => call.get(Routes.store.purchased, query),
  teamSales: (days: number) => call.get(Routes.store.teamSales, { days }, { silent: true }),
  /** The sales by day and the team's paid orders as files (file routes): a Blob to save. */
  teamSalesFile: (days: number, format: ExportFormat) =>
    api.download(Routes.store.teamSalesExport, { params: { days, format } }),
  teamPurchasesFile: (format: ExportFormat) =>
    api.download(Routes.store.teamPurchasesExport, { params: { format } }),
  teamPurchases: (query: PageQuery) => call.get(Routes.store.teamPurchases, query, { silent: true }),
};

export const useStoreList = (query: StoreListAddress) =>
  useQuery({
    queryKey: storeKeys.list(query),
    queryFn: () => storeApi.list(query).then(unwrap),
    placeholderData: keepPreviousData,
  });

/**
 * Titles for what is being typed. The caller debounces the keyword; a newer keyword changes the key,
 * and TanStack Query aborts the older request through its signal, so a slow answer never lands last.
 */
export const useStoreSuggest = (keyword: string) =>
  useQuery({
    queryKey: storeKeys.suggest(keyword),
    queryFn: ({ signal }) => storeApi.suggest(keyword, signal),
    enabled: keyword.trim() !== '',
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });

export const useStoreCourse = (courseId: number, config?: AxiosRequestConfig) => {
  const teamId = useTeamId();
  return useQuery({
    queryKey: storeKeys.course(teamId, courseId),
    queryFn: () => storeApi.course(courseId, config),
    enabled: Number.isInteger(courseId) && courseId > 0,
  });
};

/** The current team's bought courses (the 已购 tab of /author uses this too). */
export const usePurchasedCourses = (query: PageQuery = { pageNum: 1, pageSize: 12 }) => {
  const teamId = useTeamId();
  return useQuery({
    queryKey: storeKeys.purchased(teamId, query),
    queryFn: () => storeApi.purchased(query),
    enabled: teamId !== undefined,
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[1] === teamId ? keepPreviousData(previous) : undefined,
  });
};

/** Sales of the team's own courses (OWNER/ADMIN only). */
export const useTeamSales = (days = 30) => {
  const teamId = useTeamId();
  return useQuery({
    queryKey: storeKeys.sales(teamId, days),
    queryFn: () => storeApi.teamSales(days),
    enabled: teamId !== undefined,
    staleTime: 0,
  });
};

/** The team's paid orders (OWNER/ADMIN only). */
export const useTeamPurchases = (query: PageQuery) => {
  const teamId = useTeamId();
  return useQuery({
    queryKey: storeKeys.purchases(teamId, query),
    queryFn: () => storeApi.teamPurchases(query),
    enabled: teamId !== undefined,
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[1] === teamId ? keepPreviousData(previous) : undefined,
  });
};
