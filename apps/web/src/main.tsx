import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { Providers } from './app/providers.tsx';
import { createAppRouter } from './app/router.tsx';
import { bootstrapSession } from './lib/session-store.ts';
import { i18nReady } from './lib/i18n/index.ts';
import './styles.css';

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
