import type { ReactNode } from 'react';
import { useWords } from '../screens/words.tsx';
import { template } from './public-i18n.tsx';
import type { IslandName } from './islands.tsx';

/**
 * A part of a server-rendered page that answers before anything else loads: rendered here with the
 * page, then hydrated (`hydrateRoot`) by `islands.tsx` with the same props and the messages it shows,
 * which travel in `data-island-props` (React escapes the attribute).
 */
export function Island<P>({
  name,
  props,
  words,
  children,
}: {
  name: IslandName;
  props: P;
  /** The message keys the island's tree shows (sent as written, filled on the client). */
  words: readonly string[];
  children: ReactNode;
}) {
  const { lang } = useWords();
  const messages = Object.fromEntries(words.map((key) => [key, template(lang, key)]));
  return (
    <div data-island={name} data-island-props={JSON.stringify({ props, lang, messages })}>
      {children}
    </div>
  );
}
