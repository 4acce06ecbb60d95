import type { DocNode } from '@studio/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { renderDocHtml } from './render-html.ts';
import './content-view.css';

/**
 * The one renderer of lesson content, used by every preview, the share page and the store: the
 * JSON goes through the whitelist, the shared Tiptap schema and DOMPurify before it reaches the DOM.
 */
export const ContentView = ({ doc, className }: { doc: DocNode | null | undefined; className?: string }) => {
  const { i18n } = useTranslation();
  // The language too: a quiz names its kind and the true/false choices in it.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const html = useMemo(() => renderDocHtml(doc), [doc, i18n.language]);
  return (
    <div
      className={className ? `content-view ${className}` : 'content-view'}
      // Safe: renderDocHtml filters the document and sanitizes the HTML with DOMPurify.
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
};
