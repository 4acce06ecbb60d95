import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Tab titles name the page, so history and tabs stay readable. */
export const useDocumentTitle = (title?: string): void => {
  const { t } = useTranslation();
  const app = t('common.appName');
  useEffect(() => {
    document.title = title ? `${title} - ${app}` : app;
  }, [title, app]);
};
