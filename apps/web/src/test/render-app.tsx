import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { routes } from '../app/router.tsx';
import { setNavigator } from '../lib/navigation.ts';
import { TestProviders } from './test-providers.tsx';

/** The real route table in a memory router, wired like the app (providers, navigate bridge). */
export const renderApp = (path: string) => {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  setNavigator((to, options) => router.navigate(to, options));
  render(
    <TestProviders>
      <RouterProvider router={router} />
    </TestProviders>,
  );
  return router;
};
