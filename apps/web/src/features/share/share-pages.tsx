import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../components/coming-soon.tsx';

// Sharing and the mobile preview are later work. Both are public pages (no login needed).

export const SharePage = () => {
  const { t } = useTranslation();
  return (
    <main style={{ minHeight: '100vh', display: 'grid', placeItems: 'center' }}>
      <ComingSoon title={t('pages.share')} home={false} />
    </main>
  );
};

export const WxPreviewPage = () => {
  const { t } = useTranslation();
  return (
    <main style={{ minHeight: '100vh', display: 'grid', placeItems: 'center' }}>
      <ComingSoon title={t('pages.wxPreview')} home={false} />
    </main>
  );
};
