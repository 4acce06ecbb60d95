import type { ResultProps } from 'antd';
import { lazy, Suspense } from 'react';

const AntResult = lazy(() => import('antd/es/result'));

/**
 * antd's Result, loaded when first shown. It carries its 403/404/500 illustrations (about 10 KB
 * gzipped), which pages of the first load (store list, share page) only need when something fails.
 */
export const LazyResult = (props: ResultProps) => (
  <Suspense fallback={null}>
    <AntResult {...props} />
  </Suspense>
);
