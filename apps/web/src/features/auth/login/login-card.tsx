/**
 * The login card (登录/注册): one React tree that the server renders for a visitor (hydrated there as a
 * small island, public/login-view.tsx and public/islands.tsx) and the app renders at /login (features/auth/login-page.tsx).
 * Plain elements and login-card.css, no antd: the visitor's page loads React and this card only.
 * The three ways in are tabs that are also links (`?way=`), so each works as an address and without
 * the script; with it, the tabs switch here and the address follows.
 */
import { LOGIN_WAYS, type LoginWay } from '@studio/contract/constants';
import type { UserInfo, WechatQr } from '@studio/contract';
import {
  useRef,
  useState,
  useSyncExternalStore,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
} from 'react';
import { isWechatUa, LoginAnswerError, loginUrl, startMpLogin } from './login-api.ts';
import { WECHAT_REDIRECT_KEY } from '../wechat-keys.ts';
import { PasswordLoginForm, SmsLoginForm } from './login-forms.tsx';
import { WechatLogin } from './login-wechat.tsx';
import { useWords } from '../../../screens/words.tsx';
import './login-card.css';

const TAB_LABEL = { sms: 'auth.tabSms', password: 'auth.tabPassword', wechat: 'auth.tabWechat' } as const;

const noChange = () => () => {};
const wechatBrowser = () => isWechatUa(navigator.userAgent);
const notOnServer = () => false;

export type LoginCardProps = {
  way: LoginWay;
  /** The page to come back to (same-site, checked by the caller). */
  redirect: string | null;
  /** The QR the server made for `?way=wechat`; otherwise the WeChat tab asks for one. */
  wechat: WechatQr | null;
  /** After a login: store the session, then go on (/loading with the redirect). */
  onLoggedIn: (user: UserInfo) => void;
  /** Goes to a page of the site (/wxAuth). */
  go: (url: string) => void;
  /** The address follows the tab (replaced, not pushed). */
  setAddress: (url: string) => void;
};

export const LoginCard = ({
  way: firstWay,
  redirect,
  wechat,
  onLoggedIn,
  go,
  setAddress,
}: LoginCardProps) => {
  const { t } = useWords();
  const [way, setWay] = useState<LoginWay>(firstWay);
  // A panel is rendered once its tab has been open (the WeChat one asks for a QR when it first shows).
  const [opened, setOpened] = useState<ReadonlySet<LoginWay>>(() => new Set([firstWay, 'sms', 'password']));
  const tabs = useRef<(HTMLAnchorElement | null)[]>([]);
  // Inside WeChat: 微信一键登录 first, and no QR tab (a QR cannot be scanned by the phone showing it).
  // The server's page says no; a hydrating island then renders again with the browser's answer.
  const inWechat = useSyncExternalStore(noChange, wechatBrowser, notOnServer);
  const [mpError, setMpError] = useState<string | null>(null);
  const [mpBusy, setMpBusy] = useState(false);
  const ways = inWechat ? LOGIN_WAYS.filter((w) => w !== 'wechat') : LOGIN_WAYS;
  const shownWay = inWechat && way === 'wechat' ? 'sms' : way;
  const mpLogin = () => {
    setMpBusy(true);
    setMpError(null);
    if (redirect) sessionStorage.setItem(WECHAT_REDIRECT_KEY, redirect);
    else sessionStorage.removeItem(WECHAT_REDIRECT_KEY);
    startMpLogin(t)
      .then((answer) => window.location.assign(answer.authorizeUrl))
      .catch((error: unknown) => {
        setMpBusy(false);
        setMpError(error instanceof LoginAnswerError ? error.message : String(error));
      });
  };

  const select = (next: LoginWay) => {
    setWay(next);
    setOpened((old) => new Set(old).add(next));
    setAddress(loginUrl(next, redirect));
    tabs.current[LOGIN_WAYS.indexOf(next)]?.focus();
  };
  const onClick = (w: LoginWay) => (event: MouseEvent) => {
    event.preventDefault();
    select(w);
  };
  // The tabs pattern's arrow keys.
  const onKeyDown = (index: number) => (event: KeyboardEvent) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (step === 0) return;
    event.preventDefault();
    select(ways[(index + step + ways.length) % ways.length]!);
  };

  const panels: Record<LoginWay, ReactNode> = {
    sms: <SmsLoginForm onLoggedIn={onLoggedIn} />,
    password: <PasswordLoginForm onLoggedIn={onLoggedIn} />,
    wechat: opened.has('wechat') && <WechatLogin initial={wechat} redirect={redirect} go={go} />,
  };
  return (
    <div className="lc">
      <h1 className="lc-title">{t('auth.title')}</h1>
      <p className="lc-muted">{t('auth.subtitle')}</p>
      <noscript>
        <p className="lc-notice">{t('auth.needsScript')}</p>
      </noscript>
      {inWechat && (
        <div className="lc-mp">
          <button type="button" className="lc-mp-button" onClick={mpLogin} disabled={mpBusy}>
            {t('auth.wechatOneTap')}
          </button>
          {mpError && (
            <p role="alert" className="lc-notice">
              {mpError}
            </p>
          )}
        </div>
      )}
      <div role="tablist" aria-label={t('auth.methods')} className="lc-tabs">
        {ways.map((w, index) => (
          <a
            key={w}
            ref={(el) => {
              tabs.current[index] = el;
            }}
            role="tab"
            id={`login-tab-${w}`}
            href={loginUrl(w, redirect)}
            aria-selected={w === shownWay}
            aria-controls={`login-panel-${w}`}
            tabIndex={w === shownWay ? 0 : -1}
            className="lc-tab"
            onClick={onClick(w)}
            onKeyDown={onKeyDown(index)}
          >
            {t(TAB_LABEL[w])}
          </a>
        ))}
      </div>
      {ways.map((w) => (
        <section
          key={w}
          role="tabpanel"
          id={`login-panel-${w}`}
          aria-labelledby={`login-tab-${w}`}
          hidden={w !== shownWay}
          className="lc-tabpanel"
        >
          {panels[w]}
        </section>
      ))}
    </div>
  );
};
