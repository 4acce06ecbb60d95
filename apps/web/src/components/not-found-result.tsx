import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** 页面不存在, with a link home. Shared by the 404 page and the route error element. */
export const NotFoundResult = () => {
  const { t } = useTranslation();
  return (
    <Result
      status="404"
      title={<h1 style={{ fontSize: 28, margin: 0 }}>{t('route.notFound')}</h1>}
      subTitle={t('route.notFoundDesc')}
      extra={
        <Link to="/">
          <Button type="primary">{t('common.backHome')}</Button>
        </Link>
      }
    />
  );
};
