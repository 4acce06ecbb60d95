import type { MediaKind } from '@studio/contract';
import type { Editor } from '@tiptap/core';

export type MediaAttrs = { mediaId: number; kind: MediaKind; title: string };

/** Whether the lesson already holds a block of this media (a resumed upload's block is not added twice). */
export function hasMediaBlock(editor: Editor, mediaId: number): boolean {
  let found = false;
  editor.state.doc.descendants((node) => {
    if (node.type.name === 'media' && node.attrs.mediaId === mediaId) found = true;
    return !found;
  });
  return found;
}

/**
 * Inserts a media block where the cursor is; inside a code block it goes after the block (whose text
 * cannot hold one), as an image does. Nothing when the lesson already holds this media.
 */
export function insertMediaBlock(editor: Editor, attrs: MediaAttrs): boolean {
  if (editor.isDestroyed || hasMediaBlock(editor, attrs.mediaId)) return false;
  const node = { type: 'media', attrs: { ...attrs, title: attrs.title.slice(0, 200) } };
  const { $from } = editor.state.selection;
  for (let depth = $from.depth; depth > 0; depth--) {
    if ($from.node(depth).type.spec.code)
      return editor.chain().insertContentAt($from.after(depth), node).run();
  }
  return editor.chain().insertContent(node).run();
}
