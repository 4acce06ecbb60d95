import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { PageLoading } from '../components/page-loading.tsx';
import { useSession } from '../lib/session-store.ts';

/**
 * The root of the route tree. Until the stored user has been checked, only the loading placeholder
 * shows (seed §2). A thin bar at the top tells that a page chunk is on its way.
 */
export const RootGate = () => {
  const status = useSession((s) => s.status);
  const navigation = useNavigation();
  if (status === 'loading') return <PageLoading />;
  return (
    <>
      {navigation.state === 'loading' && <div className="route-progress" aria-hidden />}
      <Outlet />
      <ScrollRestoration />
    </>
  );
};
