import { Extension } from '@tiptap/core';
import { Plugin } from '@tiptap/pm/state';
import type { EditorView } from '@tiptap/pm/view';

/** Something that calls its listeners just before a message from the server is applied. */
export interface BeforeRemote {
  on(listener: () => void): () => void;
}

/** The signal use-collab.ts fires from the provider's `message` event (before it applies the message). */
export const beforeRemoteSignal = (): BeforeRemote & { fire(): void } => {
  const listeners = new Set<() => void>();
  return {
    on(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    fire: () => listeners.forEach((l) => l()),
  };
};

/**
 * The browser tells ProseMirror that the caret moved (a click, End, an arrow) with a
 * `selectionchange` event one task later. A remote change applied in between is dispatched by the
 * Yjs binding with the selection ProseMirror still holds, and writing that state back into the page
 * moves the caret back: the next keys land where it was. So before each server message the view reads
 * the page's selection first. ProseMirror has no public call for this; `domObserver.flush()` is what
 * its own handlers call on focus and key events (internal, hence the guarded type).
 */
export const readCaretNow = (view: EditorView): void => {
  if (!view.hasFocus()) return;
  (view as unknown as { domObserver?: { flush?: () => void } }).domObserver?.flush?.();
};

export const CaretBeforeRemote = Extension.create<{ beforeRemote: BeforeRemote | null }>({
  name: 'caretBeforeRemote',
  addOptions: () => ({ beforeRemote: null }),
  addProseMirrorPlugins() {
    const { beforeRemote } = this.options;
    if (!beforeRemote) return [];
    return [new Plugin({ view: (view) => ({ destroy: beforeRemote.on(() => readCaretNow(view)) }) })];
  },
});
