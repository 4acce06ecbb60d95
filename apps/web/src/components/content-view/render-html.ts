import type { DocNode } from '@studio/contract';
import { getHTMLFromFragment, getSchema } from '@tiptap/core';
import { Node as PmNode, type Schema } from '@tiptap/pm/model';
import DOMPurify from 'dompurify';
import { contentExtensions, LINK_REL } from './content-extensions.ts';
import { docText, filterDoc } from './doc-filter.ts';
import { isEmbedSrc } from './video-embed.ts';

let schema: Schema | null = null;
const contentSchema = (): Schema => (schema ??= getSchema(contentExtensions()));

let hooked = false;
/** DOMPurify hooks, installed once: only known video players may be framed; links open safely. */
const installHooks = (): void => {
  if (hooked) return;
  hooked = true;
  DOMPurify.addHook('uponSanitizeElement', (node, data) => {
    if (data.tagName === 'iframe' && node instanceof Element && !isEmbedSrc(node.getAttribute('src'))) {
      node.parentNode?.removeChild(node);
    }
  });
  DOMPurify.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A') {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', LINK_REL);
    }
    if (node.tagName === 'IFRAME') {
      node.setAttribute('sandbox', 'allow-scripts allow-same-origin allow-presentation allow-popups');
      node.setAttribute('referrerpolicy', 'no-referrer');
    }
  });
};

const PURIFY_CONFIG = {
  ADD_TAGS: ['iframe'],
  ADD_ATTR: ['allow', 'target', 'loading', 'referrerpolicy', 'sandbox'],
  FORBID_ATTR: ['style'],
  FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select'],
};

/** Safe for dangerouslySetInnerHTML: DOMPurify with the iframe allowlist and link rules above. */
export const purifyHtml = (html: string): string => {
  installHooks();
  return DOMPurify.sanitize(html, PURIFY_CONFIG);
};

const escapeText = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * Lesson content (Tiptap JSON) → safe HTML. Three layers: the whitelist filter (known types and
 * checked attributes only), the shared Tiptap schema's own renderHTML, then DOMPurify. Content the
 * schema still refuses falls back to its plain text, escaped.
 */
export const renderDocHtml = (doc: DocNode | null | undefined): string => {
  const clean = filterDoc(doc);
  try {
    const node = PmNode.fromJSON(contentSchema(), clean);
    return purifyHtml(getHTMLFromFragment(node.content, contentSchema()));
  } catch {
    const text = docText(clean);
    return text ? `<p>${escapeText(text).replace(/\n/g, '<br>')}</p>` : '';
  }
};
