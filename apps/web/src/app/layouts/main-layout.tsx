import { Layout } from 'antd';
import { Navigate, Outlet, useLocation, useMatches, useNavigation } from 'react-router';
import { WebPaths } from '@studio/contract/constants';
import { PageLoading } from '../../components/page-loading.tsx';
import { useSession } from '../../lib/session-store.ts';
import { ExpiredTeamAlert } from '../../features/teams/expired-alert.tsx';
import { isLoggingOut } from '../../lib/logout.ts';
import type { RouteHandle } from '../lazy-page.ts';
import { AppHeader, VisitorHeader } from './app-header.tsx';
import { PhoneTabBar } from './phone-tab-bar.tsx';

const TEAM_PICKING = /^\/(selectTeam|creatTeam)\b/;

const useRouteHandle = (): RouteHandle =>
  useMatches().reduce<RouteHandle>(
    (all, match) => ({ ...all, ...(match.handle as RouteHandle | undefined) }),
    {},
  );

/**
 * The main layout and its guards: login required (except embedded previews and the public storefront,
 * which a visitor reads with a header of its own), a WeChat user without a phone goes to the bind
 * step, and a user without a current team picks one first (except on the storefront).
 */
export const MainLayout = () => {
  const handle = useRouteHandle();
  const user = useSession((s) => s.user);
  const location = useLocation();
  const navigation = useNavigation();

  if (handle.bare) return <Outlet />;
  if (!user && handle.visitor) {
    return (
      <Layout style={{ minHeight: '100vh' }}>
        <VisitorHeader />
        <Layout.Content className="app-content">
          <div>{navigation.state === 'loading' ? <PageLoading /> : <Outlet />}</div>
        </Layout.Content>
      </Layout>
    );
  }
  if (!user) {
    // Logging out already navigates to /login; redirecting here too would race it.
    if (isLoggingOut() || navigation.state !== 'idle') return <PageLoading />;
    const back = `${location.pathname}${location.search}`;
    return <Navigate to={WebPaths.loginBack(back)} replace />;
  }
  if (!user.register) return <Navigate to={WebPaths.wxAuthBind} replace />;
  // The storefront (list and buy pages) is open without a team too; buying asks for one there.
  if (!user.lastTeam && !handle.noTeam && !handle.visitor)
    return <Navigate to={WebPaths.selectTeam} replace />;

  return (
    <Layout style={{ minHeight: '100vh' }} className="app-layout-tabs">
      <AppHeader />
      {/* antd's Layout.Content is the page's one <main> landmark. */}
      <Layout.Content className="app-content">
        <div>
          {/* Choosing a team is not about the current one's expiry. */}
          {!TEAM_PICKING.test(location.pathname) && <ExpiredTeamAlert style={{ marginBottom: 16 }} />}
          {navigation.state === 'loading' ? <PageLoading /> : <Outlet />}
        </div>
      </Layout.Content>
      <PhoneTabBar />
    </Layout>
  );
};
