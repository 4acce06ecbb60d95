import type { ReactNode } from 'react';
import { messagesT, useWords, WordsProvider } from '../screens/words.tsx';
import { template } from './public-i18n.tsx';
import type { IslandName } from './island-components.ts';

/**
 * A part of a server-rendered page that answers before anything else loads: rendered here with the
 * page, then hydrated (`hydrateRoot`) by `islands.tsx` with the same props and the messages it shows,
 * which travel in `data-island-props` (React escapes the attribute). Its tree reads those messages
 * here too (`messagesT`), so the server's HTML and the browser's first render are the same text.
 */
export function Island<P>({
  name,
  props,
  words,
  children,
}: {
  name: IslandName;
  props: P;
  /** The message keys the island's tree shows (sent as written, filled by `messagesT`). */
  words: readonly string[];
  children: ReactNode;
}) {
  const { lang } = useWords();
  const messages = Object.fromEntries(words.map((key) => [key, template(lang, key)]));
  return (
    <div data-island={name} data-island-props={JSON.stringify({ props, lang, messages })}>
      <WordsProvider value={{ t: messagesT(messages, lang), lang }}>{children}</WordsProvider>
    </div>
  );
}
