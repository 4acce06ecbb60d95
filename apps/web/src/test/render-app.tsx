import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { routes } from '../app/router.tsx';
import { setNavigator } from '../lib/navigation.ts';
import { TestProviders } from './test-providers.tsx';

/**
 * Every lazy page of the route table, loaded with the first file that renders the app (once per
 * worker, whose files share modules: vite.config.ts): a page's first import is a transform of it and
 * its libraries, seconds on a busy machine, and is import time, not the wait of a test's first find.
 */
const loadPages = (list: RouteObject[]): Promise<unknown>[] =>
  list.flatMap((route) => [
    ...(typeof route.lazy === 'function' ? [route.lazy()] : []),
    ...loadPages(route.children ?? []),
  ]);
await Promise.all(loadPages(routes));

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
