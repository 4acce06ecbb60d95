import type { ReactNode } from 'react';
import { useParts } from './parts.tsx';
import { useWords } from './words.tsx';

/**
 * What the buyer can do on a buy page, as the page's state says (worked out by the app from the
 * session, the team and the course; on the server a visitor is always `visitor`):
 * - `visitor`: 登录后购买, a link that comes back to this page;
 * - `noTeam`: courses are bought by a team: create or join one first;
 * - `ownTeam` / `owned`: nothing to buy, 打开课程 when there is something to open;
 * - `buy`: 立即购买 and 加入购物车 (or 已在购物车，去结算);
 * - `preview`: the author's preview of the buy page, the buttons shown but disabled;
 * - `embedded`: another site's iframe, a link to the store's page.
 */
export type BuyState =
  | { kind: 'visitor'; loginHref: string }
  | { kind: 'noTeam'; teamHref: string }
  | { kind: 'ownTeam' | 'owned'; listed: boolean; openHref?: string }
  | {
      kind: 'buy';
      free: boolean;
      inCart: boolean;
      /** The team's membership has expired: read-only. */
      expired: boolean;
      busy: 'add' | 'buy' | null;
      onBuy: () => void;
      onAdd: () => void;
      cartHref: string;
    }
  | { kind: 'preview' }
  | { kind: 'embedded'; storeHref: string };

const Stack = ({ children }: { children: ReactNode }) => <div className="pp-actions">{children}</div>;

export const BuyActions = ({ state }: { state: BuyState }) => {
  const { t } = useWords();
  const { Link } = useParts();
  const primary = 'pp-button pp-button-primary pp-button-large pp-button-buy';
  switch (state.kind) {
    case 'visitor':
      return (
        <Stack>
          <Link href={state.loginHref} className={primary}>
            {t('store.course.loginToBuy')}
          </Link>
          <p className="pp-muted">{t('store.course.loginToBuyDesc')}</p>
        </Stack>
      );
    case 'noTeam':
      return (
        <Stack>
          <Link href={state.teamHref} className={primary}>
            {t('store.course.teamToBuy')}
          </Link>
          <p className="pp-muted">{t('store.course.teamToBuyDesc')}</p>
        </Stack>
      );
    case 'ownTeam':
    case 'owned': {
      const own = state.kind === 'ownTeam';
      return (
        <Stack>
          <strong className={own ? undefined : 'pp-success'}>
            {own ? t('store.course.ownTeam') : t('store.course.owned')}
          </strong>
          <p className="pp-muted">{own ? t('store.course.ownTeamDesc') : t('store.course.ownedDesc')}</p>
          {!state.listed && (
            <p className="pp-warning">
              {own ? t('store.course.unlistedOwn') : t('store.course.unlistedBought')}
            </p>
          )}
          {state.openHref && (
            <Link href={state.openHref} className="pp-button pp-button-primary pp-button-large">
              {t('store.course.open')}
            </Link>
          )}
        </Stack>
      );
    }
    case 'buy': {
      const locked = state.expired || state.busy !== null;
      return (
        <div className="pp-button-row" title={state.expired ? t('store.course.readOnly') : undefined}>
          <button
            type="button"
            className={primary}
            disabled={locked}
            aria-busy={state.busy === 'buy'}
            onClick={state.onBuy}
          >
            {state.free ? t('store.course.getFree') : t('store.course.buyNow')}
          </button>
          {state.inCart ? (
            <Link href={state.cartHref} className="pp-button pp-button-large">
              {t('store.course.inCart')}
            </Link>
          ) : (
            <button
              type="button"
              className="pp-button pp-button-large"
              disabled={locked}
              aria-busy={state.busy === 'add'}
              onClick={state.onAdd}
            >
              {t('store.course.addToCart')}
            </button>
          )}
        </div>
      );
    }
    case 'preview':
      return (
        <div className="pp-button-row">
          <button type="button" className={primary} disabled>
            {t('preview.buyNow')}
          </button>
          <button type="button" className="pp-button pp-button-large" disabled>
            {t('preview.addToCart')}
          </button>
        </div>
      );
    case 'embedded':
      return (
        <a href={state.storeHref} target="_blank" rel="noreferrer" className={primary}>
          {t('store.course.embedBuy')}
        </a>
      );
  }
};
