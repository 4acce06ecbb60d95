import { ROUTE_CHUNK_TIMEOUT_MS, WebPaths } from '@studio/contract/constants';
import { Segmented } from 'antd';
import { lazy, Suspense, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { PageLoading } from '../../components/page-loading.tsx';
import { withTimeout } from '../../lib/with-timeout.ts';
import { useCart } from './order-api.ts';
import './store.css';

export { StoreListPage } from './list/store-list-page.tsx';

/**
 * The list (the store's landing page) loads with this module. The cart, the pay page (QR code) and
 * the buy page (and, inside it, the lesson renderer) come as their own chunks, with the same load
 * timeout as routes.
 */
const lazyNamed = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) => {
  const Page = lazy(() =>
    withTimeout(load(), ROUTE_CHUNK_TIMEOUT_MS).then((m): { default: ComponentType } => ({
      default: m[name],
    })),
  );
  const Named = () => (
    <Suspense fallback={<PageLoading />}>
      <Page />
    </Suspense>
  );
  return Named;
};

const coursePage = () => import('./preview/store-course-page.tsx');
export const StorePreviewPage = lazyNamed(coursePage, 'StorePreviewPage');
/** Embedded preview: no header, no home link (it lives inside another site's iframe). */
export const StoreIframePreviewPage = lazyNamed(coursePage, 'StoreIframePreviewPage');
export const StoreCartPage = lazyNamed(() => import('./cart/store-cart-page.tsx'), 'StoreCartPage');
export const StorePayPage = lazyNamed(() => import('./pay/store-pay-page.tsx'), 'StorePayPage');

/** /store: switches between the course list and the cart (with its item count). */
export const StoreLayout = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const cart = useCart();
  const count = cart.data?.list.length ?? 0;
  return (
    <>
      <Segmented
        // The pay page is neither tab.
        value={pathname.replace(/\/$/, '')}
        options={[
          { value: WebPaths.storeList, label: t('pages.storeList') },
          {
            value: WebPaths.storeCart,
            label: count > 0 ? t('store.cart.tab', { count }) : t('pages.storeCart'),
          },
        ]}
        onChange={(value) => void navigate(value)}
        style={{ marginBottom: 16 }}
      />
      <Outlet />
    </>
  );
};
