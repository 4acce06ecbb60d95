/**
 * Hydrates the islands of a server-rendered page (see `island.tsx`): each gets its component, its
 * props and a `t` over the messages the server sent. Loaded by `public-client.ts` only on a page
 * that has one, so the pages without (the share page, the phone preview) load no React at all; each
 * island's component is its own chunk (`island-components.ts`).
 */
import type { UiLang } from '@studio/contract/constants';
import { hydrateRoot, type Root } from 'react-dom/client';
import { messagesT, WordsProvider } from '../screens/words.tsx';
import { isIslandName, islandsIn, loadIsland, type IslandName } from './island-components.ts';

/**
 * `more`: props a page cannot send, by island (a test's `leave`, as jsdom cannot navigate).
 * Resolves once every island is hydrated, with their roots.
 */
export async function hydrateIslands(
  root: ParentNode = document,
  more: Partial<Record<IslandName, object>> = {},
): Promise<Root[]> {
  const islands = islandsIn(root).map(async (el) => {
    const name = el.dataset.island;
    if (!isIslandName(name)) return [];
    const Island = await loadIsland(name);
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
