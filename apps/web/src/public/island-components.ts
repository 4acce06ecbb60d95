/**
 * Each island's component by name, each its own chunk: a page loads only the islands it shows (the
 * login card is not in the store list's script, nor the search box in the login page's). No React
 * here, so `public-client.ts` can start these loads beside `islands.tsx` instead of after it.
 */
import type { ComponentType } from 'react';

/** An island's component: its props are its own, read back from the page's JSON by `islands.tsx`. */
type AnyComponent = ComponentType<object>;

const LOADERS = {
  storeSearch: () => import('../screens/store-search.tsx').then((m) => m.StoreSearch as AnyComponent),
  login: () => import('./login-island-view.tsx').then((m) => m.LoginIsland as AnyComponent),
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
