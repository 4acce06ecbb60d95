import { useTranslation } from 'react-i18next';
import { NotFoundResult } from '../components/not-found-result.tsx';
import { useDocumentTitle } from '../components/use-document-title.ts';

/** Any path the route table does not know (seed §2). */
export const NotFoundPage = () => {
  const { t } = useTranslation();
  useDocumentTitle(t('route.notFound'));
  return (
    <main style={{ minHeight: '100vh', display: 'grid', placeItems: 'center' }}>
      <NotFoundResult />
    </main>
  );
};
