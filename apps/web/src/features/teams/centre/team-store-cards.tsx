import { InvoicesCard } from '../../store/invoices/invoices-card.tsx';
import { RefundsCard } from '../../store/refunds/refunds-card.tsx';
import { TeamCouponsCard } from './team-coupons-card.tsx';
import { TeamPurchasesCard } from './team-purchases-card.tsx';
import { TeamSalesCard } from './team-sales-card.tsx';

/**
 * The team centre's store part, for OWNER/ADMIN: sales of the team's courses, its coupons, the
 * refunds asked of it (退款处理), the invoices asked of it (开具发票), and its purchases.
 */
export const TeamStoreCards = () => (
  <>
    <TeamSalesCard />
    <TeamCouponsCard />
    <RefundsCard side="seller" />
    <InvoicesCard side="seller" />
    <TeamPurchasesCard />
  </>
);
