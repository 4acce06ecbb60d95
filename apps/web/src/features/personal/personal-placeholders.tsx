import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../components/coming-soon.tsx';

/** /personal/team: team info, members, invitations, ownership — later work. */
export const TeamCentrePage = () => {
  const { t } = useTranslation();
  return <ComingSoon title={t('personal.team')} description={t('personal.teamDesc')} />;
};

/** /personal/trade: the user's orders — later work. */
export const TradePage = () => {
  const { t } = useTranslation();
  return <ComingSoon title={t('personal.trade')} description={t('personal.tradeDesc')} />;
};
