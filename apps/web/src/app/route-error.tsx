import { WarningFilled } from '@ant-design/icons';
import { Button } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ChunkTimeoutError } from '../lib/with-timeout.ts';

// Browsers word a failed dynamic import differently (Chromium, Firefox, Safari).
const CHUNK_ERROR = /dynamically imported module|Importing a module script failed|Loading chunk/i;

const isChunkError = (error: unknown): boolean =>
  error instanceof ChunkTimeoutError || (error instanceof Error && CHUNK_ERROR.test(error.message));

// The 404 illustration is antd's Result with its pictures: loaded only when a 404 happens.
const NotFoundResult = lazy(() =>
  import('../components/not-found-result.tsx').then((m) => ({ default: m.NotFoundResult })),
);

/**
 * Error element of the route tree: 404s, page chunks that failed or timed out, page crashes. The
 * failure views are plain markup in the first chunk (styles.css), so they show even when no further
 * chunk can be loaded, and antd's Result (with its illustrations) stays out of the first load.
 */
export const RouteError = () => {
  const error = useRouteError();
  const { t } = useTranslation();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <Suspense fallback={null}>
        <NotFoundResult />
      </Suspense>
    );
  }
  const chunk = isChunkError(error);
  return (
    <div className="route-error" role="alert">
      <WarningFilled className="route-error-icon" aria-hidden />
      <div className="route-error-title">{chunk ? t('route.loadFailed') : t('route.crashed')}</div>
      <div className="route-error-desc">{chunk ? t('route.loadFailedDesc') : t('route.crashedDesc')}</div>
      {/* The router keeps a failed lazy route's promise, so a retry has to start a fresh load. */}
      <Button type="primary" onClick={() => window.location.reload()}>
        {t('common.retry')}
      </Button>
    </div>
  );
};
