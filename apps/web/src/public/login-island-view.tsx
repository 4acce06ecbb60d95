/**
 * The visitor's login card as an island (`island.tsx` on the server, `islands.tsx` in the browser: the
 * same element on both sides): its words are the island's, a login is stored as the app stores it,
 * then a page load to /loading starts the app.
 */
import type { LoginWay } from '@studio/contract/constants';
import type { UserInfo, WechatQr } from '@studio/contract';
import { writeStoredUser } from '../lib/storage.ts';
import { LoginCard } from '../features/auth/login/login-card.tsx';

export type LoginIslandProps = {
  way: LoginWay;
  /** /loading with the page to come back to. */
  next: string;
  redirect: string | null;
  wechat: WechatQr | null;
};

const assign = (url: string) => window.location.assign(url);

export const LoginIsland = ({
  way,
  next,
  redirect,
  wechat,
  leave = assign,
}: LoginIslandProps & {
  /** How the page leaves (a test gives its own through `hydrateIslands`; jsdom cannot navigate). */
  leave?: (url: string) => void;
}) => (
  <LoginCard
    way={way}
    redirect={redirect}
    wechat={wechat}
    onLoggedIn={(user: UserInfo) => {
      writeStoredUser(user);
      leave(next);
    }}
    go={leave}
    setAddress={(url) => history.replaceState(null, '', url)}
  />
);
