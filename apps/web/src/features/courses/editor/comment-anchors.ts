/**
 * Review comments' anchors in a shared (Yjs) lesson: a range is kept as two Yjs relative positions,
 * encoded with `Y.encodeRelativePosition` and sent as base64. A relative position names a character
 * of the shared document rather than an offset, so the range follows everyone's edits before it.
 * The server keeps them opaque; only the editor reads them back, through y-tiptap's mapping between
 * the Y.XmlFragment and the ProseMirror document.
 */
import {
  absolutePositionToRelativePosition,
  relativePositionToAbsolutePosition,
  ySyncPluginKey,
} from '@tiptap/y-tiptap';
import type { EditorState } from '@tiptap/pm/state';
import * as Y from 'yjs';

/** What y-tiptap's sync plugin binds: the Y.Doc, its XmlFragment and the node mapping. */
export type YBinding = {
  doc: Y.Doc;
  type: Y.XmlFragment;
  mapping: Parameters<typeof absolutePositionToRelativePosition>[2];
};

const toBase64 = (bytes: Uint8Array): string => {
  let s = '';
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s);
};
const fromBase64 = (text: string): Uint8Array => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

/** The editor's Yjs binding, when it edits a shared document (the Collaboration extension); else null. */
export function bindingOf(state: EditorState): YBinding | null {
  const sync = ySyncPluginKey.getState(state) as { binding?: YBinding } | undefined;
  return sync?.binding?.type && sync.binding.mapping ? sync.binding : null;
}

/** A ProseMirror position as a base64 Yjs relative position. */
export const encodeAnchor = (pos: number, b: YBinding): string =>
  toBase64(Y.encodeRelativePosition(absolutePositionToRelativePosition(pos, b.type, b.mapping)));

/** Where an anchor is now (null: malformed, or its text was deleted with everything around it). */
export function decodeAnchor(anchor: string, b: YBinding): number | null {
  if (!anchor) return null;
  try {
    const rel = Y.decodeRelativePosition(fromBase64(anchor));
    return relativePositionToAbsolutePosition(b.doc, b.type, rel, b.mapping);
  } catch {
    return null;
  }
}

/** A selection's anchors, for a new thread. */
export const anchorsOf = (from: number, to: number, b: YBinding) => ({
  anchorStart: encodeAnchor(from, b),
  anchorEnd: encodeAnchor(to, b),
});

/** A thread's range now, or null when it no longer spans any text. */
export function rangeOf(
  thread: { anchorStart: string; anchorEnd: string },
  b: YBinding,
): { from: number; to: number } | null {
  const from = decodeAnchor(thread.anchorStart, b);
  const to = decodeAnchor(thread.anchorEnd, b);
  return from !== null && to !== null && from < to ? { from, to } : null;
}
