import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { WebPaths } from '@studio/contract/constants';
import { isApiError } from '../../lib/api-error.ts';
import { isNotFound } from './course-queries.ts';

/** 课程不存在 (404, or another team's course), or a load failure with its reason and a retry. */
export const CourseLoadError = ({
  error,
  onRetry,
  title,
  notFoundTitle,
  notFoundDesc,
  home = true,
}: {
  error: unknown;
  onRetry: () => void;
  title?: string;
  notFoundTitle?: string;
  notFoundDesc?: string;
  home?: boolean;
}) => {
  const { t } = useTranslation();
  const homeLink = home && (
    <Link to={WebPaths.author} key="home">
      <Button type="primary">{t('course.backHome')}</Button>
    </Link>
  );
  if (isNotFound(error)) {
    return (
      <Result
        status="404"
        title={<h1 style={{ fontSize: 24, margin: 0 }}>{notFoundTitle ?? t('course.notFound')}</h1>}
        subTitle={notFoundDesc ?? t('course.notFoundDesc')}
        extra={homeLink}
      />
    );
  }
  return (
    <Result
      status="warning"
      title={<h1 style={{ fontSize: 24, margin: 0 }}>{title ?? t('course.loadFailed')}</h1>}
      subTitle={isApiError(error) ? error.msg : undefined}
      extra={[
        <Button key="retry" onClick={onRetry}>
          {t('common.retry')}
        </Button>,
        homeLink,
      ]}
    />
  );
};
