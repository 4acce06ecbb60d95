import type { Editor } from '@tiptap/core';
import { useCallback, useSyncExternalStore } from 'react';

/**
 * Whether the editor takes edits now, followed as it changes. setEditable (the assist writing, a
 * read-only team) emits no transaction a node view would see, but ProseMirror writes the editor
 * element's contenteditable on every change, so that is what is watched.
 */
export const useEditable = (editor: Editor): boolean => {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const observer = new MutationObserver(onChange);
      observer.observe(editor.view.dom, { attributes: true, attributeFilter: ['contenteditable'] });
      return () => observer.disconnect();
    },
    [editor],
  );
  return useSyncExternalStore(subscribe, () => editor.isEditable);
};
