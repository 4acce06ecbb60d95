/**
 * Each island's component by name, each its own chunk: a page loads only the islands it shows (the
 * login card is not in the store list's script, nor the search box in the login page's). No React
 * here, so `public-client.ts` can start these loads beside `islands.tsx` instead of after it.
 */
import type { ComponentType } from 'react';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each island's props are its own
type AnyComponent = ComponentType<any>;

const LOADERS = {
  storeSearch: () => import('../screens/store-search.tsx').then((m): AnyComponent => m.StoreSearch),
  login: () => import('./login-island-view.tsx').then((m): AnyComponent => m.LoginIsland),
} satisfies Record<string, () => Promise<AnyComponent>>;
export type IslandName = keyof typeof LOADERS;

export const isIslandName = (name: string | undefined): name is IslandName =>
  !!name && Object.hasOwn(LOADERS, name);

const loading = new Map<IslandName, Promise<AnyComponent>>();
/** The island's component, loaded once however often it is asked for. */
export const loadIsland = (name: IslandName): Promise<AnyComponent> => {
  let component = loading.get(name);
  if (!component) {
    component = LOADERS[name]();
    loading.set(name, component);
  }
  return component;
};

/** The islands in `root` (its `data-island` elements). */
export const islandsIn = (root: ParentNode): HTMLElement[] => [
  ...root.querySelectorAll<HTMLElement>('[data-island]'),
];
