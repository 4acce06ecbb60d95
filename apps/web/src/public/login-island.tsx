/**
 * The login page's island: public-client.ts loads this on /login only, and it hydrates the card the
 * server rendered (hydrateRoot), with the props the server wrote beside it.
 */
import { hydrateRoot } from 'react-dom/client';
import { LoginIsland, type LoginIslandProps } from './login-island-view.tsx';

export function hydrateLogin(root: HTMLElement): void {
  const props = JSON.parse(root.dataset.loginIsland ?? '{}') as LoginIslandProps;
  hydrateRoot(root, <LoginIsland {...props} />);
}
