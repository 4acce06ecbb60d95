import { LOGIN_WAYS, safeRedirect } from '@studio/contract/constants';
import type { UserInfo } from '@studio/contract';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { WordsProvider } from '../../screens/words.tsx';
import { currentLang } from '../../lib/i18n/index.ts';
import { loadingPath } from './auth-api.ts';
import { AuthShell } from './auth-shell.tsx';
import { LoginCard } from './login/login-card.tsx';
import { saveUser, useSession } from '../../lib/session-store.ts';

/**
 * /login (登录/注册) in the app: the same login card a visitor's server-rendered page hydrates
 * (features/auth/login), with the app's words and router. `?way=` picks the tab, as on that page.
 */
export const LoginPage = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const user = useSession((s) => s.user);
  useDocumentTitle(t('auth.title'));

  const redirect = safeRedirect(params.get('redirect'));
  const next = loadingPath(redirect);
  if (user?.register) return <Navigate to={next} replace />;

  const way = LOGIN_WAYS.find((w) => w === params.get('way')) ?? 'sms';
  const go = (url: string) => void navigate(url, { replace: true });
  return (
    <AuthShell>
      <WordsProvider value={{ t, lang: currentLang() }}>
        <LoginCard
          way={way}
          redirect={redirect}
          wechat={null}
          onLoggedIn={(info: UserInfo) => {
            saveUser(info);
            go(next);
          }}
          go={go}
          setAddress={go}
        />
      </WordsProvider>
    </AuthShell>
  );
};
