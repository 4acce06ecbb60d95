import { Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { ComingSoon } from '../../components/coming-soon.tsx';

// The store is later work; the layout and its pages are placeholders that already route correctly.

/** /store: switches between the course list and the cart. */
export const StoreLayout = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return (
    <>
      <Segmented
        value={pathname.startsWith('/store/cart') ? '/store/cart' : '/store/list'}
        options={[
          { value: '/store/list', label: t('pages.storeList') },
          { value: '/store/cart', label: t('pages.storeCart') },
        ]}
        onChange={(value) => void navigate(value)}
        style={{ marginBottom: 16 }}
      />
      <Outlet />
    </>
  );
};

export const StoreListPage = () => {
  const { t } = useTranslation();
  return <ComingSoon title={t('pages.storeList')} />;
};

export const StoreCartPage = () => {
  const { t } = useTranslation();
  return <ComingSoon title={t('pages.storeCart')} />;
};

export const StorePayPage = () => {
  const { t } = useTranslation();
  return <ComingSoon title={t('pages.storePay')} />;
};

export const StorePreviewPage = () => {
  const { t } = useTranslation();
  return <ComingSoon title={t('pages.storePreview')} />;
};

/** Embedded preview: no header, no home link (it lives inside another site's iframe). */
export const StoreIframePreviewPage = () => {
  const { t } = useTranslation();
  return <ComingSoon title={t('pages.embedPreview')} home={false} />;
};
