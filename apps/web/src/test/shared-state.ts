/**
 * What the test files of one worker share (vite.config.ts runs them with `isolate: false`): the
 * app's modules, evaluated once per worker, and jsdom's window. `resetSharedState` puts both back as
 * a fresh worker has them, after each file (setup.ts), so no file sees what another left behind and
 * the order of the files does not matter.
 */
import axios from 'axios';
import { vi } from 'vitest';

const clearCookies = () => {
  for (const cookie of document.cookie.split(/;\s*/)) {
    const name = cookie.split('=')[0];
    if (name) document.cookie = `${name}=; path=/; max-age=0`;
  }
};

export async function resetSharedState(): Promise<void> {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  // A file's `vi.spyOn` (on console, a prototype, history…) would stay installed for the next file.
  vi.restoreAllMocks();
  // Imported here, after the file's tests, not by the setup file: a test file that replaces one of
  // them (or what they import) with `vi.mock` must be the first to import it.
  const [{ http }, { queryClient }, session, teams, notice, navigation, i18n, { dayjs }] = await Promise.all([
    import('../lib/request.ts'),
    import('../lib/query-client.ts'),
    import('../lib/session-store.ts'),
    import('../features/teams/team-store.ts'),
    import('../lib/notice.ts'),
    import('../lib/navigation.ts'),
    import('../lib/i18n/index.ts'),
    import('../lib/dayjs.ts'),
  ]);
  // A file's `new MockAdapter(http)` stays installed on the one request client until this.
  http.defaults.adapter = axios.defaults.adapter;
  queryClient.clear();
  session.useSession.setState({ status: 'loading', user: null });
  teams.useTeams.setState(teams.useTeams.getInitialState(), true);
  // An error notice left open would silence the next file's (one open notice at a time).
  notice.resetNotices();
  notice.setNoticeApi(null);
  navigation.setNavigator(null);
  await i18n.i18n.changeLanguage(i18n.DEFAULT_LANG);
  document.documentElement.lang = i18n.DEFAULT_LANG;
  // dayjs's own default until the app's providers set the interface language.
  dayjs.locale('en');
  clearCookies();
  document.title = '';
  document.body.innerHTML = '';
  document.body.removeAttribute('style');
  document.body.removeAttribute('class');
  window.history.replaceState(null, '', '/');
}
