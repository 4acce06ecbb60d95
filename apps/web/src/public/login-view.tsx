/**
 * /login as a visitor first meets it: the login card (features/auth/login), rendered here on the
 * server and hydrated in the browser by public/login-island.tsx. The island's props, its words in the
 * page's language included, travel in one attribute (React escapes it), so the page has no inline script.
 */
import type { LoginWay } from '@studio/contract/constants';
import type { WechatQr } from '@studio/contract';
import { loginWordKeys } from '../features/auth/login/login-words.tsx';
import { LoginIsland, type LoginIslandProps } from './login-island-view.tsx';
import { template, useWords } from './public-i18n.tsx';

export const LoginView = ({
  way,
  next,
  redirect,
  wechat,
}: {
  way: LoginWay;
  next: string;
  redirect: string | null;
  wechat: WechatQr | null;
}) => {
  const { lang } = useWords();
  const words = Object.fromEntries(loginWordKeys().map((key) => [key, template(lang, key)]));
  const props: LoginIslandProps = { way, next, redirect, wechat, lang, words };
  return (
    <div data-login-island={JSON.stringify(props)}>
      <LoginIsland {...props} />
    </div>
  );
};
