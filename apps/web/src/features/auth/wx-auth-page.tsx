import type { UserInfo } from '@studio/contract';
import { Button, Result, Spin, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { WebPaths } from '@studio/contract/constants';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { isApiError } from '../../lib/api-error.ts';
import { mpBaseCallback, mpLoginCallback, wechatCallback, wechatLoadingPath } from './auth-api.ts';
import { WECHAT_STATE_KEY } from './wechat-keys.ts';
import { AuthShell } from './auth-shell.tsx';
import { bindWechatPhone } from './login/login-api.ts';
import { SmsCodeForm } from './login/login-forms.tsx';
import { currentLang } from '../../lib/i18n/index.ts';
import { WordsProvider } from '../../screens/words.tsx';
import { saveUser, saveUserKeepingToken, useSession } from '../../lib/session-store.ts';

type Phase = { kind: 'working' } | { kind: 'bind' } | { kind: 'failed'; reason: string };

const keep = (user: UserInfo) => (user.token ? saveUser(user) : saveUserKeepingToken(user));

/**
 * /wxAuth: WeChat sends the user back here with `code` and `state`. A new WeChat user
 * (`register: false`) binds a phone on this same page; `?step=bind` reopens that step later.
 */
export const WxAuthPage = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const user = useSession((s) => s.user);
  const code = params.get('code');
  const state = params.get('state');
  const bindStep = params.get('step') === 'bind';
  // kind=login: 微信一键登录 inside WeChat (公众号); kind=base: the silent openid for a logged-in user.
  const kind = params.get('kind');
  const [phase, setPhase] = useState<Phase>(bindStep ? { kind: 'bind' } : { kind: 'working' });
  // A WeChat code works once; StrictMode's second effect run must not spend it again.
  const started = useRef(false);
  useDocumentTitle(t('auth.wxAuthTitle'));

  useEffect(() => {
    if (bindStep || !code || !state || started.current) return;
    started.current = true;
    if (kind === 'base') {
      mpBaseCallback({ code, state })
        .then((done) => void navigate(done.next, { replace: true }))
        .catch((error: unknown) => {
          setPhase({ kind: 'failed', reason: isApiError(error) ? error.msg : t('auth.wxAuthFailed') });
        });
      return;
    }
    (kind === 'login' ? mpLoginCallback : wechatCallback)({ code, state })
      .then((info) => {
        sessionStorage.removeItem(WECHAT_STATE_KEY);
        keep(info);
        if (info.register) void navigate(wechatLoadingPath(), { replace: true });
        else setPhase({ kind: 'bind' });
      })
      .catch((error: unknown) => {
        setPhase({ kind: 'failed', reason: isApiError(error) ? error.msg : t('auth.wxAuthFailed') });
      });
  }, [bindStep, code, state, kind, navigate, t]);

  if (bindStep && !user) return <Navigate to={WebPaths.login} replace />;
  if (bindStep && user?.register) return <Navigate to={WebPaths.loading} replace />;

  const backToLogin = (
    <Link to={WebPaths.login}>
      <Button type="primary">{t('auth.backToLogin')}</Button>
    </Link>
  );

  if (!bindStep && (!code || !state)) {
    return (
      <AuthShell title={t('auth.wxAuthTitle')}>
        <Result
          status="warning"
          title={t('auth.wxAuthInvalid')}
          subTitle={t('auth.wxAuthInvalidDesc')}
          extra={backToLogin}
        />
      </AuthShell>
    );
  }

  if (phase.kind === 'failed') {
    return (
      <AuthShell title={t('auth.wxAuthTitle')}>
        <Result status="error" title={t('auth.wxAuthFailed')} subTitle={phase.reason} extra={backToLogin} />
      </AuthShell>
    );
  }

  if (phase.kind === 'bind') {
    return (
      <AuthShell title={t('auth.bindTitle')}>
        <Typography.Paragraph type="secondary">{t('auth.bindDesc')}</Typography.Paragraph>
        {/* The login card's SMS form: the same fields, countdown and messages as /login's SMS tab. */}
        <WordsProvider value={{ t, lang: currentLang() }}>
          <SmsCodeForm
            purpose="bind"
            submitText={t('auth.bind')}
            submit={(phone, smsCode) => bindWechatPhone(t, user?.token ?? '', phone, smsCode)}
            onDone={(info) => {
              keep(info);
              void navigate(wechatLoadingPath(), { replace: true });
            }}
          />
        </WordsProvider>
      </AuthShell>
    );
  }

  return (
    <AuthShell title={t('auth.wxAuthTitle')}>
      <div role="status" style={{ display: 'grid', placeItems: 'center', gap: 12, padding: 24 }}>
        <Spin size="large" />
        <span>{t('auth.wxAuthLoading')}</span>
      </div>
    </AuthShell>
  );
};
