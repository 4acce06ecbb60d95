import type { DocNode } from '@studio/contract';
import { highlightCode } from '../components/content-view/code-highlight.ts';
import { renderDocHtml } from '../components/content-view/render-html.ts';
import { useWords } from '../screens/words.tsx';

/**
 * Lesson content on the server: the app's own renderer (whitelist, schema HTML, every value escaped).
 * Code is coloured here, so the visitor's page loads no highlighter.
 */
export const ServerLessonContent = ({ doc }: { doc: DocNode }) => {
  const { t } = useWords();
  return (
    <div
      className="content-view"
      // Safe: renderDocHtml keeps whitelisted nodes and checked URLs only and escapes every value.
      dangerouslySetInnerHTML={{
        __html: renderDocHtml(doc, { words: (key) => t(key), highlight: highlightCode }),
      }}
    />
  );
};
