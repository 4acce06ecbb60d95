import { unstableSetRender } from 'antd';
import { StrictMode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { Providers } from './app/providers.tsx';
import { createAppRouter } from './app/router.tsx';
import { bootstrapSession } from './features/auth/session-store.ts';
import { i18nReady } from './lib/i18n/index.ts';
import './styles.css';

// antd 5 renders some pieces (button wave, static holders) into their own roots; React 19 removed
// the legacy render it uses by default, so give it createRoot.
unstableSetRender((node, container) => {
  const host = container as Element & { _reactRoot?: Root };
  host._reactRoot ??= createRoot(container);
  const root = host._reactRoot;
  root.render(node);
  return async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
    root.unmount();
  };
});

const router = createAppRouter();

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

// With Chinese (the default) the messages are bundled and this is immediate; English is fetched
// first. The session check starts just before the first render, as it always has, so the notice
// bridge is in place when its answer comes.
void i18nReady.then(() => {
  void bootstrapSession(window.location.pathname);
  createRoot(container).render(
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
});
