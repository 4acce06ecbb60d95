import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ChunkTimeoutError } from '../lib/with-timeout.ts';
import { NotFoundResult } from '../components/not-found-result.tsx';

// Browsers word a failed dynamic import differently (Chromium, Firefox, Safari).
const CHUNK_ERROR = /dynamically imported module|Importing a module script failed|Loading chunk/i;

const isChunkError = (error: unknown): boolean =>
  error instanceof ChunkTimeoutError || (error instanceof Error && CHUNK_ERROR.test(error.message));

/** Error element of the route tree: 404s, page chunks that failed or timed out, page crashes. */
export const RouteError = () => {
  const error = useRouteError();
  const { t } = useTranslation();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundResult />;
  const chunk = isChunkError(error);
  return (
    <Result
      status="warning"
      title={chunk ? t('route.loadFailed') : t('route.crashed')}
      subTitle={chunk ? t('route.loadFailedDesc') : t('route.crashedDesc')}
      extra={
        // The router keeps a failed lazy route's promise, so a retry has to start a fresh load.
        <Button type="primary" onClick={() => window.location.reload()}>
          {t('common.retry')}
        </Button>
      }
    />
  );
};
