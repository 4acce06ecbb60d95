/**
 * The visitor's login card as the server renders it and the browser hydrates it (the same element on
 * both sides): its words from the page, a login stored as the app stores it, then a page load to
 * /loading, which starts the app.
 */
import type { LoginWay, UiLang } from '@studio/contract/constants';
import type { UserInfo, WechatQr } from '@studio/contract';
import { writeStoredUser } from '../lib/storage.ts';
import { LoginCard } from '../features/auth/login/login-card.tsx';
import { LoginWordsProvider, dictionaryT } from '../features/auth/login/login-words.tsx';

export type LoginIslandProps = {
  way: LoginWay;
  /** /loading with the page to come back to. */
  next: string;
  redirect: string | null;
  wechat: WechatQr | null;
  lang: UiLang;
  /** The card's words in the page's language (templates, params unfilled). */
  words: Record<string, string>;
};

const assign = (url: string) => window.location.assign(url);

export const LoginIsland = ({
  way,
  next,
  redirect,
  wechat,
  lang,
  words,
  leave = assign,
}: LoginIslandProps & {
  /** How the page leaves (a test watches it; jsdom cannot navigate). */
  leave?: (url: string) => void;
}) => (
  <LoginWordsProvider value={{ t: dictionaryT(words, lang), lang }}>
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
  </LoginWordsProvider>
);
