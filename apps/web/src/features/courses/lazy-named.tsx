import { ROUTE_CHUNK_TIMEOUT_MS } from '@studio/contract/constants';
import { lazy, Suspense, type ComponentType } from 'react';
import { PageLoading } from '../../components/page-loading.tsx';
import { withTimeout } from '../../lib/with-timeout.ts';

/**
 * A page of its own chunk, picked by name. The route module stays tiny, and heavy pages (the
 * editor, the content renderer) load only on the routes that show them.
 */
export const lazyNamed = <K extends string, M extends Record<K, ComponentType>>(
  load: () => Promise<M>,
  name: K,
): ComponentType => {
  const Lazy = lazy<ComponentType>(async () => {
    const module = await withTimeout(load(), ROUTE_CHUNK_TIMEOUT_MS);
    return { default: module[name] };
  });
  const Page = () => (
    <Suspense fallback={<PageLoading />}>
      <Lazy />
    </Suspense>
  );
  Page.displayName = `Lazy(${name})`;
  return Page;
};
