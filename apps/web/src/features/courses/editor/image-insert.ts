import type { Editor } from '@tiptap/core';
import type { ResolvedPos } from '@tiptap/pm/model';

export interface ImageAttrs {
  src: string;
  alt?: string;
  title?: string;
}

/** After the code block around `$pos` (whose text cannot hold an image), if there is one. */
const afterCodeBlock = ($pos: ResolvedPos): number | null => {
  for (let depth = $pos.depth; depth > 0; depth--) {
    if ($pos.node(depth).type.spec.code) return $pos.after(depth);
  }
  return null;
};

/**
 * Inserts an image where the cursor is. Inside a code block (whose text cannot hold an image) it goes
 * after the block, which stays whole; elsewhere it replaces the selection as usual (a paragraph is
 * split around it).
 */
export function insertImage(editor: Editor, attrs: ImageAttrs): boolean {
  const after = afterCodeBlock(editor.state.selection.$from);
  if (after !== null) return editor.chain().focus().insertContentAt(after, { type: 'image', attrs }).run();
  return editor.chain().focus().setImage(attrs).run();
}

/**
 * Inserts an image at a position (where a pasted or dropped image's upload began), by the same rule
 * for code blocks; at the start or end of a paragraph it goes before or after it, an empty one it
 * replaces. The caret and the focus stay where the writer is now. Answers the position just after
 * the image (where the next of several goes), or null when it could not be inserted.
 */
export function insertImageAt(editor: Editor, pos: number, attrs: ImageAttrs): number | null {
  const { state } = editor;
  const type = state.schema.nodes.image;
  if (!type) return null;
  const $at = state.doc.resolve(Math.max(0, Math.min(pos, state.doc.content.size)));
  let [from, to] = [$at.pos, $at.pos];
  const code = afterCodeBlock($at);
  if (code !== null) [from, to] = [code, code];
  else if ($at.parent.isTextblock && $at.depth > 0) {
    const size = $at.parent.content.size;
    if (size === 0) [from, to] = [$at.before(), $at.after()];
    else if ($at.parentOffset === 0) [from, to] = [$at.before(), $at.before()];
    else if ($at.parentOffset === size) [from, to] = [$at.after(), $at.after()];
  }
  try {
    const tr = state.tr.replaceWith(from, to, type.create(attrs));
    editor.view.dispatch(tr);
    return tr.mapping.map(to, 1);
  } catch {
    return null;
  }
}
