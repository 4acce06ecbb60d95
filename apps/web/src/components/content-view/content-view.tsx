import type { DocNode } from '@studio/contract';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { HighlightCode } from './code-highlight.ts';
import { MediaSlots } from './media-slots.tsx';
import { renderDocHtml } from './render-html.ts';
import './content-view.css';

const hasCode = (node: DocNode | null | undefined): boolean =>
  !!node && (node.type === 'codeBlock' || (node.content ?? []).some(hasCode));

/** The highlighter, loaded once, the first time a lesson with code is shown. */
let highlighter: HighlightCode | undefined;
let loading: Promise<HighlightCode> | undefined;
const loadHighlighter = (): Promise<HighlightCode> =>
  (loading ??= import('./code-highlight.ts').then(
    (m) => (highlighter = m.highlightCode),
    (error: unknown) => {
      loading = undefined; // the next lesson with code tries again
      throw error;
    },
  ));

/** The highlighter when the document has code: at once if loaded before, else once it has loaded. */
const useHighlighter = (doc: DocNode | null | undefined): HighlightCode | undefined => {
  const wanted = useMemo(() => hasCode(doc), [doc]);
  const [loaded, setLoaded] = useState(() => highlighter);
  useEffect(() => {
    if (!wanted || loaded) return;
    let live = true;
    // Not loaded (offline): the code stays readable, uncoloured.
    loadHighlighter().then(
      (h) => live && setLoaded(() => h),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [wanted, loaded]);
  return wanted ? loaded : undefined;
};

/**
 * The one renderer of lesson content, used by every preview, the share page and the store: the
 * JSON goes through the whitelist, the shared Tiptap schema and DOMPurify before it reaches the DOM;
 * its media blocks become players (MediaSlots).
 */
export const ContentView = ({ doc, className }: { doc: DocNode | null | undefined; className?: string }) => {
  const { i18n } = useTranslation();
  const highlight = useHighlighter(doc);
  // The language too: a quiz names its kind and the true/false choices in it.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const html = useMemo(() => renderDocHtml(doc, { highlight }), [doc, highlight, i18n.language]);
  const ref = useRef<HTMLDivElement>(null);
  return (
    <>
      <div
        ref={ref}
        className={className ? `content-view ${className}` : 'content-view'}
        // Safe: renderDocHtml filters the document and sanitizes the HTML with DOMPurify.
        dangerouslySetInnerHTML={{ __html: html }}
      />
      {/* Media blocks become players (media-slots.tsx), with the lesson from MediaPlaceProvider. */}
      <MediaSlots root={ref} html={html} />
    </>
  );
};
