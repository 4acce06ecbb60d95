import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { WebPaths } from '@studio/contract/constants';
import { PageLoading } from '../../components/page-loading.tsx';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { readStoredUser } from '../../lib/storage.ts';
import { safeRedirect } from '@studio/contract/constants';
import { noTeamPath } from './auth-api.ts';
import { fetchUserInfo, saveUserKeepingToken } from '../../lib/session-store.ts';

/**
 * /loading, the bootstrap after login: refresh the user from the server (keeping the token), then
 * the page asked for (or /author) when there is a current team, otherwise /selectTeam, keeping an
 * invite link's `?invite=` so a brand-new user can still join the team that invited them.
 */
export const LoadingPage = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const redirect = safeRedirect(params.get('redirect'));
  const started = useRef(false);
  useDocumentTitle(t('auth.entering'));

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (!readStoredUser()?.token) {
      void navigate(WebPaths.login, { replace: true });
      return;
    }
    const decide = () => {
      const user = readStoredUser();
      if (!user) return; // a 401 already sent the user to /login
      if (!user.register) void navigate(WebPaths.wxAuthBind, { replace: true });
      else if (!user.lastTeam) void navigate(noTeamPath(redirect), { replace: true });
      else void navigate(redirect ?? WebPaths.author, { replace: true });
    };
    fetchUserInfo()
      .then(saveUserKeepingToken)
      // A failure other than 401 (offline, server restarting) still lets the stored user in.
      .catch(() => undefined)
      .finally(decide);
  }, [navigate, redirect]);

  return <PageLoading />;
};
