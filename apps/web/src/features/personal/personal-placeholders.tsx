import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../components/coming-soon.tsx';

/** /personal/trade: the user's orders — later work. */
export const TradePage = () => {
  const { t } = useTranslation();
  return <ComingSoon title={t('personal.trade')} description={t('personal.tradeDesc')} />;
};
