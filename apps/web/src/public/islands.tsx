/**
 * Hydrates the islands of a server-rendered page (see `island.tsx`): each gets its component, its
 * props and a `t` over the messages the server sent. Loaded by `public-client.ts` only on a page
 * that has one, so the pages without (the share page, the phone preview) load no React at all.
 */
import type { UiLang } from '@studio/contract/constants';
import type { TFunction } from 'i18next';
import type { ComponentType } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { StoreSearch } from '../screens/store-search.tsx';
import { WordsProvider } from '../screens/words.tsx';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each island's props are its own
const ISLANDS: Record<string, ComponentType<any>> = { storeSearch: StoreSearch };
export type IslandName = 'storeSearch';

/** `{{name}}` filled from the options, as i18next does with escaping off. */
const fill = (text: string, options: Record<string, unknown> = {}) =>
  text.replace(/{{\s*(\w+)\s*}}/g, (whole, name: string) =>
    name in options ? String(options[name]) : whole,
  );

export function hydrateIslands(root: ParentNode = document): void {
  for (const el of root.querySelectorAll<HTMLElement>('[data-island]')) {
    const Island = ISLANDS[el.dataset.island ?? ''];
    if (!Island) continue;
    const { props, lang, messages } = JSON.parse(el.dataset.islandProps ?? '{}') as {
      props: object;
      lang: UiLang;
      messages: Record<string, string>;
    };
    const t = ((key: string, options?: Record<string, unknown>) =>
      fill(messages[key] ?? key, options)) as unknown as TFunction;
    hydrateRoot(
      el,
      <WordsProvider value={{ t, lang }}>
        <Island {...props} />
      </WordsProvider>,
    );
  }
}
