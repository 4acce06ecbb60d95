import type { Editor } from '@tiptap/core';

/** What only the toolbar can do (it owns the file picker and the URL dialog). */
export type SlashAction = 'image' | 'video';

const registry = new WeakMap<Editor, Partial<Record<SlashAction, () => void>>>();

/** The toolbar lends the slash menu its own way of doing `action`; answers the undo. */
export function lendSlashAction(editor: Editor, action: SlashAction, run: () => void): () => void {
  const lent = { ...registry.get(editor), [action]: run };
  registry.set(editor, lent);
  return () => {
    const now = registry.get(editor);
    if (now?.[action] === run) registry.set(editor, { ...now, [action]: undefined });
  };
}

export const runSlashAction = (editor: Editor, action: SlashAction): void =>
  registry.get(editor)?.[action]?.();
