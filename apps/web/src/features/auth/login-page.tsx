import type { UserInfo } from '@studio/contract';
import { App, Spin, Tabs, Typography } from 'antd';
import { Suspense, lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { loadingPath, loginBySms } from './auth-api.ts';
import { AuthShell } from './auth-shell.tsx';
import { PasswordLoginForm } from './password-login-form.tsx';
import { PhoneCodeForm } from './phone-code-form.tsx';
import { saveUser, useSession } from './session-store.ts';

// The QR code library is only needed by the WeChat tab, so it stays out of the login chunk.
const WechatLoginPanel = lazy(() =>
  import('./wechat-login-panel.tsx').then((m) => ({ default: m.WechatLoginPanel })),
);

/** /login (登录/注册): SMS code, password, or WeChat QR. */
export const LoginPage = () => {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const user = useSession((s) => s.user);
  useDocumentTitle(t('auth.title'));

  const next = loadingPath(params.get('redirect'));
  if (user?.register) return <Navigate to={next} replace />;

  const done = (info: UserInfo) => {
    saveUser(info);
    void message.success(t(info.newUser ? 'auth.registerSuccess' : 'auth.loginSuccess'));
    void navigate(next, { replace: true });
  };

  return (
    <AuthShell title={t('auth.title')}>
      <Typography.Paragraph type="secondary">{t('auth.subtitle')}</Typography.Paragraph>
      <Tabs
        aria-label={t('auth.methods')}
        items={[
          {
            key: 'sms',
            label: t('auth.tabSms'),
            children: (
              <PhoneCodeForm
                purpose="login"
                submitText={t('auth.login')}
                onSubmit={loginBySms}
                onDone={done}
              />
            ),
          },
          { key: 'password', label: t('auth.tabPassword'), children: <PasswordLoginForm onDone={done} /> },
          {
            key: 'wechat',
            label: t('auth.tabWechat'),
            children: (
              <Suspense fallback={<Spin />}>
                <WechatLoginPanel />
              </Suspense>
            ),
          },
        ]}
      />
    </AuthShell>
  );
};
