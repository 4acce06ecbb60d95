import { Code } from '@studio/contract/constants';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isApiError } from '../lib/api-error.ts';
import './public-page-error.css';
import { LazyResult } from './lazy-result.tsx';

type Message = { title: string; desc: string };

/**
 * Why a public page (a share, a certificate) shows nothing: not found (404, or an id that is not one:
 * 400), gone (the page's own business code, such as a revoked share), or a failure with a retry.
 * Each page brings its own words; the states and their order are the same everywhere.
 */
export const PublicPageError = ({
  error,
  onRetry,
  notFound,
  gone,
  loadFailed,
  goHome,
}: {
  error: unknown;
  onRetry: () => void;
  notFound: Message;
  gone?: Message & { code: number };
  loadFailed: string;
  goHome: string;
}) => {
  const { t } = useTranslation();
  const code = isApiError(error) ? error.code : 0;
  const home = (
    <Link to="/" key="home">
      <Button type="primary">{goHome}</Button>
    </Link>
  );
  const known =
    gone && code === gone.code
      ? gone
      : code === Code.NOT_FOUND || code === Code.BAD_REQUEST
        ? notFound
        : null;
  if (known) {
    return (
      <LazyResult
        status={known === notFound ? '404' : 'warning'}
        title={<h1 className="public-error-title">{known.title}</h1>}
        subTitle={known.desc}
        extra={home}
      />
    );
  }
  return (
    <LazyResult
      status="error"
      title={<h1 className="public-error-title">{loadFailed}</h1>}
      subTitle={isApiError(error) ? error.msg : undefined}
      extra={[
        <Button key="retry" onClick={onRetry}>
          {t('common.retry')}
        </Button>,
        home,
      ]}
    />
  );
};
