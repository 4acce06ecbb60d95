import { unstableSetRender } from 'antd';
import { StrictMode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { Providers } from './app/providers.tsx';
import { createAppRouter } from './app/router.tsx';
import { bootstrapSession } from './features/auth/session-store.ts';
import './lib/i18n/index.ts';
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
void bootstrapSession(window.location.pathname);

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

createRoot(container).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
