import { ClockCircleOutlined } from '@ant-design/icons';
import { Button, Result } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDocumentTitle } from './use-document-title.ts';

/** An honest placeholder for a page that later work fills in: its title and "coming soon". */
export const ComingSoon = ({
  title,
  description,
  home = true,
  extra,
}: {
  title: string;
  description?: string;
  home?: boolean;
  extra?: ReactNode;
}) => {
  const { t } = useTranslation();
  useDocumentTitle(title);
  return (
    <Result
      icon={<ClockCircleOutlined />}
      title={<h1 style={{ fontSize: 24, margin: 0 }}>{title}</h1>}
      subTitle={
        <>
          <strong>{t('common.comingSoon')}</strong> · {description ?? t('common.comingSoonDesc')}
        </>
      }
      extra={
        <>
          {extra}
          {home && (
            <Link to="/author">
              <Button type="primary">{t('common.backHome')}</Button>
            </Link>
          )}
        </>
      }
    />
  );
};
