import type { Editor } from '@tiptap/react';
import { COMMENT_LIMITS } from '@studio/contract';
import type { NewThreadAnchor } from '../../comments/comments-panel.tsx';

/**
 * The editor's selection as a new thread's place: its text as the quote, and, once the editor edits
 * a shared Yjs document, the anchors (base64 Yjs relative positions, `comment-anchors.ts`) that keep
 * the range as others edit. Without a selection, null (a comment on the whole lesson).
 */
export function selectionAnchor(
  editor: Editor,
  anchorsOf: (from: number, to: number) => { anchorStart: string; anchorEnd: string } | null = () => null,
): NewThreadAnchor | null {
  const { from, to, empty } = editor.state.selection;
  if (empty) return null;
  const quote = editor.state.doc.textBetween(from, to, ' ').slice(0, COMMENT_LIMITS.quoteMax);
  return { quote, ...(anchorsOf(from, to) ?? { anchorStart: '', anchorEnd: '' }) };
}
