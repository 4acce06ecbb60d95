import { Spin } from 'antd';
import { useTranslation } from 'react-i18next';

/** The loading placeholder of every lazy page and of the session bootstrap (seed §2). */
export const PageLoading = () => {
  const { t } = useTranslation();
  return (
    <div
      role="status"
      aria-live="polite"
      style={{ minHeight: '40vh', display: 'grid', placeItems: 'center', padding: 48 }}
    >
      <div style={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 12 }}>
        <Spin size="large" />
        <span style={{ color: 'rgba(0,0,0,0.55)' }}>{t('common.loading')}</span>
      </div>
    </div>
  );
};
