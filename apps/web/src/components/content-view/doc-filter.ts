/**
 * The lesson-content whitelist on the client: the same rule the server applies (`sanitizeDoc` from the
 * contract package), run again before rendering so that content which did not come through the server
 * (a local draft, a test) renders just as safely and ProseMirror never meets a type it does not know.
 */
import { CALLOUT_TONES, safeUrl as contractSafeUrl, sanitizeDoc } from '@studio/contract/constants';
import type { CalloutTone, DocNode } from '@studio/contract';

export { CALLOUT_TONES, type CalloutTone };

/** Every link in lesson content opens in a new tab with this `rel`. */
export const LINK_REL = 'noopener noreferrer nofollow';

/** http(s) URLs and our own uploaded files; never javascript:, data:, vbscript: … */
export const safeUrl = (value: unknown, allowMailto = false): string | undefined =>
  contractSafeUrl(value, { allowMailto });

/** Only known types and checked attributes survive; an empty or broken document becomes one paragraph. */
export const filterDoc = (doc: DocNode | null | undefined): DocNode => sanitizeDoc(doc);

/** The document's text, block by block (for copying a conflicting copy, and for fallbacks). */
export const docText = (doc: DocNode | null | undefined): string => {
  if (!doc) return '';
  if (doc.type === 'text') return doc.text ?? '';
  if (doc.type === 'hardBreak') return '\n';
  if (doc.type === 'quiz') return typeof doc.attrs?.question === 'string' ? doc.attrs.question : '';
  const inner = (doc.content ?? []).map(docText);
  const isBlockContainer = (doc.content ?? []).some((c) => c.type !== 'text' && c.type !== 'hardBreak');
  return inner.join(isBlockContainer ? '\n' : '');
};
