/**
 * Where a pasted or dropped image is on its way: a widget decoration (上传中 37%), never content, so
 * nothing half-made reaches the shared document or the saved lesson, whatever happens to the upload.
 * The place follows local edits through the transaction mapping; in a live lesson it is also kept as a
 * Yjs relative position and read back after each change from the server (y-tiptap rebuilds the
 * document then, which a plain mapping would not follow), as the comment highlights do.
 */
import { Plugin, PluginKey, type EditorState, type Transaction } from '@tiptap/pm/state';
import { Decoration, DecorationSet, type EditorView } from '@tiptap/pm/view';
import {
  absolutePositionToRelativePosition,
  relativePositionToAbsolutePosition,
  ySyncPluginKey,
} from '@tiptap/y-tiptap';
import type * as Y from 'yjs';
import { bindingOf } from '../comment-anchors.ts';

type Placeholder = { id: number; pos: number; anchor: Y.RelativePosition | null; label: string };
type Action =
  | { add: Placeholder }
  | { label: { id: number; text: string } }
  | { remove: number }
  | { move: { id: number; pos: number } };

const key = new PluginKey<Placeholder[]>('uploadPlaceholders');
let nextId = 1;

const clamp = (pos: number, state: EditorState) => Math.max(0, Math.min(pos, state.doc.content.size));

const anchorAt = (state: EditorState, pos: number): Y.RelativePosition | null => {
  const b = bindingOf(state);
  return b ? absolutePositionToRelativePosition(pos, b.type, b.mapping) : null;
};

function apply(tr: Transaction, list: Placeholder[], old: EditorState, state: EditorState): Placeholder[] {
  const action = tr.getMeta(key) as Action | undefined;
  let next = list;
  if (tr.getMeta(ySyncPluginKey)) {
    // A change from the server: y-tiptap replaced the document, so read each place from Yjs.
    const b = bindingOf(state) ?? bindingOf(old);
    next = next.map((p) => {
      const pos =
        b && p.anchor ? relativePositionToAbsolutePosition(b.doc, b.type, p.anchor, b.mapping) : null;
      return pos === null ? { ...p, pos: clamp(p.pos, state) } : { ...p, pos };
    });
  } else if (tr.docChanged) {
    next = next.map((p) => ({ ...p, pos: tr.mapping.map(p.pos) }));
  }
  if (!action) return next;
  if ('add' in action) return [...next, action.add];
  if ('remove' in action) return next.filter((p) => p.id !== action.remove);
  if ('move' in action) {
    const { id, pos } = action.move;
    return next.map((p) => (p.id === id ? { ...p, pos, anchor: anchorAt(state, pos) ?? p.anchor } : p));
  }
  return next.map((p) => (p.id === action.label.id ? { ...p, label: action.label.text } : p));
}

const widget = (label: string) => {
  const box = document.createElement('div');
  box.className = 'upload-placeholder';
  box.setAttribute('role', 'status');
  box.textContent = label;
  return box;
};

export const uploadPlaceholderPlugin = () =>
  new Plugin<Placeholder[]>({
    key,
    state: { init: () => [], apply },
    props: {
      decorations: (state) =>
        DecorationSet.create(
          state.doc,
          (key.getState(state) ?? []).map((p) =>
            // Keyed by its text, so a new percentage draws a new widget.
            Decoration.widget(clamp(p.pos, state), () => widget(p.label), {
              key: `upload-${p.id}-${p.label}`,
              side: -1,
            }),
          ),
        ),
    },
  });

/** Shows a placeholder at `pos`; answers its id. */
export function addPlaceholder(view: EditorView, pos: number, label: string): number {
  const id = nextId++;
  const at = clamp(pos, view.state);
  const add: Placeholder = { id, pos: at, anchor: anchorAt(view.state, at), label };
  view.dispatch(view.state.tr.setMeta(key, { add } satisfies Action).setMeta('addToHistory', false));
  return id;
}

export function labelPlaceholder(view: EditorView, id: number, text: string): void {
  if (view.isDestroyed) return;
  view.dispatch(view.state.tr.setMeta(key, { label: { id, text } } satisfies Action));
}

export function removePlaceholder(view: EditorView, id: number): void {
  if (view.isDestroyed) return;
  view.dispatch(view.state.tr.setMeta(key, { remove: id } satisfies Action));
}

export function movePlaceholderTo(view: EditorView, id: number, pos: number): void {
  if (view.isDestroyed) return;
  view.dispatch(view.state.tr.setMeta(key, { move: { id, pos } } satisfies Action));
}

/** Where the placeholder is now (null: gone). */
export const placeholderPos = (state: EditorState, id: number): number | null => {
  const p = key.getState(state)?.find((x) => x.id === id);
  return p ? clamp(p.pos, state) : null;
};
