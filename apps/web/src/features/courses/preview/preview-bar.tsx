import { ArrowLeftOutlined, EyeOutlined, MobileOutlined, ShoppingOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { WebPaths } from '@studio/contract/constants';
import { EmbedCodeButton } from './embed-code.tsx';

export type PreviewKind = 'course' | 'lesson' | 'buy';

/** The bar above a preview: back to editing, the page's name, the other previews, the embed code. */
export const PreviewBar = ({
  courseId,
  kind,
  embed,
  extra,
}: {
  courseId: number;
  kind: PreviewKind;
  embed?: { path: string; title: string };
  extra?: ReactNode;
}) => {
  const { t } = useTranslation();
  return (
    <div className="preview-bar">
      <Link to={WebPaths.course(courseId)}>
        <Button icon={<ArrowLeftOutlined />}>{t('preview.backToEdit')}</Button>
      </Link>
      <h1 className="preview-bar-title">{t(`preview.${kind}`)}</h1>
      <div className="preview-bar-actions">
        {extra}
        {kind !== 'course' && (
          <Link to={WebPaths.coursePreview(courseId)}>
            <Button icon={<EyeOutlined />}>{t('preview.course')}</Button>
          </Link>
        )}
        {kind !== 'buy' && (
          <Link to={WebPaths.courseBuyPreview(courseId)}>
            <Button icon={<ShoppingOutlined />}>{t('preview.buy')}</Button>
          </Link>
        )}
        <Link to={WebPaths.wxPreview(courseId)}>
          <Button icon={<MobileOutlined />}>{t('preview.mobile')}</Button>
        </Link>
        {embed && <EmbedCodeButton path={embed.path} title={embed.title} />}
      </div>
    </div>
  );
};
