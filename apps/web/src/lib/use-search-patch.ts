import { useCallback, useContext } from 'react';
import { UNSAFE_DataRouterContext, useSearchParams, type NavigateOptions } from 'react-router';

/** Search params to set (a value) or remove (undefined); the others are kept. */
export type SearchPatch = Record<string, string | undefined>;

/**
 * The search params of the router's location at the time of the call, not of the last render.
 *
 * Why not setSearchParams(prev => …): react-router renders a navigation in a transition, and its
 * `prev` is the params of the last render. A second change made before that render (clear the
 * keyword, then switch the tab at once, or a debounced keyword landing after a filter change, on a
 * busy machine) would start from the stale copy and write the first change back. The router's own
 * state is current as soon as the navigation completes (these pages have no loaders); a navigation
 * still under way on the same page counts as current.
 */
export const useLatestSearchParams = (): (() => URLSearchParams) => {
  const router = useContext(UNSAFE_DataRouterContext)?.router;
  const [rendered] = useSearchParams();
  return useCallback(() => {
    if (!router) return new URLSearchParams(rendered);
    const { location, navigation } = router.state;
    const pending = navigation.location?.pathname === location.pathname ? navigation.location : null;
    return new URLSearchParams((pending ?? location).search);
  }, [router, rendered]);
};

/** Changes some search params, starting from the latest ones (see useLatestSearchParams). */
export const useSearchPatch = () => {
  const latest = useLatestSearchParams();
  const [, setParams] = useSearchParams();
  return useCallback(
    (patch: SearchPatch, options?: NavigateOptions) => {
      const next = latest();
      for (const [key, value] of Object.entries(patch)) {
        if (value) next.set(key, value);
        else next.delete(key);
      }
      setParams(next, options);
    },
    [latest, setParams],
  );
};
