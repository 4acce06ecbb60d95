import { CODE_TABLE, LOGIN_WAYS, WebPaths, type LoginWay } from '@studio/contract/constants';
import type { WechatQr } from '@studio/contract';
import { QRCodeSVG } from 'qrcode.react';
import type { ReactNode } from 'react';
import { template, useWords } from './public-i18n.tsx';

const TAB_LABEL = { sms: 'auth.tabSms', password: 'auth.tabPassword', wechat: 'auth.tabWechat' } as const;

/** The codes a login can answer with (accounts, and the general ones), in the page's language. */
const useErrorWords = (): string => {
  const { lang } = useWords();
  const entries = Object.values(CODE_TABLE)
    .filter((e) => (e.code >= 10_000 && e.code < 11_000) || e.code === 429)
    .map((e) => [e.code, template(lang, e.key)]);
  return JSON.stringify(Object.fromEntries(entries));
};

const loginUrl = (way: LoginWay, redirect: string | null) => {
  const params = new URLSearchParams({ way });
  if (redirect) params.set('redirect', redirect);
  return `${WebPaths.login}?${params.toString()}`;
};

/** A labelled input with the line its rule's message goes in (filled by the page's script). */
const Field = ({
  id,
  label,
  children,
  addon,
}: {
  id: string;
  label: string;
  children: ReactNode;
  addon?: ReactNode;
}) => (
  <div className="pp-field">
    <label htmlFor={id}>{label}</label>
    <div className="pp-field-row">
      {children}
      {addon}
    </div>
    <p id={`${id}-error`} className="pp-field-error" hidden />
  </div>
);

const PhoneInput = ({ id }: { id: string }) => {
  const { t } = useWords();
  return (
    <input
      id={id}
      name="phone"
      className="pp-input pp-grow"
      inputMode="numeric"
      autoComplete="tel"
      maxLength={11}
      required
      placeholder={t('auth.phonePlaceholder')}
      aria-describedby={`${id}-error`}
      data-rule="phone"
    />
  );
};

/**
 * A login form: the line its answers go in, its fields, and 登录. The forms post nowhere without the
 * script (a login needs it: the session is kept in the browser), so the button starts disabled and the
 * script enables it.
 */
const LoginForm = ({ way, children }: { way: 'sms' | 'password'; children: ReactNode }) => {
  const { t } = useWords();
  return (
    <form method="post" data-login-form={way} noValidate>
      <p className="pp-form-error" role="alert" hidden />
      {children}
      <button type="submit" className="pp-button pp-button-primary pp-block" disabled>
        {t('auth.login')}
      </button>
    </form>
  );
};

const SmsForm = () => {
  const { t } = useWords();
  return (
    <LoginForm way="sms">
      <Field id="sms-phone" label={t('auth.phone')}>
        <PhoneInput id="sms-phone" />
      </Field>
      <Field
        id="sms-code"
        label={t('auth.code')}
        addon={
          <button type="button" className="pp-button pp-code-button" data-send-code disabled>
            {t('auth.getCode')}
          </button>
        }
      >
        <input
          id="sms-code"
          name="code"
          className="pp-input pp-grow"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          required
          placeholder={t('auth.codePlaceholder')}
          aria-describedby="sms-code-error"
          data-rule="smsCode"
        />
      </Field>
    </LoginForm>
  );
};

const PasswordForm = () => {
  const { t } = useWords();
  return (
    <LoginForm way="password">
      <Field id="password-phone" label={t('auth.phone')}>
        <PhoneInput id="password-phone" />
      </Field>
      <Field id="password-password" label={t('auth.password')}>
        <input
          id="password-password"
          name="password"
          type="password"
          className="pp-input pp-grow"
          autoComplete="current-password"
          required
          placeholder={t('auth.passwordPlaceholder')}
          aria-describedby="password-password-error"
          data-rule="passwordRequired"
        />
      </Field>
    </LoginForm>
  );
};

