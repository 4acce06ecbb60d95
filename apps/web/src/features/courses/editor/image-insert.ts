import type { Editor } from '@tiptap/core';

export interface ImageAttrs {
  src: string;
  alt?: string;
  title?: string;
}

/**
 * Inserts an image where the cursor is. Inside a code block (whose text cannot hold an image) it goes
 * after the block, which stays whole; elsewhere it replaces the selection as usual (a paragraph is
 * split around it).
 */
export function insertImage(editor: Editor, attrs: ImageAttrs): boolean {
  const { $from } = editor.state.selection;
  for (let depth = $from.depth; depth > 0; depth--) {
    if ($from.node(depth).type.spec.code) {
      const after = $from.after(depth);
      return editor.chain().focus().insertContentAt(after, { type: 'image', attrs }).run();
    }
  }
  return editor.chain().focus().setImage(attrs).run();
}
