/**
 * Hydrates the islands of a server-rendered page (see `island.tsx`): each gets its component, its
 * props and a `t` over the messages the server sent. Loaded by `public-client.ts` only on a page
 * that has one, so the pages without (the share page, the phone preview) load no React at all; each
 * island's component is its own chunk, loaded by the pages that show it (the login card is not in
 * the store list's script, nor the search box in the login page's).
 */
import type { UiLang } from '@studio/contract/constants';
import type { ComponentType } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { messagesT, WordsProvider } from '../screens/words.tsx';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each island's props are its own
type AnyComponent = ComponentType<any>;

const ISLANDS = {
  storeSearch: () => import('../screens/store-search.tsx').then((m): AnyComponent => m.StoreSearch),
  login: () => import('./login-island-view.tsx').then((m): AnyComponent => m.LoginIsland),
} satisfies Record<string, () => Promise<AnyComponent>>;
export type IslandName = keyof typeof ISLANDS;

const isIslandName = (name: string | undefined): name is IslandName => !!name && Object.hasOwn(ISLANDS, name);

/**
 * `more`: props a page cannot send, by island (a test's `leave`, as jsdom cannot navigate).
 * Resolves once every island is hydrated, with their roots.
 */
export async function hydrateIslands(
  root: ParentNode = document,
  more: Partial<Record<IslandName, object>> = {},
): Promise<Root[]> {
  const islands = [...root.querySelectorAll<HTMLElement>('[data-island]')].map(async (el) => {
    const name = el.dataset.island;
    if (!isIslandName(name)) return [];
    const Island = await ISLANDS[name]();
    const { props, lang, messages } = JSON.parse(el.dataset.islandProps ?? '{}') as {
      props: object;
      lang: UiLang;
      messages: Record<string, string>;
    };
    return [
      hydrateRoot(
        el,
        <WordsProvider value={{ t: messagesT(messages, lang), lang }}>
          <Island {...props} {...more[name]} />
        </WordsProvider>,
      ),
    ];
  });
  return (await Promise.all(islands)).flat();
}
