import type { DocNode } from '@studio/contract';
import { render } from '@testing-library/react';
import type { Editor } from '@tiptap/core';
import { EditorContent, useEditor } from '@tiptap/react';
import { useEffect } from 'react';
import { editorExtensions } from '../features/courses/editor/editor-extensions.ts';
import { TestProviders } from './test-providers.tsx';

const Harness = ({
  content,
  editable,
  onEditor,
}: {
  content: DocNode;
  editable: boolean;
  onEditor: (editor: Editor) => void;
}) => {
  const editor = useEditor({ extensions: editorExtensions(''), content, editable });
  useEffect(() => {
    onEditor(editor);
  }, [editor, onEditor]);
  return <EditorContent editor={editor} />;
};

/**
 * The lesson editor's schema and node views on `content`, in the app's providers (no toolbar, no
 * autosave). The editor exists once React has rendered: read it after waiting for what it shows.
 */
export function renderEditor(content: DocNode, editable = true): () => Editor {
  let editor: Editor | null = null;
  render(
    <TestProviders>
      <Harness content={content} editable={editable} onEditor={(e) => (editor = e)} />
    </TestProviders>,
  );
  return () => {
    if (!editor) throw new Error('the editor has not rendered yet');
    return editor;
  };
}
