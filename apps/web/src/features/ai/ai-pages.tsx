import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../components/coming-soon.tsx';

// AI course creation is later work; these are its honest placeholders.

export const AiHomePage = () => {
  const { t } = useTranslation();
  return <ComingSoon title={t('pages.ai')} />;
};

export const AiCreatePage = () => {
  const { t } = useTranslation();
  return <ComingSoon title={t('pages.aiCreate')} />;
};

export const AiProgressPage = () => {
  const { t } = useTranslation();
  return <ComingSoon title={t('pages.aiProgress')} />;
};
