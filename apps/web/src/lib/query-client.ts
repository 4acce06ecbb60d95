import {
  notifyManager,
  QueryClient,
  type InvalidateOptions,
  type InvalidateQueryFilters,
  type QueryKey,
} from '@tanstack/react-query';

/**
 * A client whose `invalidateQueries` also refreshes a query still on its first load. TanStack
 * cancels a running fetch for the refetch only when the query already has data; otherwise it keeps
 * the running one, whose answer may have been read before the write that asked for the refresh (a
 * caption uploaded while the caption list was still loading stayed unlisted). Such a load is
 * cancelled here, back to its state before the fetch, so the refetch starts a new one.
 */
export class FreshQueryClient extends QueryClient {
  override invalidateQueries<TTaggedQueryKey extends QueryKey = QueryKey>(
    filters?: InvalidateQueryFilters<TTaggedQueryKey>,
    options?: InvalidateOptions,
  ): Promise<void> {
    // Only a query the invalidation refetches (TanStack's `refetchType`, 'active' unless told): one
    // it only marks stale would be left with no load at all.
    const refetchType = filters?.refetchType ?? 'active';
    const refetched = (active: boolean) =>
      refetchType === 'all' || (refetchType === 'active' ? active : refetchType === 'inactive' && !active);
    return notifyManager.batch(() => {
      for (const query of this.getQueryCache().findAll(filters)) {
        const firstLoad = query.state.data === undefined && query.state.fetchStatus === 'fetching';
        if (firstLoad && refetched(query.isActive())) void query.cancel({ revert: true });
      }
      return super.invalidateQueries(filters, options);
    });
  }
}

/**
 * Retries are off: the request client already shows every failure, and repeating a call that failed
 * with a business code would only repeat the same notice.
 */
export const queryClient = new FreshQueryClient({
  defaultOptions: {
    queries: { retry: false, staleTime: 30_000, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});
