import { Extension } from '@tiptap/core';
import { yCursorPlugin } from '@tiptap/y-tiptap';
import type { Awareness } from 'y-protocols/awareness';

/**
 * Others' carets and selections with their names and colours, from the awareness `user` field.
 * y-tiptap's plugin directly: @tiptap/extension-collaboration-caret's newest release (3.31.x) pins
 * an older @tiptap/core than ours (3.32.2).
 */
export const CollabCaret = Extension.create<{ awareness: Awareness | null }>({
  name: 'collabCaret',
  addOptions: () => ({ awareness: null }),
  addProseMirrorPlugins() {
    return this.options.awareness ? [yCursorPlugin(this.options.awareness)] : [];
  },
});