/** The QR login (the simulator's page, or WeChat's own, which the script goes to at once). */
const WechatPanel = ({ qr, refresh }: { qr: WechatQr; refresh: string }) => {
  const { t } = useWords();
  const open = qr.mode === 'open';
  return (
    <div className="pp-wechat" data-wechat-state={qr.state} data-wechat-open={open ? qr.qrUrl : undefined}>
      {open ? (
        <p>{t('auth.redirectingWechat')}</p>
      ) : (
        <>
          <p>{t('auth.wechatHint')}</p>
          <div className="pp-qr">
            <QRCodeSVG
              value={qr.qrUrl}
              size={180}
              title={t('auth.qrAlt')}
              role="img"
              aria-label={t('auth.qrAlt')}
            />
          </div>
          <p className="pp-notice">{t('auth.simulatorHint')}</p>
          {/* Shown by the page's script as the phone confirms, or when the code is spent. */}
          <p className="pp-notice" role="status" data-wechat-confirmed hidden>
            {t('auth.qrConfirmed')}
          </p>
          <p className="pp-notice" role="alert" data-wechat-expired hidden>
            {t('auth.qrExpired')}
          </p>
        </>
      )}
      <div className="pp-actions">
        {/* 在本机打开: confirming there goes on to /wxAuth in this window. */}
        <a href={open ? qr.qrUrl : `${qr.qrUrl}&here=1`} className="pp-button pp-button-primary">
          {t(open ? 'auth.openWechat' : 'auth.openSimulator')}
        </a>
        {!open && (
          <a href={refresh} className="pp-button">
            {t('auth.refreshQr')}
          </a>
        )}
      </div>
    </div>
  );
};

/**
 * /login as a visitor first meets it: the three ways in as tabs (links, so each works as an address;
 * the script switches between the two forms without a reload), each form's rules checked as you type.
 */
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
  const { t, lang } = useWords();
  const panels: Record<LoginWay, ReactNode> = {
    sms: <SmsForm />,
    password: <PasswordForm />,
    wechat: wechat && <WechatPanel qr={wechat} refresh={loginUrl('wechat', redirect)} />,
  };
  return (
    <div
      className="pp-card pp-login"
      data-login-page
      data-next={next}
      data-redirect={redirect ?? undefined}
      data-errors={useErrorWords()}
      data-words={JSON.stringify({
        phone: t('validation.phone'),
        smsCode: t('validation.smsCode'),
        passwordRequired: t('validation.passwordRequired'),
        codeSent: t('auth.codeSent'),
        resendIn: template(lang, 'auth.resendIn'),
        getCode: t('auth.getCode'),
        failed: t('request.failed'),
        loginSuccess: t('auth.loginSuccess'),
        registerSuccess: t('auth.registerSuccess'),
      })}
    >
      <h1 className="pp-page-title">{t('auth.title')}</h1>
      <p className="pp-muted">{t('auth.subtitle')}</p>
      <noscript>
        <p className="pp-notice">{t('auth.needsScript')}</p>
      </noscript>
      <div role="tablist" aria-label={t('auth.methods')} className="pp-tabs">
        {LOGIN_WAYS.map((w) => (
          <a
            key={w}
            role="tab"
            id={`login-tab-${w}`}
            href={loginUrl(w, redirect)}
            aria-selected={w === way}
            aria-controls={`login-panel-${w}`}
            className="pp-tab"
            data-way={w}
          >
            {t(TAB_LABEL[w])}
          </a>
        ))}
      </div>
      {LOGIN_WAYS.map((w) => (
        <section
          key={w}
          role="tabpanel"
          id={`login-panel-${w}`}
          aria-labelledby={`login-tab-${w}`}
          hidden={w !== way}
          className="pp-tabpanel"
        >
          {panels[w]}
        </section>
      ))}
    </div>
  );
};
