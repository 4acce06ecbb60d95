/**
 * /login as a visitor first meets it: the login card (features/auth/login), rendered here on the
 * server as an island (`island.tsx`) and hydrated in the browser by `islands.tsx`, with the words
 * `loginWordKeys` lists in the page's language.
 */
import type { LoginWay } from '@studio/contract/constants';
import type { WechatQr } from '@studio/contract';
import { loginWordKeys } from '../features/auth/login/login-words.tsx';
import { Island } from './island.tsx';
import { LoginIsland, type LoginIslandProps } from './login-island-view.tsx';

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
  const props: LoginIslandProps = { way, next, redirect, wechat };
  return (
    <Island name="login" props={props} words={loginWordKeys()}>
      <LoginIsland {...props} />
    </Island>
  );
};
